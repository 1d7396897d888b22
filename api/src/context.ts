import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Dialect } from './db/database';
import type { Database } from './db/schema';
import type { AccountMail } from './services/account-mail';
import type { Audit } from './services/audit';
import type { Clock } from './services/clock';
import type { DownloadLinks } from './services/download-links';
import type { GoogleVerifier } from './services/google';
import type { LoginThrottle } from './services/login-throttle';
import type { MailDelivery, Mailer } from './services/mailer';
import type { MailQuota } from './services/mail-quota';
import type { NoteStore } from './services/note-store';
import type { ReadCache } from './services/read-cache';
import type { Registrations } from './services/registrations';
import type { TokenService } from './services/tokens';

/** Everything a route needs, built once in app.ts and handed to each route plugin. */
export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  mailer: Mailer;
  /** Sends through `mailer` off the request path (docs/security.md item 39). */
  mail: MailDelivery;
  mailQuota: MailQuota;
  /** Which account mail an address gets, under the quota (services/account-mail.ts). */
  accountMail: AccountMail;
  registrations: Registrations;
  tokens: TokenService;
  audit: Audit;
  throttle: LoginThrottle;
  noteStore: NoteStore;
  downloadLinks: DownloadLinks;
  /** Replies of the hot reads, kept per dataset version (services/read-cache.ts). */
  readCache: ReadCache;
  /** Null when GOOGLE_CLIENT_ID is not configured. */
  google: GoogleVerifier | null;
  /** Multiplies every rate limit; tests raise it except where limits themselves are tested. */
  rateLimitFactor: number;
}
