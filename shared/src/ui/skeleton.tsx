import styled, { keyframes } from 'styled-components';

const shimmer = keyframes`
  from { opacity: 1; }
  to { opacity: 0.55; }
`;

/**
 * A grey block standing for content on its way (decision 014): the page keeps its shape while it loads instead
 * of jumping when the content arrives. Decorative: whoever shows it says what is loading in a status.
 */
export const SkeletonBlock = styled.div.attrs({ 'aria-hidden': true })<{ $height: string; $width?: string }>`
  height: ${({ $height }) => $height};
  width: ${({ $width }) => $width ?? '100%'};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  animation: ${shimmer} 0.9s ease-in-out infinite alternate;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;
