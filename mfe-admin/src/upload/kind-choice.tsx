import styled from 'styled-components';
import { UPLOAD_KINDS, type UploadKind } from '@studyhub/contract/schemas';
import { UPLOAD_TEXTS } from '../texts';

const Choices = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  min-width: 0;
  legend {
    font-weight: 600;
    padding: 0;
    margin-bottom: 8px;
  }
`;

const Options = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

/**
 * A radio shown as a pill, a finger's size; the ring shows keyboard focus. The chosen one is not bolder: a
 * wider pill would push its neighbour onto a line of its own on a phone.
 */
const Option = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  min-height: 44px;
  padding: 8px 14px;
  border-radius: 999px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  cursor: pointer;
  &:has(input:checked) {
    border-color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.surfaceAlt};
    box-shadow: inset 0 0 0 1px ${({ theme }) => theme.colors.primary};
  }
  &:has(input:focus-visible) {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
    outline-offset: 2px;
  }
  input {
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

interface KindChoiceProps {
  kind: UploadKind;
  disabled: boolean;
  onChange(kind: UploadKind): void;
}

/** "Notes | Question paper | Important question": what the form uploads (decision 034). */
export function KindChoice({ kind, disabled, onChange }: KindChoiceProps) {
  return (
    <Choices disabled={disabled}>
      <legend>{UPLOAD_TEXTS.kindLegend}</legend>
      <Options>
        {UPLOAD_KINDS.map((option) => (
          <Option key={option}>
            <input
              type="radio"
              name="upload-kind"
              value={option}
              checked={kind === option}
              onChange={() => onChange(option)}
            />
            {UPLOAD_TEXTS.kinds[option]}
          </Option>
        ))}
      </Options>
    </Choices>
  );
}
