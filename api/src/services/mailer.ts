/**
 * Outgoing mail: SMTP when SMTP_URL is set; otherwise the outbox of the embedded default, where each mail is an
 * .eml file (0600) under dataDir/outbox. Outside production its text is also printed on the console, so a new
 * user can read the code; in production the console only says a mail was saved (docs/security.md item 44).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Metrics } from './metrics';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../lib/private-files';

export interface Mail {
  /** Which of the mails in mails.ts this is: a fixed name, counted in the metrics (never an address). */
  kind: string;
  to: string;
  subject: string;
  text: string;
  /** The same mail as HTML, for mails with links worth a click (the digest); plain text alone otherwise. */
  html?: string;
  /** Header lines of its own, such as List-Unsubscribe (RFC 2369, 8058). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * Mail sent off the request path: a reply never waits for SMTP, so its timing says nothing about which mail,
 * if any, went out (docs/security.md item 39). A failure is logged (purpose only: never the address's code or
 * link) and the user asks again; `drain` lets shutdown finish what is under way.
 */
export function createMailDelivery(
  mailer: Mailer,
  log: { error(details: object, text: string): void },
  metrics: Pick<Metrics, 'mailed'>,
) {
  const pending = new Set<Promise<void>>();
  return {
    send(mail: Mail): void {
      const sending: Promise<void> = mailer
        .send(mail)
        .then(() => metrics.mailed(mail.kind, 'sent'))
        .catch((error: unknown) => {
          metrics.mailed(mail.kind, 'failed');
          log.error({ subject: mail.subject, error: String(error) }, 'A mail could not be sent');
        })
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async drain(): Promise<void> {
      await Promise.all([...pending]);
    },
  };
}

export type MailDelivery = ReturnType<typeof createMailDelivery>;

export function createMailer(options: {
  smtpUrl: string | null;
  from: string;
  outboxDir: string;
  /** Print each mail's text (codes and links included) on the console; never in production. */
  printText: boolean;
  log?: (text: string) => void;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send({ to, subject, text, html, headers }) {
        await transport.sendMail({ from: options.from, to, subject, text, html, headers });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const log = options.log ?? ((text: string) => console.log(text));
  return {
    async send(mail) {
      const info = await transport.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
      });
      ensurePrivateDir(options.outboxDir);
      const file = path.join(
        options.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
      );
      writeFileSync(file, info.message as Buffer, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
      log(
        options.printText
          ? `\n📧 Mail to ${mail.to} — ${mail.subject}\n${mail.text}\n(saved as ${file})\n`
          : `Mail saved as ${file}`,
      );
    },
    close: () => transport.close(),
  };
}
