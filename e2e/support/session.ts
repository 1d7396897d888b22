/**
 * A signed-in user in localStorage before the app loads, made the way the login page makes it: a real login
 * call, whose user and token are stored under product §3's keys. Tests whose subject is not sign-in use this.
 */
import type { BrowserContext } from '@playwright/test';
import { url } from './env';

/** The demo accounts `npm start` seeds (api/src/db/seed.ts), which the e2e server has too. */
export const DEMO_STUDENT = { email: 'student@studyhub.local', password: 'studyhub-student' } as const;
export const DEMO_ADMIN = { email: 'admin@studyhub.local', password: 'studyhub-admin' } as const;
export const DEMO_TEACHER = { email: 'teacher@studyhub.local', password: 'studyhub-teacher' } as const;

export interface Credentials {
  email: string;
  password: string;
}

export interface SessionData {
  user: { _id: string; name: string; email: string; role: string };
  token: string;
}

export async function logInThroughApi(credentials: Credentials): Promise<SessionData> {
  const response = await fetch(url('/api/auth/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (!response.ok) throw new Error(`Login of ${credentials.email} answered ${response.status}`);
  return (await response.json()) as SessionData;
}

/** Sessions of the demo accounts, logged in once by global-setup. */
export const ENV_SESSIONS = 'STUDYHUB_E2E_SESSIONS';

export type DemoRole = 'student' | 'teacher' | 'admin';

export function demoSession(role: DemoRole): SessionData {
  const sessions = JSON.parse(process.env[ENV_SESSIONS] ?? '{}') as Partial<Record<DemoRole, SessionData>>;
  const session = sessions[role];
  if (!session)
    throw new Error(
      `No ${role} session: run the e2e suite with Playwright (npm test -w e2e) so global-setup logs in`,
    );
  return session;
}

/** A demo account's session, or any session a test logged in itself. */
export async function signIn(
  context: BrowserContext,
  who: DemoRole | SessionData = 'student',
): Promise<SessionData> {
  const session = typeof who === 'string' ? demoSession(who) : who;
  await context.addInitScript(
    ({ user, token }) => {
      try {
        // Only when absent, so a test's own changes to the session survive a reload.
        if (localStorage.getItem('token') === null) {
          localStorage.setItem('user', user);
          localStorage.setItem('token', token);
        }
      } catch {
        // about:blank and other opaque origins have no localStorage.
      }
    },
    { user: JSON.stringify(session.user), token: session.token },
  );
  return session;
}
