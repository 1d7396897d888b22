/**
 * The upload review queue (decision 026): a teacher's upload waits as pending, under per-teacher caps,
 * until an admin approves or rejects it or it expires; an admin's is published at once. Each decision and expiry
 * is audited and mailed to the uploader. Queries are in repositories/note-files.ts, texts in messages.ts and
 * mails.ts.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { findSubject } from '@studyhub/contract/catalog';
import {
  describeUpload,
  type MyUploadsPage,
  type ReviewDecisionBody,
  type ReviewPage,
  type UploadItem,
} from '@studyhub/contract/schemas';
import type { ReviewLimits } from '../config';
import type { Database } from '../db/schema';
import type { Dialect } from '../db/database';
import { HttpError } from '../http-errors';
import { MAILS } from '../mails';
import { API_MESSAGES } from '../messages';
import {
  addCurrentNoteFile,
  approvePendingNoteFile,
  expirePendingNoteFiles,
  findNoteFile,
  inNoteFilesTransaction,
  insertPendingNoteFile,
  lockUploader,
  noteFilesOfUploaderPage,
  pendingNoteFilesPage,
  rejectPendingNoteFile,
  uploaderCounts,
  type NoteRow,
} from '../repositories/note-files';
import type { Paging } from '../repositories/paging';
import { findUserById, peopleById, type UserRow } from '../repositories/users';
import { callerAuthority } from './access';
import type { Audit } from './audit';
import type { Clock } from '../lib/clock';
import type { DownloadLinks } from './download-links';
import type { MailDelivery } from './mailer';
import type { MailQuota } from './mail-quota';
import type { NoteStore, StoredFile } from './note-store';
import type { SessionClaims } from './tokens';

/** The upload review queue's policy, as the upload, review and my-uploads routes and the sweeps use it. */
export interface UploadReviews {
  /**
   * Expires what has waited too long (files removed, each expiry audited, each teacher mailed once), or joins the
   * sweep under way in this process. Other processes may sweep at the same time: each expired row is changed, and
   * so answered, by exactly one of them. Resolves to how many expired.
   */
  expireOverdue(): Promise<number>;
  /** An upload as its uploader and the admins see it; a pending one's links speak for `session` (item 50). */
  toUploadItem(row: NoteRow, session: SessionClaims): UploadItem;
  /** Refuses a teacher's upload before any byte of it is stored, when a cap is reached. */
  checkCaps(uploader: UserRow): Promise<void>;
  /**
   * Records a stored upload as its sender may upload now, read in the transaction that records it
   * (docs/security.md item 48): an admin's becomes its unit's current file at once; a teacher's waits, the caps
   * counted again under a lock per teacher, so two uploads at once cannot both take the last place. A sender
   * whose session ended or whose role no longer uploads gets a 401 or 403, and nothing is recorded.
   */
  record(
    upload: StoredUpload,
    session: SessionClaims,
  ): Promise<{ row: NoteRow; state: 'approved' | 'pending' }>;
  /**
   * An admin's decision on a pending upload. Of two admins deciding at once exactly one changes it; the other
   * is told what became of it (409). A rejected upload's file is removed; the uploader hears either way.
   */
  decide(id: string, admin: UserRow, body: ReviewDecisionBody, ip: string): Promise<NoteRow>;
  /** The review queue, oldest first, each with its uploader and links to read it for `session`. */
  pendingPage(paging: Paging, session: SessionClaims): Promise<ReviewPage>;
  /** The uploads of `session`'s user, newest first. */
  uploaderPage(session: SessionClaims, paging: Paging): Promise<MyUploadsPage>;
  /**
   * The pending upload a reader may open, as they are now (a link's holder too): an admin any, a teacher their
   * own; nobody a decided one.
   */
  readablePending(id: string, viewer: UserRow): Promise<NoteRow | undefined>;
}

const DAY_MS = 86_400_000;

/** How often each server process looks for expired uploads; reads and decisions look first anyway. */
export const EXPIRY_SWEEP_INTERVAL_MS = 60 * 60_000;

/** The path a pending upload's PDF is read at (GET /api/uploads/{id}/file), which signed links cover. */
export const uploadFilePath = (id: string) => `/api/uploads/${id}/file`;

/** "CS-601 Machine Learning, Unit 3 (ml-unit-3.pdf)": how mails name an upload. */
function uploadLabel(row: NoteRow): string {
  const subject = findSubject(row.subject_code);
  return `${row.subject_code}${subject ? ` ${subject.name}` : ''}, Unit ${row.unit} (${row.original_name})`;
}

/** The audit trail's target of an upload, as uploads have always been written there. */
export const auditTarget = (row: NoteRow) => `${row.branch} ${row.subject_code} unit ${row.unit}`;

/** What the upload route hands over: the unit it names, the file the note store kept, and who sent it. */
export interface StoredUpload {
  target: { branch: string; year: number; semester: number; subject: { code: string }; unit: number };
  stored: StoredFile;
  originalName: string;
  uploaderId: string;
}

/** Keeps what a reader might want to see of the uploader's file name, and nothing that could act as a path. */
function sanitiseName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return base.replace(/[^\w.() -]+/g, '_').slice(0, 120) || 'upload.pdf';
}

