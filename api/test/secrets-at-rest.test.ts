/**
 * docs/security.md item 44: production needs a real way to send mail; nothing secret (codes, reset links) reaches
 * the console or the logs in production; what the server keeps on disk is its own user's only (folders 0700,
 * files 0600), including a data folder an earlier version left world-readable.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { ConfigError, loadConfig } from '../src/config';
import { MAILS } from '../src/mails';
import { createMailer } from '../src/services/mailer';
import { createUserWithRole, newUser } from './support/accounts';
import { buildTestApp, JWT_SECRET, type TestApp } from './support/apps';
import { TEST_DB } from './support/database';
import { standaloneCode } from './support/mail';
import { listFiles, uploadNote } from './support/note-files';
import { PDFDocument } from 'pdf-lib';

const mode = (target: string) => statSync(target).mode & 0o777;

/** Every folder under `dir` (itself included) is 0700 and every file 0600. */
function expectPrivateTree(dir: string): void {
  expect(mode(dir).toString(8)).toBe('700');
  for (const relative of listFiles(dir)) {
    const file = path.join(dir, relative);
    expect([relative, mode(file).toString(8)]).toEqual([relative, '600']);
    let folder = path.dirname(file);
    while (folder.startsWith(dir) && folder !== dir) {
      expect([path.relative(dir, folder), mode(folder).toString(8)]).toEqual([
        path.relative(dir, folder),
        '700',
      ]);
      folder = path.dirname(folder);
    }
  }
}

const temps: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'studyhub-secrets-'));
  temps.push(dir);
  return dir;
}
let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
  jest.restoreAllMocks();
});

describe('mail in production (docs/security.md item 44)', () => {
  const production = { NODE_ENV: 'production', JWT_SECRET };

  it('refuses to start without SMTP_URL unless MAIL_OUTBOX=1 says the outbox is meant', () => {
    const dataDir = tempDir();
    expect(() => loadConfig({ ...production, DATA_DIR: dataDir })).toThrow(ConfigError);
    expect(() => loadConfig({ ...production, DATA_DIR: dataDir })).toThrow(
      'SMTP_URL is required when NODE_ENV=production (MAIL_OUTBOX=1 keeps mail in DATA_DIR/outbox instead)',
    );
    expect(loadConfig({ ...production, DATA_DIR: dataDir, SMTP_URL: 'smtp://mail.test' }).smtpUrl).toBe(
      'smtp://mail.test',
    );
    expect(loadConfig({ ...production, DATA_DIR: dataDir, MAIL_OUTBOX: '1' }).smtpUrl).toBeNull();
    expect(() =>
      loadConfig({ ...production, DATA_DIR: dataDir, MAIL_OUTBOX: '1', SMTP_URL: 'smtp://mail.test' }),
    ).toThrow('Set SMTP_URL or MAIL_OUTBOX=1, not both: mail goes one way');
    // Outside production the outbox stays the embedded default.
    expect(loadConfig({ JWT_SECRET, DATA_DIR: dataDir }).smtpUrl).toBeNull();
  });

  it('keeps codes and reset links out of the console and the logs in outbox mode', async () => {
    const printed: string[] = [];
    jest.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
      printed.push(args.map(String).join(' '));
    });
    app = await buildTestApp({
      realMailer: true,
      env: { NODE_ENV: 'production', MAIL_OUTBOX: '1', LOG_LEVEL: 'trace' },
    });
    const outbox = path.join(app.dataDir, 'outbox');
    const mailTexts = async () => {
      await app!.app.context.mail.drain();
      return listFiles(outbox).map((file) => readFileSync(path.join(outbox, file), 'utf8'));
    };
    const user = newUser();
    const registered = await app.post('/api/auth/register', user);
    expect(registered.status).toBe(200);
    const code = (await mailTexts()).join('\n').match(/verification code is (\d{6})/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const verified = await app.post('/api/auth/verify-otp', {
      email: user.email,
      otp: code,
      registration: registered.body.registration,
    });
    expect(verified.status).toBe(200);
    expect((await app.post('/api/auth/forgot-password', { email: user.email })).status).toBe(200);
    // The .eml files are quoted-printable: the token is read from the decoded link's last segment.
    const resetToken = (await mailTexts())
      .join('\n')
      .replace(/=\r?\n/g, '')
      .match(/\/reset-password\/([\w-]{40,})/)?.[1];
    expect(resetToken).toBeTruthy();

    const seen = [...printed, ...app.logs].join('\n');
    expect(app.logs.length).toBeGreaterThan(0);
    expect(seen).not.toMatch(standaloneCode(code!));
    expect(seen).not.toContain(resetToken!);
    // The console still says where mail went.
    expect(printed.some((line) => line.startsWith(`Mail saved as ${outbox}`))).toBe(true);
    expectPrivateTree(app.dataDir);
  });

  it('prints the mail text on the console outside production, so a new user can read the code', async () => {
    const printed: string[] = [];
    const outboxDir = path.join(tempDir(), 'outbox');
    const mailer = createMailer({
      smtpUrl: null,
      from: 'StudyHub <no-reply@studyhub.test>',
      outboxDir,
      printText: true,
      log: (text) => printed.push(text),
    });
    await mailer.send(MAILS.verificationCode('a@b.test', '123456'));
    expect(printed.join('\n')).toContain('123456');
    expectPrivateTree(outboxDir);
  });
});

describe('data on disk (docs/security.md item 44)', () => {
  it('keeps the database, its -wal/-shm files and uploaded PDFs at 0600 in 0700 folders', async () => {
    app = await buildTestApp();
    // The harness made the data folder with the process's default mode (0755): start-up narrowed it.
    const admin = await createUserWithRole(app, 'admin');
    const pdf = Buffer.from(await (await PDFDocument.create()).save());
    const query = {
      branch: 'CSE',
      year: 'Third Year',
      semester: 'Semester_6',
      subject: 'CS-601',
      unit: 'Unit 1',
    };
    expect((await uploadNote(app, query, pdf, admin.token)).status).toBe(201);
    const files = listFiles(app.dataDir);
    expect(files.some((file) => file.startsWith('files/') && file.endsWith('.pdf'))).toBe(true);
    if (TEST_DB === 'sqlite') {
      expect(files).toEqual(expect.arrayContaining(['studyhub.db', 'studyhub.db-wal', 'studyhub.db-shm']));
    }
    expectPrivateTree(app.dataDir);
  });

  it('creates the JWT secret 0600, and narrows a secret and data folder left readable by others', () => {
    const fresh = path.join(tempDir(), 'data');
    loadConfig({ DATA_DIR: fresh });
    expectPrivateTree(fresh);

    const old = tempDir();
    chmodSync(old, 0o755);
    writeFileSync(path.join(old, 'jwt-secret'), 'x'.repeat(48), { mode: 0o644 });
    expect(loadConfig({ DATA_DIR: old }).jwtSecret).toBe('x'.repeat(48));
    expectPrivateTree(old);
  });
});
