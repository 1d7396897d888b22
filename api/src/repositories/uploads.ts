/**
 * The review queue across its three tables (decision 034): a unit's notes (`note_files`), a question paper
 * (`question_papers`) and an important question (`important_questions`) share the states of decision 026, the
 * decision's race rule, the expiry sweep, the caps per uploader and the lists, which are one `union all` ordered by
 * upload time. What only one kind does (a current file per unit or session) is in its own table's module.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { UploadKind } from '@studyhub/contract/schemas';
import { lockForTransaction, type Dialect } from '../db/database';
import type { Database } from '../db/schema';
import type { QuestionRow } from './important-questions';
import type { NoteRow } from './note-files';
import { offsetOf, type Paging } from './paging';
import type { PaperRow } from './question-papers';

/** The table each kind of upload is kept in. */
export const UPLOAD_TABLES = {
  note: 'note_files',
  paper: 'question_papers',
  question: 'important_questions',
} as const satisfies Record<UploadKind, keyof Database>;
type UploadTable = (typeof UPLOAD_TABLES)[UploadKind];

export interface UploadRows {
  note: NoteRow;
  paper: PaperRow;
  question: QuestionRow;
}
/** One upload of kind K: which kind, and its row. */
export interface UploadOf<K extends UploadKind> {
  kind: K;
  row: UploadRows[K];
}
/** One upload of any kind; `kind` says which row it holds. */
export type UploadRow = { [K in UploadKind]: UploadOf<K> }[UploadKind];

const KINDS = Object.keys(UPLOAD_TABLES) as UploadKind[];

export interface Decision {
  by: string;
  atIso: string;
  /** Uploads made at or before this have expired, decided or not yet swept (decision 026). */
  expiredAtOrBefore: string;
}

/** `row` as the upload of its kind (rows of a table are that kind's by construction). */
const uploadOf = <K extends UploadKind>(kind: K, row: unknown): UploadOf<K> => ({
  kind,
  row: row as UploadRows[K],
});

/**
 * Approves a pending, unexpired upload (inside the caller's transaction, if any) and answers its row; nothing when
 * it was not (anymore) pending. Of two admins deciding at once, the second finds it decided: one conditional
 * update, whose row lock PostgreSQL re-checks once the first commits.
 */
export function approveIfPending<K extends UploadKind>(
  executor: Kysely<Database>,
  kind: K,
  id: string,
  decision: Decision,
): Promise<UploadRows[K] | undefined> {
  return decideIfPending(executor, kind, id, decision, {
    state: 'approved',
    decided_by: decision.by,
    decided_at: decision.atIso,
    published_at: decision.atIso,
  });
}

/** Rejects a pending, unexpired upload; nothing comes back when it was not (anymore) pending. */
export function rejectIfPending<K extends UploadKind>(
  db: Kysely<Database>,
  kind: K,
  id: string,
  decision: Decision & { reason: string },
): Promise<UploadRows[K] | undefined> {
  return decideIfPending(db, kind, id, decision, {
    state: 'rejected',
    decided_by: decision.by,
    decided_at: decision.atIso,
    reason: decision.reason,
  });
}

/** Writes `decided` to an upload only while it is pending and unexpired, and answers it as it is then. */
async function decideIfPending<K extends UploadKind>(
  executor: Kysely<Database>,
  kind: K,
  id: string,
  decision: Decision,
  decided: { state: 'approved' | 'rejected'; decided_by: string; decided_at: string } & (
    { published_at: string } | { reason: string }
  ),
): Promise<UploadRows[K] | undefined> {
  const row = await executor
    .updateTable(UPLOAD_TABLES[kind] as UploadTable)
    .set(decided)
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .where('uploaded_at', '>', decision.expiredAtOrBefore)
    .returningAll()
    .executeTakeFirst();
  return row && uploadOf(kind, row).row;
}

/**
 * Expires every pending upload of every kind made at or before `expiredAtOrBefore` and answers the rows it
 * changed. Several processes may sweep at once: they take turns (PostgreSQL: an advisory lock, so no two updates
 * lock the same rows in different orders; SQLite: one writer), and each row changes, and is answered, in exactly
 * one of them.
 */
export function expirePendingUploads(
  db: Kysely<Database>,
  dialect: Dialect,
  expiredAtOrBefore: string,
  atIso: string,
): Promise<UploadRow[]> {
  return db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, dialect, 'uploads:expiry');
    const expired: UploadRow[] = [];
    for (const kind of KINDS) {
      const rows = await trx
        .updateTable(UPLOAD_TABLES[kind])
        .set({ state: 'expired', decided_at: atIso })
        .where('state', '=', 'pending')
        .where('uploaded_at', '<=', expiredAtOrBefore)
        .returningAll()
        .execute();
      expired.push(...rows.map((row) => uploadOf(kind, row) as UploadRow));
    }
    return expired;
  });
}

