import { useCallback } from 'react';
import { PATHS, REDIRECT_AFTER_LOGIN_MS, useSession, notify } from '@studyhub/shared';
import { googleSignIn } from '../api/google';
import { serverOrClientMessage } from '../error-text';
import { AUTH_TEXTS } from '../texts';
import { useDelayedNavigate } from './use-delayed-navigate';

/**
 * What the Google button does with its outcome (SPEC §4, §8): sign in with the credential, toast
 * `successText` and go home after 1 s; or toast the failure.
 */
export function useGoogleAuth(successText: string) {
  const { login } = useSession();
  const navigateLater = useDelayedNavigate();

  const onCredential = useCallback(
    async (credential: string) => {
      try {
        const { user, token } = await googleSignIn(credential);
        login(user, token);
        notify.success(successText);
        navigateLater(PATHS.home, REDIRECT_AFTER_LOGIN_MS);
      } catch (error) {
        notify.error(serverOrClientMessage(error, AUTH_TEXTS.googleFailed));
      }
    },
    [login, navigateLater, successText],
  );

  const onError = useCallback(() => {
    notify.error(AUTH_TEXTS.googleWidgetFailed);
  }, []);

  return { onCredential, onError };
}
