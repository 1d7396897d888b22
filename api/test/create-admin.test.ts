/**
 * `npm run create-admin` (README, docs/operations.md): the first admin of a real deployment, or an existing
 * account promoted. The real command runs against the test app's database (SQLite file or PostgreSQL schema).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { countRows, createVerifiedUser, loginUser, newUser } from './support/accounts';
import { buildTestApp, JWT_SECRET, PUBLIC_URL, type TestApp } from './support/apps';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

function createAdmin(args: string[], password: string): Promise<CommandResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/cli/create-admin.ts', ...args],
      {
        cwd: API_DIR,
        env: {
          PATH: process.env.PATH,
          DATABASE_URL: t.databaseUrl,
          DATA_DIR: t.dataDir,
          JWT_SECRET,
          PUBLIC_URL,
          ADMIN_PASSWORD: password,
        },
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const roleOf = async (email: string) =>
  (await t.db.selectFrom('users').select('role').where('email', '=', email).executeTakeFirst())?.role;

describe('create-admin', () => {
  it('creates an admin who can log in, and records it in the audit log', async () => {
    const admin = newUser({ name: 'First Admin' });
    const result = await createAdmin(['--email', admin.email, '--name', admin.name], admin.password);
    expect(result).toMatchObject({ code: 0, stdout: `Admin ${admin.email} created.\n` });
    expect(await roleOf(admin.email)).toBe('admin');
    const token = await loginUser(t, admin);
    expect((await t.get('/api/admin/users', { token })).status).toBe(200);
    const audit = await t.db.selectFrom('audit_log').select('action').execute();
    expect(audit.map((row) => row.action)).toContain('admin.created-by-cli');
  });

  it("promotes an existing account: a new password, and the old one's sessions end", async () => {
    const student = await createVerifiedUser(t);
    const oldToken = await loginUser(t, student);
    const newPassword = 'a brand new admin password';
    const result = await createAdmin(['--email', student.email], newPassword);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      'is now an admin (its password was replaced and its sessions signed out).',
    );
    expect(await roleOf(student.email)).toBe('admin');
    expect((await t.get('/api/me', { token: oldToken })).status).toBe(401);
    expect((await t.post('/api/auth/login', student)).status).toBe(401);
    const token = await loginUser(t, { ...student, password: newPassword });
    expect((await t.get('/api/admin/users', { token })).status).toBe(200);
  });

  // Three runs of the command, each a process starting tsx: past jest's 5 s default on a busy 2-core machine.
  it('refuses a bad email, a missing name or a short password, and changes nothing', async () => {
    const users = await countRows(t.db, 'users');
    const someone = newUser();
    const badEmail = await createAdmin(['--email', 'not-an-email', '--name', 'X'], someone.password);
    expect(badEmail.code).toBe(1);
    expect(badEmail.stderr).toContain('Usage: create-admin --email <email> [--name <name>]');
    const noName = await createAdmin(['--email', someone.email], someone.password);
    expect(noName.code).toBe(1);
    expect(noName.stderr).toMatch(/^--name: /);
    const shortPassword = await createAdmin(['--email', someone.email, '--name', 'Some One'], 'short');
    expect(shortPassword.code).toBe(1);
    expect(shortPassword.stderr.trim().length).toBeGreaterThan(0);
    expect(await countRows(t.db, 'users')).toBe(users);
  }, 30_000);
});
