import { useCallback } from 'react';
import { useSession, notify } from '@studyhub/shared';
import { googleSignIn } from '../api/google';
import { serverOrClientMessage } from '../error-text';
import { AUTH_TEXTS } from '../texts';
import { useAfterSignIn } from './use-after-sign-in';

/**
 * What the Google button does with its outcome (product §4, §8): sign in with the credential, toast
 * `successText` and go home (or back where the visitor came from, decision 017) after 1 s; or toast the failure.
 */
export function useGoogleAuth(successText: string) {
  const { login } = useSession();
  const afterSignIn = useAfterSignIn();

  const onCredential = useCallback(
    async (credential: string) => {
      try {
        const { user, token } = await googleSignIn(credential);
        login(user, token);
        notify.success(successText);
        afterSignIn();
      } catch (error) {
        notify.error(serverOrClientMessage(error, AUTH_TEXTS.googleFailed));
      }
    },
    [login, afterSignIn, successText],
  );

  const onError = useCallback(() => {
    notify.error(AUTH_TEXTS.googleWidgetFailed);
  }, []);

  return { onCredential, onError };
}
