import styled from 'styled-components';

/** The element around every page's content: the skip link's target and the focus fallback (decision 018). */
export const CONTENT_ID = 'content';

/** Off screen until focused, then over the banner's top-left corner; it takes no space, so nothing shifts. */
const Link = styled.a`
  position: absolute;
  left: 8px;
  top: 8px;
  z-index: 3000;
  padding: 10px 16px;
  border-radius: 8px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;
  transform: translateY(-200%);
  &:focus {
    transform: none;
  }
`;

/**
 * The page's first focusable element: straight past the banner and the header to the page itself. Focused by
 * hand, so the address keeps no `#content` (the href still works before the script runs).
 */
export function SkipLink() {
  return (
    <Link
      href={`#${CONTENT_ID}`}
      onClick={(event) => {
        const content = document.getElementById(CONTENT_ID);
        if (!content) return;
        event.preventDefault();
        content.focus();
      }}
    >
      Skip to content
    </Link>
  );
}
