/**
 * Demo data for the embedded default: on an empty database, one verified admin and one verified student whose
 * logins start-up prints (SEED_DEMO=0 or --no-demo turns this off).
 */
import type { Kysely } from 'kysely';
import { hashPassword } from '../services/passwords';
import { insertUser } from '../users';
import type { Database } from './schema';

export const DEMO_LOGINS = [
  { role: 'admin', name: 'Demo Admin', email: 'admin@studyhub.local', password: 'studyhub-admin' },
  { role: 'student', name: 'Demo Student', email: 'student@studyhub.local', password: 'studyhub-student' },
] as const;

/** Seeds only an empty users table; returns whether it did. */
export async function seedDemoData(db: Kysely<Database>, now: Date): Promise<boolean> {
  const { count } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  if (Number(count) > 0) return false;
  for (const login of DEMO_LOGINS) {
    await insertUser(
      db,
      {
        name: login.name,
        email: login.email,
        passwordHash: await hashPassword(login.password),
        role: login.role,
        verified: true,
      },
      now,
    );
  }
  return true;
}

/** The demo logins that still work as printed (an admin may have changed them since). */
export async function demoLoginsInUse(db: Kysely<Database>): Promise<(typeof DEMO_LOGINS)[number][]> {
  const emails = DEMO_LOGINS.map((login) => login.email);
  const rows = await db
    .selectFrom('users')
    .select(['email', 'created_at', 'updated_at'])
    .where('email', 'in', emails)
    .execute();
  return DEMO_LOGINS.filter((login) =>
    rows.some((row) => row.email === login.email && row.created_at === row.updated_at),
  );
}
