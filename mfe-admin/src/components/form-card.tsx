import styled from 'styled-components';
import { Page } from '@studyhub/shared';

/** An admin form page: one column, readable line lengths. */
export const FormPage = styled(Page)<{ $width?: string }>`
  max-width: ${({ $width }) => $width ?? '640px'};
`;

/** The card an admin form sits in. */
export const FormCard = styled.form`
  display: grid;
  gap: 16px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  box-shadow: ${({ theme }) => theme.shadow};
  padding: 24px;
`;

/** A form-level problem ("⚠️ All fields are required!"), read out when it appears. */
export const FormProblem = styled.p`
  margin: 0;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.danger};
`;
