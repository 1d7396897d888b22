import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { documentTitle, routeFor } from '@studyhub/contract';

/** Each route's own tab title from the route table (decision 018). */
export function DocumentTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = documentTitle(routeFor(pathname));
  }, [pathname]);
  return null;
}
