/**
 * Accounts made straight through the API, for tests whose subject is not sign-up itself (create
 * sessions directly when the login flow is not under test). Codes are read from the outbox as a user would.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deployDir, url } from './env';
import { CODE_PATTERN, waitForMail } from './outbox';
import { dataDir } from './server';
import { demoSession } from './session';
import { withSiteDatabase } from './site-database';

export interface Account {
  name: string;
  email: string;
  password: string;
}

export function newAccount(label: string): Account {
  const id = randomUUID().slice(0, 8);
  return { name: `E2E ${label}`, email: `e2e-${label}-${id}@example.com`, password: `pass-${id}-word` };
}

/**
 * Each account signs up from an address of its own, as real users do, so the per-IP sign-up limit (five a
 * minute) counts them apart from the browser tests' own sign-ups. The suite's server trusts the proxy header
 * from loopback only (server.ts).
 */
export const ownAddress = () => `10.${[...randomBytes(3)].join('.')}`;

async function post(pathname: string, body: unknown, from: string): Promise<Response> {
  const response = await fetch(url(pathname), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${pathname} answered ${response.status}: ${await response.text()}`);
  return response;
}

/** Registers and verifies an account through the API. */
export async function createVerifiedAccount(label: string): Promise<Account> {
  const account = newAccount(label);
  const from = ownAddress();
  const { registration } = (await (await post('/api/auth/register', account, from)).json()) as {
    registration: string;
  };
  const [, code] = await waitForMail(account.email, CODE_PATTERN);
  await post('/api/auth/verify-otp', { email: account.email, otp: code, registration }, from);
  return account;
}

/**
 * Moves the last code mail of `email` 31 s into the past in the server's database, so the server's 30 s resend
 * cooldown has passed while the browser's clock is fast-forwarded the same way. The server counts code mails per
 * asking client and address (`client`, the visitor's X-Forwarded-For; docs/security.md item 51) under an HMAC of
 * both (api/src/services/mail-quota.ts), keyed with the site's secret.
 */
export function ageLastCode(email: string, client: string): void {
  const secret = readFileSync(path.join(dataDir(deployDir()), 'jwt-secret'), 'utf8').trim();
  const key = `verification-code:client:${createHmac('sha256', secret).update(`mail-quota-client:${client}:${email.toLowerCase()}`).digest('hex')}`;
  const past = new Date(Date.now() - 31_000).toISOString();
  const changed = withSiteDatabase((db) =>
    db.prepare('update mail_quota set last_sent_at = ? where key = ?').run(past, key),
  );
  if (changed.changes !== 1)
    throw new Error(`No code mail to ${email} asked for by ${client} is counted on the server`);
}

/** Gives an account a role the way an admin does: the users list, then the role call, as the demo admin. */
export async function setRoleThroughApi(email: string, role: 'student' | 'teacher' | 'admin'): Promise<void> {
  const admin = { authorization: `Bearer ${demoSession('admin').token}` };
  const users = (await (await fetch(url('/api/admin/users'), { headers: admin })).json()) as {
    _id: string;
    email: string;
  }[];
  const target = users.find((user) => user.email === email.toLowerCase());
  if (!target) throw new Error(`No user ${email}`);
  const reply = await fetch(url(`/api/admin/users/${target._id}/role`), {
    method: 'PUT',
    headers: { ...admin, 'content-type': 'application/json' },
    body: JSON.stringify({ role }),
  });
  if (reply.status !== 200)
    throw new Error(`The role change answered ${reply.status}: ${await reply.text()}`);
}
