import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/**
 * False while the page is prerendered and while React takes that HTML over, true from then on (decision 014).
 * What the prerendered page cannot know (another area's widget, who is signed in) is rendered only once live, so
 * the HTML React hydrates is exactly the prerendered one, even when the session was read before Home hydrated.
 */
export function usePageIsLive(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
