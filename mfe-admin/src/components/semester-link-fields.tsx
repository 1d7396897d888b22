import { useId } from 'react';
import styled from 'styled-components';
import { FieldProblem, fieldControlStyle } from '@studyhub/shared';
import { SYLLABUS_SEMESTERS } from '@studyhub/contract';

const Fieldset = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  padding: 12px 16px 16px;
  margin: 0;
  display: grid;
  gap: 12px;
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
  legend {
    font-weight: 600;
    padding: 0 6px;
  }
`;

const Field = styled.div`
  display: grid;
  gap: 4px;
  align-content: start;
  label {
    font-size: 0.95rem;
  }
  input {
    ${fieldControlStyle}
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.background};
  }
  input[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
`;

interface SemesterLinkFieldsProps {
  /** Semester n's link at index n - 1. */
  links: readonly string[];
  /** Problems by semester number. */
  problems?: Partial<Record<number, string>>;
  disabled?: boolean;
  /** All eight links, with the one typed into changed. */
  onChange(links: string[]): void;
}

/** The eight optional semester PDF links (product §2 "Add syllabus"), each checked on its own. */
export function SemesterLinkFields({ links, problems = {}, disabled, onChange }: SemesterLinkFieldsProps) {
  const id = useId();
  return (
    <Fieldset>
      <legend>Semester PDF links (optional)</legend>
      {SYLLABUS_SEMESTERS.map((semester) => {
        const inputId = `${id}-${semester}`;
        const problem = problems[semester];
        return (
          <Field key={semester}>
            <label htmlFor={inputId}>Semester {semester} PDF</label>
            <input
              id={inputId}
              type="url"
              inputMode="url"
              placeholder="https://…"
              value={links[semester - 1] ?? ''}
              disabled={disabled}
              onChange={(event) =>
                onChange(
                  SYLLABUS_SEMESTERS.map((slot) =>
                    slot === semester ? event.target.value : (links[slot - 1] ?? ''),
                  ),
                )
              }
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${inputId}-problem` : undefined}
            />
            {problem && <FieldProblem id={`${inputId}-problem`}>{problem}</FieldProblem>}
          </Field>
        );
      })}
    </Fieldset>
  );
}
