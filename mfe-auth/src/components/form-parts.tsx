/** Layout pieces every auth page uses, over the shared theme. */
import styled from 'styled-components';
import { FieldHint as SharedFieldHint, FieldProblem, Page } from '@studyhub/shared';

export const AuthPage = styled(Page)`
  max-width: 480px;
`;

export const AuthCard = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  box-shadow: ${({ theme }) => theme.shadow};
  display: flex;
  flex-direction: column;
  gap: 16px;
  padding: 28px 24px;
  h1 {
    margin: 0;
  }
`;

export const Form = styled.form`
  display: grid;
  gap: 14px;
`;

export const FieldBox = styled.div`
  display: grid;
  gap: 6px;
  label {
    font-weight: 600;
  }
`;

export const InputRow = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
`;

export const Input = styled.input`
  font: inherit;
  width: 100%;
  box-sizing: border-box;
  padding: 10px 12px;
  border-radius: 8px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.background};
  color: inherit;
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
  &:disabled {
    opacity: 0.6;
  }
`;

/** The shared field texts, as the auth forms have always shown them: a plain-weight error, a smaller hint. */
export const FieldError = styled(FieldProblem)`
  font-weight: normal;
`;

export const FieldHint = styled(SharedFieldHint)`
  font-size: 0.85rem;
`;

/** A button that looks like a link (the OTP page's resend). */
export const LinkButton = styled.button.attrs({ type: 'button' })`
  font: inherit;
  padding: 0;
  /* Looks like a link, taps like a button. */
  min-height: 44px;
  min-width: 44px;
  border: none;
  background: none;
  color: ${({ theme }) => theme.colors.primary};
  text-decoration: underline;
  cursor: pointer;
  &:disabled {
    color: ${({ theme }) => theme.colors.muted};
    text-decoration: none;
    cursor: not-allowed;
  }
`;

export const Aside = styled.p`
  margin: 0;
  text-align: center;
  color: ${({ theme }) => theme.colors.muted};
  a {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
  }
`;
