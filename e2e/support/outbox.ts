/**
 * Reads the mails the server wrote to its outbox (the embedded default's stand-in for a mail server), the way a
 * new user reads the code from the console: sign-up codes and reset links come from here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { deployDir } from './env';
import { dataDir } from './server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
}

function outboxDir(): string {
  return path.join(dataDir(deployDir()), 'outbox');
}

async function mailsTo(address: string): Promise<ReceivedMail[]> {
  let files: string[];
  try {
    files = readdirSync(outboxDir())
      .filter((file) => file.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  const mails: ReceivedMail[] = [];
  for (const file of files) {
    const parsed = await simpleParser(readFileSync(path.join(outboxDir(), file)));
    const to = Array.isArray(parsed.to)
      ? parsed.to.map((entry) => entry.text).join(', ')
      : (parsed.to?.text ?? '');
    if (to.toLowerCase().includes(address.toLowerCase())) {
      mails.push({ to, subject: parsed.subject ?? '', text: parsed.text ?? '' });
    }
  }
  return mails;
}

/** The newest mail to `address` whose text matches `pattern`, waiting up to 10 s for it to arrive. */
export async function waitForMail(address: string, pattern: RegExp, count = 1): Promise<RegExpExecArray> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const matches = (await mailsTo(address))
      .map((mail) => pattern.exec(mail.text))
      .filter((match) => match !== null);
    if (matches.length >= count) return matches[matches.length - 1]!;
    if (Date.now() > deadline) throw new Error(`No mail to ${address} matching ${pattern} (wanted ${count})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export const CODE_PATTERN = /verification code is (\d{6})/;
export const RESET_LINK_PATTERN = /(https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]{43})/;
