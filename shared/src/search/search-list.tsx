import styled from 'styled-components';

/** The search box's popup: one listbox, its subjects and its pages of notes each a labelled group. */
export const List = styled.div`
  position: absolute;
  z-index: 20;
  top: calc(100% + 6px);
  left: 0;
  right: 0;
  padding: 6px;
  max-height: min(60vh, 420px);
  overflow-y: auto;
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow};
`;

/** A group's name as it shows; screen readers hear it as the group's label (aria-labelledby). */
export const GroupLabel = styled.div`
  padding: 8px 12px 4px;
  font-size: 0.8rem;
  font-weight: 700;
  text-transform: uppercase;
  letter-spacing: 0.04em;
  color: ${({ theme }) => theme.colors.muted};
`;

export const Option = styled.div`
  display: grid;
  gap: 2px;
  padding: 10px 12px;
  /* A finger-sized target on a phone. */
  min-height: 44px;
  box-sizing: border-box;
  border-radius: 8px;
  cursor: pointer;
  &[aria-selected='true'] {
    background: ${({ theme }) => theme.colors.surfaceAlt};
    outline: 2px solid ${({ theme }) => theme.colors.primary};
  }
  small {
    color: ${({ theme }) => theme.colors.muted};
  }
  .has-notes {
    color: ${({ theme }) => theme.colors.accent};
    font-weight: 600;
  }
`;
