import styled from 'styled-components';

/** A toggle button for filters; `aria-pressed` tells which one is on. */
export const Chip = styled.button.attrs({ type: 'button' })`
  min-height: 44px;
  padding: 8px 16px;
  border-radius: 999px;
  font: inherit;
  cursor: pointer;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  &[aria-pressed='true'] {
    background: ${({ theme }) => theme.colors.primary};
    border-color: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.primaryText};
  }
`;

export const ChipRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  margin: 0 0 24px;
`;