/** A new upload's row, pending until record() decides what its sender may do. */
function newNoteRow({ target, stored, originalName, uploaderId }: StoredUpload, at: Date): NoteRow {
  return {
    id: randomUUID(),
    branch: target.branch,
    year: target.year,
    semester: target.semester,
    subject_code: target.subject.code,
    unit: target.unit,
    storage_name: stored.storageName,
    original_name: sanitiseName(originalName),
    size: stored.size,
    sha256: stored.sha256,
    uploaded_by: uploaderId,
    uploaded_at: at.toISOString(),
    current: 0,
    state: 'pending',
    published_at: null,
    decided_by: null,
    decided_at: null,
    reason: null,
  };
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
}): UploadReviews {
  const { db, dialect, clock, limits, audit, mail, mailQuota, noteStore, downloadLinks } = deps;
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
    const expired = await expirePendingNoteFiles(db, dialect, expiredAtOrBefore(), clock().toISOString());
    for (const row of expired) {
      await noteStore.remove(row.storage_name);
      await audit({
        action: 'notes.expire',
        target: auditTarget(row),
        details: { upload: row.id, file: row.original_name, uploadedAt: row.uploaded_at },
      });
    }
    const byUploader = new Map<string | null, NoteRow[]>();
    for (const row of expired)
      byUploader.set(row.uploaded_by, [...(byUploader.get(row.uploaded_by) ?? []), row]);
    for (const [uploaderId, rows] of byUploader) {
      await tellUploader(uploaderId, (user) =>
        MAILS.uploadsExpired(user.email, user.name, rows.map(uploadLabel), expiryDays),
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

  function toUploadItem(row: NoteRow, session: SessionClaims): UploadItem {
    const pending = row.state === 'pending';
    return {
      _id: row.id,
      subject: findSubject(row.subject_code)?.name ?? row.subject_code,
      subjectCode: row.subject_code,
      ...describeUpload(row),
      fileName: row.original_name,
      size: row.size,
      uploadedAt: row.uploaded_at,
      state: row.state,
      decidedAt: row.decided_at,
      reason: row.reason,
      expiresAt: pending ? new Date(Date.parse(row.uploaded_at) + limits.expiryMs).toISOString() : null,
      file: pending
        ? {
            url: downloadLinks.sign(uploadFilePath(row.id), session),
            downloadUrl: downloadLinks.sign(uploadFilePath(row.id), session, { download: true }),
          }
        : null,
    };
  }

  return {
    expireOverdue,
    toUploadItem,

    async checkCaps(uploader) {
      if (uploader.role === 'admin') return;
      await expireOverdue();
      const refusal = await capReached(db, uploader.id);
      if (refusal) throw refusal;
    },

    async record(upload, session) {
      const row = newNoteRow(upload, clock());
      const state = await inNoteFilesTransaction(db, async (trx): Promise<'approved' | 'pending'> => {
        const uploader = await callerAuthority(trx, dialect, session, 'teacher');
        if (uploader.role === 'admin') {
          await addCurrentNoteFile(trx, dialect, {
            ...row,
            state: 'approved',
            published_at: row.uploaded_at,
          });
          return 'approved';
        }
        await lockUploader(trx, dialect, uploader.id);
        const refusal = await capReached(trx, uploader.id);
        if (refusal) throw refusal;
        await insertPendingNoteFile(trx, row);
        return 'pending';
      });
      return { row, state };
    },

    async decide(id, admin, body, ip) {
      await expireOverdue();
      const decision = { by: admin.id, atIso: clock().toISOString(), expiredAtOrBefore: expiredAtOrBefore() };
      const row =
        body.decision === 'approve'
          ? await approvePendingNoteFile(db, dialect, id, decision)
          : await rejectPendingNoteFile(db, id, { ...decision, reason: body.reason });
      if (!row) {
        const now = await findNoteFile(db, id);
        if (!now) throw new HttpError(404, API_MESSAGES.uploadNotFound);
        // Still pending here means it expired since the sweep above: the next sweep says so to its teacher.
        const state = now.state === 'pending' ? 'expired' : now.state;
        if (now.state === 'pending') await expireOverdue();
        throw new HttpError(409, API_MESSAGES.alreadyDecided[state], { state });
      }
      if (row.state === 'rejected') await noteStore.remove(row.storage_name);
      await audit({
        action: row.state === 'approved' ? 'notes.approve' : 'notes.reject',
        actorId: admin.id,
        target: auditTarget(row),
        ip,
        details: {
          upload: row.id,
          file: row.original_name,
          ...(row.reason === null ? {} : { reason: row.reason }),
        },
      });
      await tellUploader(row.uploaded_by, (user) =>
        row.state === 'approved'
          ? MAILS.uploadApproved(user.email, user.name, uploadLabel(row))
          : MAILS.uploadRejected(user.email, user.name, uploadLabel(row), row.reason ?? ''),
      );
      return row;
    },

    async pendingPage(paging, session) {
      await expireOverdue();
      const { rows, total } = await pendingNoteFilesPage(db, paging);
      const people = await peopleById(
        db,
        rows.map((row) => row.uploaded_by),
      );
      const items = rows.map((row) => ({
        ...toUploadItem(row, session),
        uploader: row.uploaded_by ? (people.get(row.uploaded_by) ?? null) : null,
      }));
      return { items, ...paging, total };
    },

    async uploaderPage(session, paging) {
      await expireOverdue();
      const { rows, total } = await noteFilesOfUploaderPage(db, session.sub, paging);
      return { items: rows.map((row) => toUploadItem(row, session)), ...paging, total };
    },

    async readablePending(id, viewer) {
      await expireOverdue();
      const row = await findNoteFile(db, id);
      if (!row || row.state !== 'pending') return undefined;
      const mayRead = viewer.role === 'admin' || (viewer.role === 'teacher' && viewer.id === row.uploaded_by);
      return mayRead ? row : undefined;
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
