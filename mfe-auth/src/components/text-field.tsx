import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { FieldBox, FieldError, FieldHint, Input, InputRow } from './form-parts';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'id'> {
  label: string;
  value: string;
  onChange(value: string): void;
  /** A validation message; marks the input invalid and is announced with it. */
  error?: string | undefined;
  /** A line under the input (a live count, a strength label). */
  hint?: ReactNode;
  /** Something beside the input (the password toggle). */
  addon?: ReactNode;
}

/** A labelled input with its hint and validation message tied to it for screen readers. */
export function TextField({ label, value, onChange, error, hint, addon, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <FieldBox>
      <label htmlFor={id}>{label}</label>
      <InputRow>
        <Input
          {...input}
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        {addon}
      </InputRow>
      {hint && <FieldHint id={hintId}>{hint}</FieldHint>}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </FieldBox>
  );
}
