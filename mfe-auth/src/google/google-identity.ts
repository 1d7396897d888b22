/**
 * Google Identity Services, loaded from Google's own script (product §7) only when the server has a client id.
 * One script tag per page, whatever the number of buttons.
 */
export const GOOGLE_SCRIPT_SRC = 'https://accounts.google.com/gsi/client';

export interface GoogleCredentialResponse {
  credential?: string;
}

export interface GoogleButtonOptions {
  type?: 'standard' | 'icon';
  theme?: 'outline' | 'filled_blue' | 'filled_black';
  size?: 'large' | 'medium' | 'small';
  text?: 'signin_with' | 'signup_with' | 'continue_with' | 'signin';
  shape?: 'rectangular' | 'pill' | 'circle' | 'square';
  width?: number;
}

/** The part of `google.accounts.id` this area uses. */
export interface GoogleAccountsId {
  initialize(options: { client_id: string; callback(response: GoogleCredentialResponse): void }): void;
  renderButton(parent: HTMLElement, options: GoogleButtonOptions): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } };
  }
}

let loading: Promise<GoogleAccountsId> | null = null;

const loaded = (): GoogleAccountsId | undefined => window.google?.accounts?.id;

export function loadGoogleIdentity(): Promise<GoogleAccountsId> {
  const ready = loaded();
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<GoogleAccountsId>((resolve, reject) => {
    let script = document.querySelector<HTMLScriptElement>(`script[src="${GOOGLE_SCRIPT_SRC}"]`);
    if (!script) {
      script = document.createElement('script');
      script.src = GOOGLE_SCRIPT_SRC;
      script.async = true;
      script.defer = true;
      document.head.appendChild(script);
    }
    const tag = script;
    tag.addEventListener('load', () => {
      const api = loaded();
      if (api) resolve(api);
      else reject(new Error('Google sign-in did not start'));
    });
    tag.addEventListener('error', () => {
      // A later visit may try again (the network may be back).
      loading = null;
      tag.remove();
      reject(new Error('Google sign-in could not be loaded'));
    });
  });
  return loading;
}
