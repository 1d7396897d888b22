/** The signed-in user (session check), the contact form, and what the browser needs before sign-in. */
import { randomUUID } from 'node:crypto';
import { contactBody, meReply, messageReply, siteConfigReply } from '@studyhub/contract/schemas';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import type { Clock } from '../lib/clock';
import type { MailDelivery } from '../services/mailer';
import type { Audit } from '../services/audit';
import { MAILS } from '../mails';
import { API_MESSAGES } from '../messages';
import { signedInUser } from '../plugins/authenticate';
import { replies, type FastifyZod } from '../plugins/contract';
import { insertContactMessage } from '../repositories/contact-messages';
import { toApiUser } from '../repositories/users';
import { BODY_LIMIT, rateLimit } from './route-limits';

/** What the account and contact routes use. */
export interface AccountRoutesOptions {
  config: Pick<Config, 'googleClientId' | 'uploadTimeoutMs' | 'contactEmail'>;
  db: Kysely<Database>;
  clock: Clock;
  mail: MailDelivery;
  audit: Audit;
  /** Multiplies the per-IP rate limits (route-limits.ts). */
  rateLimitFactor: number;
}

export async function accountRoutes(
  app: FastifyZod,
  { config, db, clock, mail, audit, rateLimitFactor }: AccountRoutesOptions,
): Promise<void> {
  app.get(
    '/api/config',
    {
      config: { access: 'public' },
      schema: { summary: "The site's settings a browser needs", response: replies({ 200: siteConfigReply }) },
    },
    async () => ({ googleClientId: config.googleClientId, uploadTimeoutMs: config.uploadTimeoutMs }),
  );

  app.get(
    '/api/me',
    {
      config: { access: 'signed-in' },
      schema: { summary: 'The signed-in user', response: replies({ 200: meReply }) },
    },
    async (request) => ({ user: toApiUser(signedInUser(request)) }),
  );

  app.post(
    '/api/contact',
    {
      bodyLimit: BODY_LIMIT.contact,
      config: { access: 'signed-in', rateLimit: rateLimit(rateLimitFactor, 'contact') },
      schema: {
        summary: 'Send the site team a message',
        body: contactBody,
        response: replies({ 200: messageReply }),
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const { body } = request;
      // Name and email come from the account, not the form, so nobody writes in someone else's name.
      const message = {
        id: randomUUID(),
        user_id: user.id,
        name: user.name,
        email: user.email,
        message: body.message,
        created_at: clock().toISOString(),
      };
      await insertContactMessage(db, message);
      mail.send(MAILS.contactMessage(config.contactEmail, user, message.created_at, body.message));
      await audit({ action: 'contact.sent', actorId: user.id, ip: request.ip, target: message.id });
      return { message: API_MESSAGES.contactSent };
    },
  );
}
