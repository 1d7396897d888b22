/** A clock tests move by hand, and the mail an app would send: captured, with the code or link it carries. */
import type { Clock } from '../../src/lib/clock';
import type { Mail, Mailer } from '../../src/services/mailer';

export interface TestClock extends Clock {
  advance(ms: number): void;
  set(at: Date | number): void;
  now(): number;
}

export function createTestClock(start: number = Date.now()): TestClock {
  let current = start;
  const clock = (() => new Date(current)) as TestClock;
  clock.advance = (ms) => {
    current += ms;
  };
  clock.set = (at) => {
    current = typeof at === 'number' ? at : at.getTime();
  };
  clock.now = () => current;
  return clock;
}

export type CapturedMail = Mail;

export function captureMailer(mails: CapturedMail[]): Mailer {
  return {
    async send(mail) {
      mails.push({ ...mail });
    },
    close() {},
  };
}

/** The 6-digit code in a verification mail. */
export function codeFrom(mail: CapturedMail | undefined): string {
  const match = mail?.text.match(/verification code is (\d{6})\b/);
  if (!match) throw new Error(`No verification code in mail: ${JSON.stringify(mail)}`);
  return match[1]!;
}

/**
 * A 6-digit code as it would leak: on its own, not as six digits inside a UUID, a hash or a timestamp that happen
 * to match (one in a few thousand rows would, and the test would fail for nothing).
 */
export function standaloneCode(code: string): RegExp {
  return new RegExp(`(?<![0-9A-Za-z])${code}(?![0-9A-Za-z])`);
}

/** The reset link in a forgot-password mail. */
export function linkFrom(mail: CapturedMail | undefined): URL {
  const match = mail?.text.match(/https?:\/\/\S+\/reset-password\/\S+/);
  if (!match) throw new Error(`No reset link in mail: ${JSON.stringify(mail)}`);
  return new URL(match[0]);
}

export function tokenFromLink(link: URL): string {
  return link.pathname.split('/').pop()!;
}
