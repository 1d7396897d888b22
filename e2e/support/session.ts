/**
 * A signed-in student in localStorage before the app loads (sign-in itself is not built yet). The browser
 * only decodes the token's exp, so a JWT-shaped token with an unchecked signature is enough.
 */
import type { BrowserContext } from 'playwright-core';

export const E2E_USER = {
  _id: 'e2e-student',
  name: 'E2E Student',
  email: 'student@example.com',
  role: 'student',
} as const;

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function studentToken(now: number = Date.now()): string {
  const header = base64url({ alg: 'HS256', typ: 'JWT' });
  const payload = base64url({ sub: E2E_USER._id, exp: Math.floor(now / 1000) + 3600 });
  return `${header}.${payload}.e2e-signature`;
}

export async function signIn(context: BrowserContext): Promise<void> {
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
    { user: JSON.stringify(E2E_USER), token: studentToken() },
  );
}
