import { useId, type ReactNode } from 'react';
import styled from 'styled-components';

const Box = styled.div`
  display: grid;
  gap: 6px;
  label {
    font-weight: 600;
  }
`;

export const controlStyle = `
  font: inherit;
  width: 100%;
  box-sizing: border-box;
  padding: 10px 12px;
  border-radius: 8px;
  color: inherit;
`;

const Select = styled.select`
  ${controlStyle}
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.background};
  &:disabled {
    opacity: 0.6;
  }
`;

export const Hint = styled.p`
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

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps {
  label: string;
  value: string;
  options: readonly SelectOption[];
  /** The empty first choice ("Select branch"); without it one of the options is always chosen. */
  placeholder?: string;
  onChange(value: string): void;
  disabled?: boolean;
  /** A line under the select, tied to it for screen readers. */
  hint?: ReactNode;
  /** What is wrong with the choice; shown instead of the hint. */
  problem?: string;
}

/** A labelled select; with a placeholder, its first, empty option means "not chosen yet". */
export function SelectField({
  label,
  value,
  options,
  placeholder,
  onChange,
  disabled,
  hint,
  problem,
}: SelectFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <Box>
      <label htmlFor={id}>{label}</label>
      <Select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
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
      {problem ? <FieldProblem id={hintId}>{problem}</FieldProblem> : hint && <Hint id={hintId}>{hint}</Hint>}
    </Box>
  );
}
