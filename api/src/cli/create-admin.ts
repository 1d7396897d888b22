/**
 * Creates the first admin of a real deployment (or promotes an existing account):
 *   npm run create-admin -w @studyhub/api -- --email you@college.edu --name "Your Name"
 * The password comes from ADMIN_PASSWORD or is asked for on the terminal. Uses the same configuration as the
 * server (DATABASE_URL, DATA_DIR…).
 */
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { newPasswordField, nameField, emailField } from '@studyhub/contract/schemas';
import { ConfigError, loadConfig } from '../config';
import { migrateToLatest, openDatabase } from '../db/database';
import { createAudit } from '../services/audit';
import { systemClock } from '../lib/clock';
import { hashPassword } from '../lib/passwords';
import { findUserByEmail, insertUser, promoteToAdminEndingSessions } from '../repositories/users';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function askPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  if (!process.stdin.isTTY) fail('Set ADMIN_PASSWORD, or run this in a terminal to be asked for it.');
  const terminal = createInterface({ input: process.stdin, output: process.stdout });
  const password = await terminal.question('Password for the admin (8+ characters): ');
  terminal.close();
  return password;
}

const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } });
const email = emailField.safeParse(values.email ?? '');
if (!email.success) fail('Usage: create-admin --email <email> [--name <name>] (a valid --email is required)');

try {
  const config = loadConfig({ ...process.env, SEED_DEMO: '0' });
  const { db } = openDatabase(config.databaseUrl);
  await migrateToLatest(db);
  const existing = await findUserByEmail(db, email.data);
  const password = newPasswordField.safeParse(await askPassword());
  if (!password.success) fail(password.error.issues[0]?.message ?? 'Invalid password.');
  const passwordHash = await hashPassword(password.data);
  const now = systemClock().toISOString();
  let userId: string;
  if (existing) {
    await promoteToAdminEndingSessions(db, existing.id, passwordHash, now);
    userId = existing.id;
    console.log(`${email.data} is now an admin (its password was replaced and its sessions signed out).`);
  } else {
    const name = nameField.safeParse(values.name ?? '');
    if (!name.success) fail(`--name: ${name.error.issues[0]?.message ?? 'invalid'}`);
    userId = (
      await insertUser(db, { name: name.data, email: email.data, passwordHash, role: 'admin' }, systemClock())
    ).id;
    console.log(`Admin ${email.data} created.`);
  }
  await createAudit(db, systemClock)({ action: 'admin.created-by-cli', target: userId });
  await db.destroy();
} catch (error) {
  fail(error instanceof ConfigError ? `Configuration error: ${error.message}` : String(error));
}
