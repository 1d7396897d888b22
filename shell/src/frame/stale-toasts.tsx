import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { dismissStaleToasts } from '@studyhub/shared';

/** A navigation closes the toasts of the page left behind, not those announcing the new one (decision 018). */
export function StaleToasts() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    dismissStaleToasts();
  }, [pathname]);
  return null;
}
