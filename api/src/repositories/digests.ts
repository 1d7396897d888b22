/**
 * The digest mail's rows (decision 039). A subject update is recorded when something of a subject becomes visible
 * to students, and queued for each of the subject's followers in the same statement's transaction, so a follower
 * gets exactly what became visible while they followed. Each user's digest is claimed under a lease by a
 * conditional write, so of several replicas exactly one sends it; finishing drops the items it mailed (those that
 * arrived meanwhile wait for the next) and records when it went.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, SubjectUpdatesTable } from '../db/schema';

export type NewSubjectUpdate = Pick<SubjectUpdatesTable, 'subject_code' | 'kind' | 'unit' | 'session'>;

/** Records the update and queues it for every follower of its subject. */
export async function recordSubjectUpdate(
  db: Kysely<Database>,
  update: NewSubjectUpdate,
  nowIso: string,
): Promise<void> {
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('subject_updates')
      .values({ ...update, id, created_at: nowIso })
      .execute();
    await trx
      .insertInto('digest_items')
      .columns(['user_id', 'update_id', 'queued_at'])
      .expression((eb) =>
        eb
          .selectFrom('follows')
          .select((inner) => ['user_id', inner.val(id).as('update_id'), inner.val(nowIso).as('queued_at')])
          .where('subject_code', '=', update.subject_code),
      )
      .execute();
  });
}

/**
 * Users whose digest is due now: an item has waited since `gatheredBefore` or longer, their last digest went at
 * `dayAgo` or before (or never), and no replica holds their lease. At most `limit`, the longest waiting first.
 */
export async function dueDigestUsers(
  db: Kysely<Database>,
  {
    now,
    gatheredBefore,
    dayAgo,
    limit,
  }: { now: string; gatheredBefore: string; dayAgo: string; limit: number },
): Promise<string[]> {
  const rows = await db
    .selectFrom('digest_items as i')
    .leftJoin('digests as d', 'd.user_id', 'i.user_id')
    .where((eb) =>
      eb.or([
        eb('d.user_id', 'is', null),
        eb.and([
          eb.or([eb('d.last_sent_at', 'is', null), eb('d.last_sent_at', '<=', dayAgo)]),
          eb.or([eb('d.lease_until', 'is', null), eb('d.lease_until', '<', now)]),
        ]),
      ]),
    )
    .groupBy('i.user_id')
    .having((eb) => eb.fn.min('i.queued_at'), '<=', gatheredBefore)
    .select((eb) => ['i.user_id', eb.fn.min('i.queued_at').as('first')])
    .orderBy('first')
    .limit(limit)
    .execute();
  return rows.map((row) => row.user_id);
}

/**
 * Claims the user's digest until `leaseUntil` if it is still due and nobody holds it: the first one inserts the
 * row, later ones take it over by a conditional update. False when another replica got there first.
 */
export async function claimDigest(
  db: Kysely<Database>,
  userId: string,
  { now, dayAgo, leaseUntil }: { now: string; dayAgo: string; leaseUntil: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('digests')
    .values({ user_id: userId, last_sent_at: null, lease_until: leaseUntil })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return true;
  const taken = await db
    .updateTable('digests')
    .set({ lease_until: leaseUntil })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_sent_at', 'is', null), eb('last_sent_at', '<=', dayAgo)]))
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

export interface DigestItem {
  update_id: string;
  subject_code: string;
  kind: SubjectUpdatesTable['kind'];
  unit: number | null;
  session: string | null;
  created_at: string;
}

/** The user (as they are now: a deleted account has none) and the updates waiting for their digest, oldest first. */
export async function digestOf(
  db: Kysely<Database>,
  userId: string,
): Promise<{ user: { email: string; name: string } | undefined; items: DigestItem[] }> {
  const user = await db
    .selectFrom('users')
    .select(['email', 'name'])
    .where('id', '=', userId)
    .executeTakeFirst();
  const items = await db
    .selectFrom('digest_items as i')
    .innerJoin('subject_updates as u', 'u.id', 'i.update_id')
    .where('i.user_id', '=', userId)
    .select(['i.update_id', 'u.subject_code', 'u.kind', 'u.unit', 'u.session', 'u.created_at'])
    .orderBy('u.created_at')
    .orderBy('u.id')
    .execute();
  return { user, items };
}

/**
 * Marks the digest sent at `now` and drops the items it carried, while the lease is still ours (`leaseUntil`
 * unchanged); false if it lapsed and another replica took it.
 */
export function finishDigest(
  db: Kysely<Database>,
  userId: string,
  updateIds: readonly string[],
  { now, leaseUntil }: { now: string; leaseUntil: string },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable('digests')
      .set({ last_sent_at: now, lease_until: null })
      .where('user_id', '=', userId)
      .where('lease_until', '=', leaseUntil)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) return false;
    if (updateIds.length > 0) {
      await trx
        .deleteFrom('digest_items')
        .where('user_id', '=', userId)
        .where('update_id', 'in', [...updateIds])
        .execute();
    }
    return true;
  });
}

/** Gives a claim back unsent (a stop, or a mail cap reached): the next pass may take it again. */
export async function releaseDigest(db: Kysely<Database>, userId: string, leaseUntil: string): Promise<void> {
  await db
    .updateTable('digests')
    .set({ lease_until: null })
    .where('user_id', '=', userId)
    .where('lease_until', '=', leaseUntil)
    .execute();
}

/** Drops updates no digest waits for any more (every follower's went, or nobody followed). */
export async function dropDeliveredUpdates(db: Kysely<Database>): Promise<void> {
  await db
    .deleteFrom('subject_updates')
    .where('id', 'not in', (eb) => eb.selectFrom('digest_items').select('update_id'))
    .execute();
}
