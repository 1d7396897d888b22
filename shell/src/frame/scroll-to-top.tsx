import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Every route change starts at the top of the page (product §2). The first load is not a route change: a
 * visitor who scrolled the prerendered Home before its JavaScript ran stays where they were, instead of being
 * thrown back to the top as the page comes alive (and a tap on the way landing on whatever is there then).
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const firstLoad = useRef(true);
  useEffect(() => {
    if (firstLoad.current) {
      firstLoad.current = false;
      return;
    }
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
