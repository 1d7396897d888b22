import styled from 'styled-components';

/**
 * The search box's popup: one listbox whose subjects and pages of notes are each a group, its name shown first
 * (hidden from screen readers, who hear it as the group's label). Options are styled here, whichever group
 * (and chunk) renders them.
 */
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
  small,
  [aria-hidden],
  [aria-disabled] {
    color: ${({ theme }) => theme.colors.muted};
  }
  [aria-hidden] {
    padding: 8px 12px 2px;
    font-size: 0.85rem;
    font-weight: 700;
  }
  [role='option'] {
    display: grid;
    gap: 2px;
    padding: 10px 12px;
    /* A finger-sized target on a phone. */
    min-height: 44px;
    box-sizing: border-box;
    border-radius: 8px;
    cursor: pointer;
  }
  [aria-selected='true'] {
    background: ${({ theme }) => theme.colors.surfaceAlt};
    outline: 2px solid ${({ theme }) => theme.colors.primary};
  }
  [aria-disabled] {
    cursor: default;
  }
  .has-notes {
    color: ${({ theme }) => theme.colors.accent};
    font-weight: 600;
  }
`;
