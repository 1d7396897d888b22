import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { MESSAGES } from '@studyhub/contract';
import { takeUnauthorizedNotice } from '../unauthorized-notice';

/** product §2: after a guard's redirect, "Please log in to access this content." once per t= value. */
export function useUnauthorizedNotice(show: (text: string) => void): void {
  const { search } = useLocation();
  useEffect(() => {
    if (takeUnauthorizedNotice(search)) show(MESSAGES.loginRequired);
  }, [search, show]);
}
