import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { FieldHint, FieldProblem, fieldControlStyle } from '@studyhub/shared';

const Box = styled.div`
  display: grid;
  gap: 6px;
  label {
    font-weight: 600;
  }
  input,
  textarea {
    ${fieldControlStyle}
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.background};
  }
  textarea {
    min-height: 8em;
    resize: vertical;
  }
  [aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
`;

interface TextFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  /** Several lines (a question's parts). */
  multiline?: boolean;
  /** A whole number (marks): the phone's number pad. */
  numeric?: boolean;
  maxLength?: number;
  disabled?: boolean;
  hint?: ReactNode;
  /** What is wrong with it; shown instead of the hint. */
  problem?: string;
}

/** A labelled text box or area with its hint or problem under it, tied to it for screen readers. */
export function TextField({
  label,
  value,
  onChange,
  multiline,
  numeric,
  maxLength,
  disabled,
  hint,
  problem,
}: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const props = {
    id,
    value,
    maxLength,
    disabled,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': hint || problem ? hintId : undefined,
  };
  return (
    <Box>
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...props} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input
          {...props}
          type="text"
          inputMode={numeric ? 'numeric' : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {problem ? (
        <FieldProblem id={hintId}>{problem}</FieldProblem>
      ) : (
        hint && <FieldHint id={hintId}>{hint}</FieldHint>
      )}
    </Box>
  );
}
