import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { OTP_LENGTH } from '@studyhub/contract';

/* The boxes share the row's width: six of them and the gaps fit a 320 px screen's card, and grow to 48 px. */
const Row = styled.div`
  display: flex;
  justify-content: center;
  gap: clamp(4px, 1.5vw, 8px);
  min-width: 0;
`;

const Box = styled.input`
  flex: 1 1 0;
  min-width: 0;
  max-width: 48px;
  /* Taller than wide on a narrow phone: still well above a 24 px touch target, 44 px high. */
  height: 52px;
  padding: 0;
  box-sizing: border-box;
  text-align: center;
  font: inherit;
  font-size: 1.4rem;
  font-weight: 700;
  border-radius: 10px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.background};
  color: inherit;
  &:focus {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
  }
  &:disabled {
    opacity: 0.5;
  }
`;

export const emptyDigits = (): string[] => Array.from({ length: OTP_LENGTH }, () => '');

interface OtpInputsProps {
  digits: readonly string[];
  onChange(digits: string[]): void;
  disabled?: boolean;
}

/**
 * Six single-digit boxes (product §2, §5): digits only; a digit moves on to the next box, Backspace in an empty
 * box moves back, and pasting a code fills the boxes.
 */
export function OtpInputs({ digits, onChange, disabled = false }: OtpInputsProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focusBox = (index: number) => boxes.current[index]?.focus();

  function fill(start: number, code: string) {
    const next = [...digits];
    [...code].forEach((digit, offset) => {
      if (start + offset < OTP_LENGTH) next[start + offset] = digit;
    });
    onChange(next);
    focusBox(Math.min(start + code.length, OTP_LENGTH - 1));
  }

  function change(index: number, value: string) {
    const next = [...digits];
    if (value === '') {
      next[index] = '';
      onChange(next);
      return;
    }
    const typed = value.replace(/\D/g, '');
    // A phone's keyboard or autofill offering the mailed code puts all of it into the first box at once.
    if (typed.length >= OTP_LENGTH) {
      fill(0, typed.slice(-OTP_LENGTH));
      return;
    }
    const digit = typed.slice(-1);
    if (!digit) return;
    next[index] = digit;
    onChange(next);
    if (index < OTP_LENGTH - 1) focusBox(index + 1);
  }

  function keyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace' && digits[index] === '' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    }
  }

  function paste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    const pasted = event.clipboardData.getData('text').replace(/\D/g, '').slice(0, OTP_LENGTH);
    if (!pasted) return;
    // A whole code fills every box whichever box it was pasted into.
    fill(pasted.length === OTP_LENGTH ? 0 : index, pasted);
  }

  return (
    <Row role="group" aria-label="One-time code">
      {digits.map((digit, index) => (
        <Box
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          aria-label={`Digit ${index + 1} of ${OTP_LENGTH}`}
          inputMode="numeric"
          pattern="[0-9]*"
          // The autofill box takes a whole code (spread over the boxes above); the others one digit.
          maxLength={index === 0 ? OTP_LENGTH : 1}
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          value={digit}
          disabled={disabled}
          onChange={(event) => change(index, event.target.value)}
          onKeyDown={(event) => keyDown(index, event)}
          onPaste={(event) => paste(index, event)}
          onFocus={(event) => event.target.select()}
        />
      ))}
    </Row>
  );
}
