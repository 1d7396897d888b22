import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { useApiQuery, useSiteConfig, useThemeMode } from '@studyhub/shared';
import { loadGoogleIdentity, type GoogleButtonOptions } from '../google/google-identity';

const Slot = styled.div`
  display: flex;
  justify-content: center;
  min-height: 44px;
`;

export interface GoogleButtonProps {
  /** The wording Google puts on its button. */
  text: NonNullable<GoogleButtonOptions['text']>;
  onCredential(credential: string): void;
  /** The widget answered without a credential (product §7: "the error handler runs"). */
  onError(): void;
}

/** Google's sign-in button; nothing at all unless the server names a Google client id (GET /api/config). */
export function GoogleButton({ text, onCredential, onError }: GoogleButtonProps) {
  const clientId = useSiteConfig()?.googleClientId ?? null;
  const { mode } = useThemeMode();
  const slot = useRef<HTMLDivElement>(null);
  const handlers = useRef({ onCredential, onError });

  useEffect(() => {
    handlers.current = { onCredential, onError };
  }, [onCredential, onError]);

  const identity = useApiQuery(clientId ? 'google-identity' : null, () => loadGoogleIdentity(), {
    // Email sign-in still works; the button just does not appear.
    onError: ({ cause }) => console.warn('Google sign-in is unavailable', cause),
  });
  const google = identity.data;

  useEffect(() => {
    const parent = slot.current;
    if (!clientId || !google || !parent) return;
    google.initialize({
      client_id: clientId,
      callback: (response) => {
        if (response.credential) handlers.current.onCredential(response.credential);
        else handlers.current.onError();
      },
    });
    parent.replaceChildren();
    google.renderButton(parent, {
      type: 'standard',
      theme: mode === 'dark' ? 'filled_black' : 'outline',
      size: 'large',
      text,
      shape: 'pill',
    });
  }, [clientId, google, mode, text]);

  if (!clientId) return null;
  return <Slot ref={slot} role="group" aria-label="Google sign-in" />;
}
