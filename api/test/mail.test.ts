/**
 * Real mail: the production mailer (nodemailer) talking SMTP to a local smtp-server, parsed back with mailparser;
 * and the embedded default's outbox folder.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { newUser } from './support/accounts';
import { buildTestApp, PUBLIC_URL, type TestApp } from './support/apps';

interface Received {
  from: string;
  to: string[];
  parsed: ParsedMail;
}

describe('mail over SMTP', () => {
  let server: SMTPServer;
  let t: TestApp;
  const received: Received[] = [];
  let verifiedEmail = '';
  const waiters: (() => void)[] = [];

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              parsed,
            });
            waiters.splice(0).forEach((wake) => wake());
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    t = await buildTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  /** The next message for `to`, waiting briefly if it has not arrived yet. */
  async function nextMailTo(to: string, after: number): Promise<ParsedMail> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const found = received.slice(after).find((mail) => mail.to.includes(to));
      if (found) return found.parsed;
      if (Date.now() > deadline) throw new Error(`No mail for ${to}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  it('register → the SMTP message carries the 6-digit code → verify succeeds', async () => {
    const user = newUser();
    const before = received.length;
    const reply = await t.post('/api/auth/register', user);
    expect(reply.status).toBe(200);
    expect(t.mails).toHaveLength(0); // the real mailer, not the capturing one

    const mail = await nextMailTo(user.email, before);
    expect(mail.subject).toBe('Your StudyHub verification code');
    expect(mail.from?.value).toEqual([{ name: 'StudyHub', address: 'no-reply@studyhub.local' }]);
    expect(received.at(-1)!.from).toBe('no-reply@studyhub.local');
    const code = mail.text?.match(/verification code is (\d{6})\b/)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const verify = await t.post('/api/auth/verify-otp', {
      email: user.email,
      otp: code,
      registration: reply.body.registration,
    });
    expect(verify.status).toBe(200);
    expect(verify.body).toEqual({ message: 'Email verified successfully. You can now log in.' });
    verifiedEmail = user.email;
  });

  it('forgot-password → the SMTP message carries the reset link → reset succeeds', async () => {
    const user = { email: verifiedEmail };
    const beforeReset = received.length;
    const forgot = await t.post('/api/auth/forgot-password', { email: user.email });
    expect(forgot.status).toBe(200);
    const resetMail = await nextMailTo(user.email, beforeReset);
    expect(resetMail.subject).toBe('Reset your StudyHub password');
    const link = new URL(resetMail.text!.match(/https?:\/\/\S+\/reset-password\/[\w-]+/)![0]);
    expect(link.origin).toBe(PUBLIC_URL);

    const beforeNotice = received.length;
    const reset = await t.post(`/api/auth${link.pathname}`, { password: 'a password from the mail link' });
    expect(reset.status).toBe(200);
    const notice = await nextMailTo(user.email, beforeNotice);
    expect(notice.subject).toBe('Your StudyHub password was changed');
    const login = await t.post('/api/auth/login', {
      email: user.email,
      password: 'a password from the mail link',
    });
    expect(login.status).toBe(200);
  });
});

describe('mail to the outbox folder (no SMTP_URL)', () => {
  let t: TestApp;
  const printed: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ realMailer: true });
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });
  afterAll(async () => {
    await t.close();
  });

  it('writes each mail as an .eml file under DATA_DIR/outbox and prints it', async () => {
    jest.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
      printed.push(args.join(' '));
    });
    const user = newUser();
    const reply = await t.post('/api/auth/register', user);
    expect(reply.status).toBe(200);
    expect(t.mails).toHaveLength(0);
    // Mail leaves off the request path (docs/security.md item 39).
    await t.app.context.mail.drain();

    const outbox = path.join(t.dataDir, 'outbox');
    const files = readdirSync(outbox).filter((file) => file.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const parsed = await simpleParser(readFileSync(path.join(outbox, files[0]!)));
    expect(parsed.subject).toBe('Your StudyHub verification code');
    expect((parsed.to as { text: string }).text).toBe(user.email);
    const code = parsed.text?.match(/verification code is (\d{6})\b/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    // The embedded default prints the mail so a new user can read the code (architecture §5).
    expect(printed.join('\n')).toContain(code);

    const verify = await t.post('/api/auth/verify-otp', {
      email: user.email,
      otp: code,
      registration: reply.body.registration,
    });
    expect(verify.status).toBe(200);
  });
});