/** The upload of any kind with this id. */
export async function findUpload(db: Kysely<Database>, id: string): Promise<UploadRow | undefined> {
  const found = await Promise.all(
    KINDS.map(async (kind) => {
      const row = await db
        .selectFrom(UPLOAD_TABLES[kind] as UploadTable)
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row && (uploadOf(kind, row) as UploadRow);
    }),
  );
  return found.find((upload) => upload !== undefined);
}

/** One uploader's uploads are counted and added one at a time, so two at once cannot both pass a cap. */
export function lockUploader(
  trx: Transaction<Database>,
  dialect: Dialect,
  uploaderId: string,
): Promise<void> {
  return lockForTransaction(trx, dialect, `uploads:${uploaderId}`);
}

/** Each table's rows that `column` = `value` picks: their kind, id and upload time, all three tables as one. */
function pickedUploads(db: Kysely<Database>, pick: { column: 'state' | 'uploaded_by'; value: string }) {
  const picked = (kind: UploadKind) =>
    db
      .selectFrom(UPLOAD_TABLES[kind] as UploadTable)
      .select([sql.lit(kind).as('kind'), 'id', 'uploaded_at', 'state'])
      .where(pick.column, '=', pick.value);
  return picked('note').unionAll(picked('paper')).unionAll(picked('question'));
}

/**
 * How many uploads of every kind an uploader has waiting, and how many they made since `sinceIso` (the caps of
 * decision 026, shared by the kinds).
 */
export async function uploaderCounts(
  db: Kysely<Database>,
  uploaderId: string,
  sinceIso: string,
): Promise<{ pending: number; recent: number }> {
  const counts = await db
    .selectFrom(pickedUploads(db, { column: 'uploaded_by', value: uploaderId }).as('mine'))
    .select((eb) => [
      eb.fn.countAll().filterWhere('state', '=', 'pending').as('pending'),
      eb.fn.countAll().filterWhere('uploaded_at', '>', sinceIso).as('recent'),
    ])
    .executeTakeFirstOrThrow();
  return { pending: Number(counts.pending), recent: Number(counts.recent) };
}

/** The rows of `keys` (kind and id), in the order of `keys`. */
async function rowsOf(db: Kysely<Database>, keys: { kind: UploadKind; id: string }[]): Promise<UploadRow[]> {
  const byId = new Map<string, UploadRow>();
  await Promise.all(
    KINDS.map(async (kind) => {
      const ids = keys.filter((key) => key.kind === kind).map((key) => key.id);
      if (ids.length === 0) return;
      const rows = await db
        .selectFrom(UPLOAD_TABLES[kind] as UploadTable)
        .selectAll()
        .where('id', 'in', ids)
        .execute();
      for (const row of rows) byId.set(row.id, uploadOf(kind, row) as UploadRow);
    }),
  );
  return keys.flatMap((key) => byId.get(key.id) ?? []);
}

/** One page of the uploads of every kind a filter picks, ordered by upload time, and how many it picks in all. */
async function uploadsPage(
  db: Kysely<Database>,
  pick: { column: 'state' | 'uploaded_by'; value: string },
  order: 'asc' | 'desc',
  paging: Paging,
): Promise<{ uploads: UploadRow[]; total: number }> {
  const picked = pickedUploads(db, pick).as('picked');
  const [keys, { total }] = await Promise.all([
    db
      .selectFrom(picked)
      .select(['kind', 'id'])
      .orderBy('uploaded_at', order)
      .orderBy('id')
      .limit(paging.pageSize)
      .offset(offsetOf(paging))
      .execute(),
    db
      .selectFrom(picked)
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { uploads: await rowsOf(db, keys), total: Number(total) };
}

/** The review queue, a page at a time: pending uploads of every kind, oldest first. */
export function pendingUploadsPage(db: Kysely<Database>, paging: Paging) {
  return uploadsPage(db, { column: 'state', value: 'pending' }, 'asc', paging);
}

/** One uploader's uploads of every kind, newest first, a page at a time. */
export function uploadsOfUploaderPage(db: Kysely<Database>, uploaderId: string, paging: Paging) {
  return uploadsPage(db, { column: 'uploaded_by', value: uploaderId }, 'desc', paging);
}
