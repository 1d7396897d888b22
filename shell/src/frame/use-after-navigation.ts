import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Runs `effect` after each client-side navigation (a new path), not on the page's first load; what it returns
 * cleans up before the next one. `effect` should be a stable function (module level), as it is a dependency.
 */
export function useAfterNavigation(effect: () => void | (() => void)): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    return effect();
  }, [pathname, effect]);
}
