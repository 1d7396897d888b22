import { CONTENT_ID } from './skip-link';
import { useAfterNavigation } from './use-after-navigation';

/** How long a page may take to show its heading (an area loading on a slow phone) before we stop waiting. */
export const HEADING_WAIT_MS = 10_000;

function focusHeading(heading: HTMLElement): void {
  // Headings are not focusable; -1 lets a script focus them without adding a tab stop.
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  // The page already scrolled to the top (ScrollToTop); the heading is there.
  heading.focus({ preventScroll: true });
}

/** Focus the new page's heading once it is there; the returned function stops waiting. */
function focusNewPageHeading(): (() => void) | undefined {
  const content = document.getElementById(CONTENT_ID);
  if (!content) return;
  const focusedAtNavigation = document.activeElement;
  const findHeading = () =>
    content.querySelector<HTMLElement>('main h1') ?? content.querySelector<HTMLElement>('h1');
  // Focus moved by the visitor (or by the page itself) since the navigation is left where it is.
  const focusMovedOn = () => {
    const active = document.activeElement;
    return (
      active !== null &&
      active !== document.body &&
      active !== focusedAtNavigation &&
      active.isConnected &&
      !active.contains(content)
    );
  };

  const tryFocus = (): boolean => {
    if (focusMovedOn()) return true;
    const heading = findHeading();
    if (!heading) return false;
    focusHeading(heading);
    return true;
  };
  if (tryFocus()) return;

  const observer = new MutationObserver(() => {
    if (tryFocus()) stop();
  });
  const timer = setTimeout(() => stop(), HEADING_WAIT_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(content, { childList: true, subtree: true });
  return stop;
}

/**
 * After a client-side navigation, focus moves to the new page's main heading, so a screen reader announces the
 * page and the next Tab starts in it (decision 018). Not on the first load: the browser starts at the top then.
 * Areas render their pages after they load, so this waits for the heading to appear in the content; it gives
 * up if the visitor moves focus meanwhile (their choice wins) or after HEADING_WAIT_MS.
 */
export function RouteFocus() {
  useAfterNavigation(focusNewPageHeading);
  return null;
}
