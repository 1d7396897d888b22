import { useId, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { visuallyHidden } from './visually-hidden';

const Box = styled.div`
  display: grid;
  gap: 6px;
  label {
    font-weight: 600;
  }
`;

const HiddenLabel = styled.label`
  ${visuallyHidden}
`;

/** The look of a form control (select, text, URL): shared so a form's fields match. */
export const fieldControlStyle = `
  font: inherit;
  width: 100%;
  box-sizing: border-box;
  padding: 10px 12px;
  border-radius: 8px;
  color: inherit;
`;

const Select = styled.select<{ $compact: boolean }>`
  ${fieldControlStyle}
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.background};
  &:disabled {
    opacity: 0.6;
  }
  ${({ $compact }) =>
    $compact &&
    css`
      width: auto;
      padding: 6px 10px;
    `}
`;

/** A line under a field, tied to it for screen readers. */
export const FieldHint = styled.p`
  margin: 0;
  font-size: 0.9rem;
  color: ${({ theme }) => theme.colors.muted};
`;

/** A field's problem, under the field and tied to it. */
export const FieldProblem = styled.p`
  margin: 0;
  font-size: 0.9rem;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.danger};
`;

export interface SelectOption<V extends string = string> {
  value: V;
  label: string;
}

interface SelectFieldBase<V extends string> {
  label: string;
  options: readonly SelectOption<V>[];
  disabled?: boolean;
  /** A line under the select, tied to it for screen readers. */
  hint?: ReactNode;
  /** What is wrong with the choice; shown instead of the hint. */
  problem?: string;
  /** A small select in a table row: its label is read by screen readers but not shown. */
  compact?: boolean;
}

export type SelectFieldProps<V extends string = string> = SelectFieldBase<V> &
  (
    | {
        /** The empty first choice ("Select branch"): choosing it gives ''. */
        placeholder: string;
        value: V | '';
        onChange(value: V | ''): void;
      }
    | {
        /** Without a placeholder one of the options is always chosen. */
        placeholder?: undefined;
        value: V;
        onChange(value: V): void;
      }
  );

/** The site's labelled select (every area's filters and forms). */
export function SelectField<V extends string = string>({
  label,
  value,
  options,
  placeholder,
  onChange,
  disabled,
  hint,
  problem,
  compact = false,
}: SelectFieldProps<V>) {
  const id = useId();
  const hintId = `${id}-hint`;
  const byValue = new Map<string, V>(options.map((option) => [option.value, option.value]));
  // Either variant's onChange takes what this passes: '' only when there is a placeholder.
  const changeTo = onChange as (value: V | '') => void;
  const Label = compact ? HiddenLabel : 'label';
  return (
    <Box>
      <Label htmlFor={id}>{label}</Label>
      <Select
        id={id}
        $compact={compact}
        value={value}
        disabled={disabled}
        onChange={(event) => {
          const chosen = event.target.value;
          // Only a listed value (or the placeholder's '') reaches the caller, typed as such.
          if (chosen === '' && placeholder !== undefined) changeTo('');
          else {
            const next = byValue.get(chosen);
            if (next !== undefined) changeTo(next);
          }
        }}
        aria-describedby={hint || problem ? hintId : undefined}
        aria-invalid={problem ? true : undefined}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
      {problem ? (
        <FieldProblem id={hintId}>{problem}</FieldProblem>
      ) : (
        hint && <FieldHint id={hintId}>{hint}</FieldHint>
      )}
    </Box>
  );
}
