import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';

/** `danger` is for actions that destroy something (Delete): filled in the theme's danger colour. */
type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

const buttonStyle = css<{ $variant?: Variant }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  padding: 10px 18px;
  /* A finger-sized target everywhere, icon-only buttons included (WCAG 2.5.5). */
  min-height: 44px;
  min-width: 44px;
  border-radius: 999px;
  font: inherit;
  font-weight: 600;
  text-decoration: none;
  cursor: pointer;
  border: 1px solid transparent;
  transition:
    transform 0.12s ease,
    opacity 0.12s ease;
  ${({ theme, $variant = 'primary' }) =>
    $variant === 'primary'
      ? css`
          background: ${theme.colors.primary};
          color: ${theme.colors.primaryText};
        `
      : $variant === 'danger'
        ? css`
            /* primaryText on danger: ≥ 4.5:1 in both modes (button.test.tsx checks the palettes). */
            background: ${theme.colors.danger};
            color: ${theme.colors.primaryText};
          `
        : $variant === 'secondary'
          ? css`
              background: transparent;
              color: ${theme.colors.text};
              border-color: ${theme.colors.border};
            `
          : css`
              background: transparent;
              color: ${theme.colors.primary};
              padding: 6px 10px;
            `}
  &:hover:not(:disabled) {
    transform: translateY(-1px);
  }
  &:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
`;

export const Button = styled.button.attrs<{ type?: string }>(({ type }) => ({ type: type ?? 'button' }))<{
  $variant?: Variant;
}>`
  ${buttonStyle}
`;

export const ButtonLink = styled(Link)<{ $variant?: Variant }>`
  ${buttonStyle}
`;

/** A plain anchor styled as a button, for files and external targets. */
export const ButtonAnchor = styled.a<{ $variant?: Variant }>`
  ${buttonStyle}
`;
