/**
 * The upload review queue (decisions 026, 034): a teacher's upload of any kind — a unit's notes, a question paper,
 * an important question — waits as pending, under per-teacher caps the kinds share, until an admin approves or
 * rejects it or it expires; an admin's is published at once. Each upload, decision and expiry is audited, and each
 * decision and expiry mailed to the uploader. What each kind does its own way is its UploadKindPolicy
 * (upload-kinds.ts); queries are in repositories/uploads.ts and each table's module, texts in messages.ts and
 * mails.ts.
 */
import type { Kysely } from 'kysely';
import type {
  MyUploadsPage,
  ReviewDecisionBody,
  ReviewPage,
  UploadItem,
  UploadKind,
} from '@studyhub/contract/schemas';
import type { ReviewLimits } from '../config';
import { inTransactionRetryingUniqueViolations, type Dialect } from '../db/database';
import type { Database } from '../db/schema';
import { HttpError } from '../http-errors';
import { MAILS } from '../mails';
import { API_MESSAGES } from '../messages';
import {
  expirePendingUploads,
  findUpload,
  lockUploader,
  pendingUploadsPage,
  rejectIfPending,
  uploadsOfUploaderPage,
  uploaderCounts,
  type Decision,
  type UploadOf,
  type UploadRow,
  type UploadRows,
} from '../repositories/uploads';
import type { Paging } from '../repositories/paging';
import { findUserById, peopleById, type UserRow } from '../repositories/users';
import { callerAuthority } from './access';
import type { Audit } from './audit';
import type { Clock } from '../lib/clock';
import type { Digests } from './digests';
import type { DownloadLinks } from './download-links';
import type { MailDelivery } from './mailer';
import type { MailQuota } from './mail-quota';
import type { NoteStore } from './note-store';
import { NOTE_UPLOADS } from './note-uploads';
import { PAPER_UPLOADS } from './paper-uploads';
import { QUESTION_UPLOADS } from './question-uploads';
import type { NewUpload, UploadKindPolicy } from './upload-kinds';
import type { SessionClaims } from './tokens';

/** A pending upload with a PDF to read: a unit's notes or a question paper. */
export type PendingPdf = UploadOf<'note'> | UploadOf<'paper'>;

/** The upload review queue's policy, as the upload, review and my-uploads routes and the sweeps use it. */
export interface UploadReviews {
  /**
   * Expires what has waited too long (files removed, each expiry audited, each teacher mailed once), or joins the
   * sweep under way in this process. Other processes may sweep at the same time: each expired row is changed, and
   * so answered, by exactly one of them. Resolves to how many expired.
   */
  expireOverdue(): Promise<number>;
  /** An upload as its uploader and the admins see it; a pending PDF's links speak for `session` (item 50). */
  toUploadItem(upload: UploadRow, session: SessionClaims): UploadItem;
  /** Refuses a teacher's upload before any byte of it is stored, when a cap is reached. */
  checkCaps(uploader: UserRow): Promise<void>;
  /**
   * Records a new upload as its sender may upload now, read in the transaction that records it
   * (docs/security.md item 48): an admin's is published at once (a unit's or a session's current file); a
   * teacher's waits, the caps counted again under a lock per teacher, so two uploads at once cannot both take the
   * last place. A sender whose session ended or whose role no longer uploads gets a 401 or 403, and nothing is
   * kept: a stored PDF is removed whenever recording fails. The upload is audited from `caller.ip`.
   */
  record<K extends UploadKind>(
    upload: NewUpload<K>,
    caller: { session: SessionClaims; ip: string },
  ): Promise<{ row: UploadRows[K]; state: 'approved' | 'pending' }>;
  /**
   * An admin's decision on a pending upload of any kind. Of two admins deciding at once exactly one changes it;
   * the other is told what became of it (409). A rejected upload's PDF is removed; the uploader hears either way.
   */
  decide(id: string, admin: UserRow, body: ReviewDecisionBody, ip: string): Promise<UploadRow>;
  /** The review queue, oldest first, each with its uploader and links to read it for `session`. */
  pendingPage(paging: Paging, session: SessionClaims): Promise<ReviewPage>;
  /** The uploads of `session`'s user, newest first. */
  uploaderPage(session: SessionClaims, paging: Paging): Promise<MyUploadsPage>;
  /**
   * The pending PDF a reader may open, as they are now (a link's holder too): an admin any, a teacher their own;
   * nobody a decided one, nor a question (it has no file).
   */
  readablePending(id: string, viewer: UserRow): Promise<PendingPdf | undefined>;
}

const DAY_MS = 86_400_000;

/** How often each server process looks for expired uploads; reads and decisions look first anyway. */
export const EXPIRY_SWEEP_INTERVAL_MS = 60 * 60_000;

/** The path a pending upload's PDF is read at (GET /api/uploads/{id}/file), which signed links cover. */
export const uploadFilePath = (id: string) => `/api/uploads/${id}/file`;

const POLICIES: { [K in UploadKind]: UploadKindPolicy<K> } = {
  note: NOTE_UPLOADS,
  paper: PAPER_UPLOADS,
  question: QUESTION_UPLOADS,
};

