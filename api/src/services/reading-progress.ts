/**
 * Reading progress as a write keeps it (decision 039): one entry per file (the latest read in the batch), a time
 * ahead of the server's clock counted as now, entries of files students cannot see (pending, rejected, replaced,
 * unknown, or of the other kind) skipped rather than refused, since an offline phone may send them late; then the
 * latest read per user and file wins (repositories/reading-progress.ts).
 */
import type { Kysely } from 'kysely';
import type { ProgressEntry } from '@studyhub/contract/schemas';
import type { Database, ReadingProgressTable } from '../db/schema';
import type { Clock } from '../lib/clock';
import { currentFileIds, upsertNewerProgress } from '../repositories/reading-progress';

export async function saveReadingProgress(
  db: Kysely<Database>,
  clock: Clock,
  userId: string,
  entries: readonly ProgressEntry[],
): Promise<{ saved: number; skipped: number }> {
  const now = clock().getTime();
  const latest = new Map<string, ReadingProgressTable>();
  for (const entry of entries) {
    const readAt = new Date(Math.min(Date.parse(entry.readAt), now)).toISOString();
    const key = `${entry.kind}:${entry.fileId}`;
    const kept = latest.get(key);
    if (kept && kept.read_at >= readAt) continue;
    latest.set(key, {
      user_id: userId,
      kind: entry.kind,
      file_id: entry.fileId,
      page: entry.page,
      pages: entry.pages,
      read_at: readAt,
    });
  }
  const rows = [...latest.values()];
  const idsOf = (kind: ReadingProgressTable['kind']) =>
    rows.filter((row) => row.kind === kind).map((row) => row.file_id);
  const current = {
    note: await currentFileIds(db, 'note', idsOf('note')),
    paper: await currentFileIds(db, 'paper', idsOf('paper')),
  };
  const saved = await upsertNewerProgress(
    db,
    rows.filter((row) => current[row.kind].has(row.file_id)),
  );
  return { saved, skipped: entries.length - saved };
}
