/**
 * The digest of followed subjects (decision 039). What becomes visible to students — a unit's notes, a paper or a
 * question, published by an admin's upload or approval — is recorded as a subject update and queued for the
 * subject's followers (`published`, called by upload-reviews.ts). A job in every replica, beside the search
 * indexing job, looks every `intervalMs`: a user's digest is due once an update has waited `gatherMs` (so
 * approvals close together go in one mail) and a day has passed since their last; it is claimed under a lease by
 * a conditional write, so one replica sends it, as ONE mail listing every queued update by subject, with a signed
 * unfollow link per subject, and marked sent first (at most once). The per-recipient mail cap applies; a deleted
 * account has no rows left to mail.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { subjectPath } from '@studyhub/contract';
import { findSubject } from '@studyhub/contract/catalog';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { isoAfter, type Clock } from '../lib/clock';
import { MAILS, type DigestSubject } from '../mails';
import {
  claimDigest,
  digestOf,
  dropDeliveredUpdates,
  dueDigestUsers,
  finishDigest,
  recordSubjectUpdate,
  releaseDigest,
  type DigestItem,
  type NewSubjectUpdate,
} from '../repositories/digests';
import type { MailDelivery } from './mailer';
import type { MailQuota } from './mail-quota';
import type { UnfollowLinks } from './unfollow-links';

export const DAY_MS = 86_400_000;
/** How long a replica owns a claimed digest: far longer than building one mail takes. */
const LEASE_MS = 5 * 60_000;
/** Users a pass takes at once; the next batch follows in the same pass. */
const BATCH = 100;

export interface Digests {
  /** Records what just became visible to students and queues it for the subject's followers. */
  published(update: NewSubjectUpdate): Promise<void>;
  /** Sends every digest due now; resolves to how many mails went. The job runs it; tests call it after their clock. */
  runOnce(): Promise<number>;
  /** Starts the job (server.ts), looking every DIGEST_INTERVAL_SECONDS. */
  start(): void;
  /** Ends the job after the digest in hand (a claim not yet sent is given back); resolves once it stopped. */
  stop(): Promise<void>;
}

export interface DigestsOptions {
  db: Kysely<Database>;
  clock: Clock;
  config: Pick<Config, 'publicUrl' | 'digest'>;
  mail: MailDelivery;
  mailQuota: MailQuota;
  unfollowLinks: UnfollowLinks;
  log: FastifyBaseLogger;
}

/** "Unit 3 notes", "May 2024 paper", "2 important questions": what a subject's updates say, in that order. */
export function digestLines(items: readonly DigestItem[]): string[] {
  const units = [...new Set(items.filter((item) => item.kind === 'note').map((item) => Number(item.unit)))];
  const sessions = [...new Set(items.filter((item) => item.kind === 'paper').map((item) => item.session!))];
  const questions = items.filter((item) => item.kind === 'question').length;
  return [
    ...units.sort((a, b) => a - b).map((unit) => `Unit ${unit} notes`),
    ...sessions.map((session) => `${session} paper`),
    ...(questions > 0 ? [`${questions} important question${questions === 1 ? '' : 's'}`] : []),
  ];
}

export function createDigests({
  db,
  clock,
  config,
  mail,
  mailQuota,
  unfollowLinks,
  log,
}: DigestsOptions): Digests {
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();

  /**
   * The digest's subjects, in the order their first update came, each with its own unfollow link, and the mail's
   * one-click unsubscribe, which stops them all.
   */
  function digestOfSubjects(
    userId: string,
    items: readonly DigestItem[],
  ): { subjects: DigestSubject[]; oneClickUrl: string } {
    const byCode = new Map<string, DigestItem[]>();
    for (const item of items) byCode.set(item.subject_code, [...(byCode.get(item.subject_code) ?? []), item]);
    const subjects = [...byCode].map(([code, subjectItems]) => {
      const name = findSubject(code)?.name;
      return {
        title: name ? `${code} ${name}` : code,
        lines: digestLines(subjectItems),
        pageUrl: `${config.publicUrl}${subjectPath(code)}`,
        unfollowUrl: unfollowLinks.pageUrl(unfollowLinks.token({ userId, subjectCodes: [code] })),
      };
    });
    const all = unfollowLinks.token({ userId, subjectCodes: [...byCode.keys()] });
    return { subjects, oneClickUrl: unfollowLinks.oneClickUrl(all) };
  }

  /** Sends one user's digest if it is still theirs to send; whether a mail went. */
  async function sendDigest(userId: string, times: { now: string; dayAgo: string }): Promise<boolean> {
    const leaseUntil = isoAfter(clock, LEASE_MS);
    if (!(await claimDigest(db, userId, { ...times, leaseUntil }))) return false;
    const { user, items } = await digestOf(db, userId);
    if (stopping || !user || items.length === 0 || !(await mailQuota.take('digest', user.email))) {
      await releaseDigest(db, userId, leaseUntil);
      return false;
    }
    const { subjects, oneClickUrl } = digestOfSubjects(userId, items);
    // Marked sent before it is handed to the mailer: a replica that dies in between loses one digest rather than
    // a replica whose lease lapsed sending it twice.
    const sent = await finishDigest(
      db,
      userId,
      items.map((item) => item.update_id),
      { now: times.now, leaseUntil },
    );
    if (!sent) {
      log.warn({ user: userId }, 'Digest: the claim lapsed before it was sent; another replica has it');
      return false;
    }
    mail.send(MAILS.digest(user.email, user.name, subjects, oneClickUrl));
    return true;
  }

  async function runOnce(): Promise<number> {
    let mailed = 0;
    const tried = new Set<string>();
    while (!stopping) {
      const now = clock().getTime();
      const times = { now: new Date(now).toISOString(), dayAgo: new Date(now - DAY_MS).toISOString() };
      const due = await dueDigestUsers(db, {
        ...times,
        gatheredBefore: new Date(now - config.digest.gatherMs).toISOString(),
        limit: BATCH,
      });
      const fresh = due.filter((userId) => !tried.has(userId));
      if (fresh.length === 0) break;
      for (const userId of fresh) {
        if (stopping) break;
        tried.add(userId);
        if (await sendDigest(userId, times)) mailed += 1;
      }
    }
    if (!stopping) await dropDeliveredUpdates(db);
    return mailed;
  }

  function schedule(): void {
    timer = setTimeout(() => {
      running = runOnce()
        .catch((error: unknown) => log.error({ err: error }, 'Digest pass failed; the next one tries again'))
        .finally(() => {
          if (!stopping) schedule();
        });
    }, config.digest.intervalMs);
  }

  return {
    published: (update) => recordSubjectUpdate(db, update, clock().toISOString()),
    runOnce,
    start: () => {
      if (timer === undefined && !stopping) schedule();
    },
    stop: async () => {
      stopping = true;
      clearTimeout(timer);
      await running;
    },
  };
}
