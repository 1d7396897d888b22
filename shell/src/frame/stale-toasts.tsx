import { dismissStaleToasts } from '@studyhub/shared';
import { useAfterNavigation } from './use-after-navigation';

/** A navigation closes the toasts of the page left behind, not those announcing the new one (decision 018). */
export function StaleToasts() {
  useAfterNavigation(dismissStaleToasts);
  return null;
}