/** What the queue says of any upload, whatever its kind: the Activity trail's words, its label, its PDF. */
function factsOf<K extends UploadKind>({ kind, row }: UploadOf<K>) {
  const policy: UploadKindPolicy<K> = POLICIES[kind];
  return {
    area: policy.auditArea,
    target: policy.auditTarget(row),
    details: { upload: row.id, ...policy.auditDetails(row) },
    label: policy.label(row),
    storageName: policy.storageName(row),
  };
}

/** What a visible upload of any kind tells its subject's followers. */
function subjectUpdateOf<K extends UploadKind>({ kind, row }: UploadOf<K>) {
  const policy: UploadKindPolicy<K> = POLICIES[kind];
  return policy.subjectUpdate(row);
}

export function createUploadReviews(deps: {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  limits: ReviewLimits;
  audit: Audit;
  mail: MailDelivery;
  mailQuota: MailQuota;
  noteStore: NoteStore;
  downloadLinks: DownloadLinks;
  /** Told of every upload students can now see, for its subject's followers (decision 039). */
  digests: Pick<Digests, 'published'>;
}): UploadReviews {
  const { db, dialect, clock, limits, audit, mail, mailQuota, noteStore, downloadLinks, digests } = deps;
  const expiredAtOrBefore = () => new Date(clock().getTime() - limits.expiryMs).toISOString();
  const expiryDays = Math.round((limits.expiryMs / DAY_MS) * 10) / 10;

  /** Mail to the uploader, if the account still exists and its decision mails are under their cap. */
  async function tellUploader(
    uploaderId: string | null,
    mailFor: (user: UserRow) => Parameters<MailDelivery['send']>[0],
  ) {
    const uploader = uploaderId ? await findUserById(db, uploaderId) : undefined;
    if (uploader && (await mailQuota.take('upload-review', uploader.email))) mail.send(mailFor(uploader));
  }

  /** The cap a teacher has reached, if any: uploads waiting at once, then uploads in the last 24 hours. */
  async function capReached(executor: Kysely<Database>, uploaderId: string): Promise<HttpError | null> {
    const counts = await uploaderCounts(
      executor,
      uploaderId,
      new Date(clock().getTime() - DAY_MS).toISOString(),
    );
    if (counts.pending >= limits.pendingMax)
      return new HttpError(409, API_MESSAGES.pendingCap(limits.pendingMax));
    if (counts.recent >= limits.perDay) return new HttpError(429, API_MESSAGES.dailyCap(limits.perDay));
    return null;
  }

  let sweeping: Promise<number> | null = null;

  /** Expires what has waited too long: files removed, each expiry audited, each teacher mailed once. */
  async function sweep(): Promise<number> {
    const expired = await expirePendingUploads(db, dialect, expiredAtOrBefore(), clock().toISOString());
    const labelsByUploader = new Map<string | null, string[]>();
    for (const upload of expired) {
      const { area, target, details, label, storageName } = factsOf(upload);
      if (storageName !== null) await noteStore.remove(storageName);
      await audit({
        action: `${area}.expire`,
        target,
        details: { ...details, uploadedAt: upload.row.uploaded_at },
      });
      const uploaderId = upload.row.uploaded_by;
      labelsByUploader.set(uploaderId, [...(labelsByUploader.get(uploaderId) ?? []), label]);
    }
    for (const [uploaderId, labels] of labelsByUploader) {
      await tellUploader(uploaderId, (user) =>
        MAILS.uploadsExpired(user.email, user.name, labels, expiryDays),
      );
    }
    return expired.length;
  }

  function expireOverdue(): Promise<number> {
    sweeping ??= sweep().finally(() => {
      sweeping = null;
    });
    return sweeping;
  }

  function toUploadItem<K extends UploadKind>(
    { kind, row }: UploadOf<K>,
    session: SessionClaims,
  ): UploadItem {
    const policy: UploadKindPolicy<K> = POLICIES[kind];
    const pending = row.state === 'pending';
    const file =
      pending && policy.storageName(row) !== null
        ? downloadLinks.linksTo(uploadFilePath(row.id), session)
        : null;
    const review = {
      _id: row.id,
      uploadedAt: row.uploaded_at,
      state: row.state,
      decidedAt: row.decided_at,
      reason: row.reason,
      expiresAt: pending ? new Date(Date.parse(row.uploaded_at) + limits.expiryMs).toISOString() : null,
    };
    return policy.toItem(row, review, file);
  }

  /** Approves or rejects an upload of `kind` if it is still pending and unexpired; nothing otherwise. */
  async function decideIfPending<K extends UploadKind>(
    kind: K,
    id: string,
    body: ReviewDecisionBody,
    decision: Decision,
  ): Promise<UploadOf<K> | undefined> {
    const row =
      body.decision === 'approve'
        ? await POLICIES[kind].approve(db, dialect, id, decision)
        : await rejectIfPending(db, kind, id, { ...decision, reason: body.reason });
    return row && { kind, row };
  }

  async function record<K extends UploadKind>(
    upload: NewUpload<K>,
    { session, ip }: { session: SessionClaims; ip: string },
  ): Promise<{ row: UploadRows[K]; state: 'approved' | 'pending' }> {
    const policy: UploadKindPolicy<K> = POLICIES[upload.kind];
    const pending = policy.newRow(upload, clock());
    const recorded = await inTransactionRetryingUniqueViolations(db, async (trx) => {
      const uploader = await callerAuthority(trx, dialect, session, 'teacher');
      if (uploader.role === 'admin') {
        const published = { ...pending, state: 'approved' as const, published_at: pending.uploaded_at };
        await policy.insert(trx, dialect, published);
        return { row: published, state: 'approved' as const };
      }
      await lockUploader(trx, dialect, uploader.id);
      const refusal = await capReached(trx, uploader.id);
      if (refusal) throw refusal;
      await policy.insert(trx, dialect, pending);
      return { row: pending, state: 'pending' as const };
    }).catch(async (error: unknown) => {
      const storageName = policy.storageName(pending);
      if (storageName !== null) await noteStore.remove(storageName);
      throw error;
    });
    await audit({
      action: recorded.state === 'approved' ? policy.publishAction : `${policy.auditArea}.submit`,
      actorId: upload.uploaderId,
      target: policy.auditTarget(pending),
      ip,
      details: { upload: pending.id, ...policy.auditDetails(pending, 'recorded') },
    });
    if (recorded.state === 'approved') await digests.published(policy.subjectUpdate(pending));
    return recorded;
  }

  return {
    expireOverdue,
    toUploadItem,
    record,

    async checkCaps(uploader) {
      if (uploader.role === 'admin') return;
      await expireOverdue();
      const refusal = await capReached(db, uploader.id);
      if (refusal) throw refusal;
    },

    async decide(id, admin, body, ip) {
      await expireOverdue();
      const found = await findUpload(db, id);
      if (!found) throw new HttpError(404, API_MESSAGES.uploadNotFound);
      const decision = { by: admin.id, atIso: clock().toISOString(), expiredAtOrBefore: expiredAtOrBefore() };
      const decided = await decideIfPending(found.kind, id, body, decision);
      if (!decided) {
        const now = (await findUpload(db, id))?.row.state;
        if (now === undefined) throw new HttpError(404, API_MESSAGES.uploadNotFound);
        // Still pending here means it expired since the sweep above: the next sweep says so to its teacher.
        const state = now === 'pending' ? 'expired' : now;
        if (now === 'pending') await expireOverdue();
        throw new HttpError(409, API_MESSAGES.alreadyDecided[state], { state });
      }
      const { row } = decided;
      const { area, target, details, label, storageName } = factsOf(decided);
      if (row.state === 'approved') await digests.published(subjectUpdateOf(decided));
      if (row.state === 'rejected' && storageName !== null) await noteStore.remove(storageName);
      await audit({
        action: `${area}.${row.state === 'approved' ? 'approve' : 'reject'}`,
        actorId: admin.id,
        target,
        ip,
        details: { ...details, ...(row.reason === null ? {} : { reason: row.reason }) },
      });
      await tellUploader(row.uploaded_by, (user) =>
        row.state === 'approved'
          ? MAILS.uploadApproved(user.email, user.name, decided.kind, label)
          : MAILS.uploadRejected(user.email, user.name, decided.kind, label, row.reason ?? ''),
      );
      return decided as UploadRow;
    },

    async pendingPage(paging, session) {
      await expireOverdue();
      const { uploads, total } = await pendingUploadsPage(db, paging);
      const people = await peopleById(
        db,
        uploads.map((upload) => upload.row.uploaded_by),
      );
      const items = uploads.map((upload) => ({
        ...toUploadItem(upload, session),
        uploader: upload.row.uploaded_by ? (people.get(upload.row.uploaded_by) ?? null) : null,
      }));
      return { items, ...paging, total };
    },

    async uploaderPage(session, paging) {
      await expireOverdue();
      const { uploads, total } = await uploadsOfUploaderPage(db, session.sub, paging);
      return { items: uploads.map((upload) => toUploadItem(upload, session)), ...paging, total };
    },

    async readablePending(id, viewer) {
      await expireOverdue();
      const upload = await findUpload(db, id);
      if (!upload || upload.kind === 'question' || upload.row.state !== 'pending') return undefined;
      const mayRead =
        viewer.role === 'admin' || (viewer.role === 'teacher' && viewer.id === upload.row.uploaded_by);
      return mayRead ? upload : undefined;
    },
  };
}

/** Sweeps at start-up and then every hour, until the returned stop is called (it waits for a sweep under way). */
export function scheduleExpirySweeps(
  reviews: UploadReviews,
  log: { error(details: object, text: string): void },
): () => Promise<void> {
  const run = () =>
    reviews.expireOverdue().catch((error: unknown) => {
      log.error({ error: String(error) }, 'Expiring pending uploads failed; the next sweep tries again');
      return 0;
    });
  let last = run();
  const timer = setInterval(() => {
    last = run();
  }, EXPIRY_SWEEP_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await last;
  };
}
