import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { endServerSession } from '../api/end-session';
import { STORAGE_KEYS } from '@studyhub/contract';
import { notify } from '../ui/toasts';
import { MESSAGES } from '@studyhub/contract';
import {
  clearStoredSession,
  readStoredSession,
  storedToken,
  tokenExpiresAt,
  writeStoredSession,
  type SessionUser,
} from './session-store';

export type SessionStatus = 'loading' | 'anonymous' | 'authenticated';

export interface SessionContextValue {
  status: SessionStatus;
  user: SessionUser | null;
  token: string | null;
  login(user: SessionUser, token: string): void;
  /**
   * Ends the session on the server, clears context and storage and shows the product §8 notice (unless `silent`,
   * for a caller that already said why); navigation is the caller's (see useLogout).
   */
  logout(options?: { silent?: boolean }): void;
  /** The server's newer view of the signed-in user (a role changed meanwhile); the token stays. */
  refreshUser(user: SessionUser): void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

interface State {
  status: SessionStatus;
  user: SessionUser | null;
  token: string | null;
}

const LOADING: State = { status: 'loading', user: null, token: null };
const ANONYMOUS: State = { status: 'anonymous', user: null, token: null };

function restore(notifyExpired: boolean): State {
  const stored = readStoredSession();
  switch (stored.kind) {
    case 'valid':
      return { status: 'authenticated', user: stored.user, token: stored.token };
    case 'expired':
      clearStoredSession();
      if (notifyExpired) notify.info(MESSAGES.sessionExpired);
      return ANONYMOUS;
    case 'unreadable-user':
      console.error('Stored user could not be read; the session was cleared.', stored.error);
      clearStoredSession();
      return ANONYMOUS;
    case 'none':
      return ANONYMOUS;
  }
}

/** Longest delay setTimeout honours; a later expiry is re-armed on the next render. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<State>(LOADING);

  useEffect(() => {
    // Restoring touches storage and may toast, so it runs after mount, not during render; until then the
    // status is 'loading' and guards show their spinner (product §4).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setState(restore(true));
    // Another tab logging in or out changes this tab's session too.
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === STORAGE_KEYS.token || event.key === STORAGE_KEYS.user) {
        setState(restore(false));
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  // A token that expires while the page is open ends the session then, as a restart would.
  useEffect(() => {
    if (state.status !== 'authenticated') return;
    const delay = tokenExpiresAt(state.token) - Date.now();
    const timer = setTimeout(() => setState(restore(true)), Math.min(Math.max(delay, 0), MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [state]);

  const login = useCallback((user: SessionUser, token: string) => {
    writeStoredSession(user, token);
    setState({ status: 'authenticated', user, token });
  }, []);

  const logout = useCallback(({ silent = false }: { silent?: boolean } = {}) => {
    const token = storedToken();
    if (token) void endServerSession(token);
    clearStoredSession();
    setState(ANONYMOUS);
    if (!silent) notify.info(MESSAGES.sessionExpired);
  }, []);

  const refreshUser = useCallback((user: SessionUser) => {
    const token = storedToken();
    if (!token) return;
    writeStoredSession(user, token);
    setState((current) => (current.status === 'authenticated' ? { ...current, user } : current));
  }, []);

  const value = useMemo(
    () => ({ ...state, login, logout, refreshUser }),
    [state, login, logout, refreshUser],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
