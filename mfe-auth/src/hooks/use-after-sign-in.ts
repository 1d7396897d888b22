import { useCallback } from 'react';
import { useLocation } from 'react-router-dom';
import { returnTargetFrom } from '@studyhub/shared';
import { useDelayedNavigate } from './use-delayed-navigate';
import { REDIRECT_AFTER_LOGIN_MS } from '../constants';

/**
 * Where a completed sign-in goes, 1 s later (product §4, §9): back to the page that sent the visitor here, with the
 * state it needs, when this page's navigation state names a safe one (decision 017); otherwise SPEC's Home.
 */
export function useAfterSignIn(): () => void {
  const { state } = useLocation();
  const navigateLater = useDelayedNavigate();
  return useCallback(() => {
    const target = returnTargetFrom(state);
    navigateLater(
      target.path,
      REDIRECT_AFTER_LOGIN_MS,
      target.state === undefined ? undefined : { state: target.state },
    );
  }, [state, navigateLater]);
}
