/**
 * The search's read (decision 038): the pages matching a parsed query, best first, joined to the current, approved
 * note file or paper they belong to, so nothing students may not see is ever found. SQLite asks its FTS5 table and
 * ranks by bm25; PostgreSQL asks the GIN-indexed tsvector and ranks by ts_rank with length normalisation: on both
 * the more often a page holds the words, for its length, the higher it ranks. Ties go in the order pages were
 * indexed (a file's pages in order).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Dialect } from '../db/database';
import type { Database } from '../db/schema';
import { toFts5Match, toTsQuery, type QueryPart } from '../search/query';

export interface SearchHitRow {
  file_id: string;
  page: number;
  text: string;
  note_subject: string | null;
  unit: number | null;
  paper_subject: string | null;
  session_year: number | null;
  session_month: number | null;
}

/**
 * The best `max` matching pages by score, higher first, ties by id, before visibility: ranking is what costs on
 * a common word, so the joins and the count see only these.
 */
function rankedPages(dialect: Dialect, parts: readonly QueryPart[], max: number): RawBuilder<unknown> {
  if (dialect === 'postgres') {
    return sql`
      select p.id, ts_rank(p.terms_vector, query, 1) as score
      from search_pages p, to_tsquery('simple', ${toTsQuery(parts)}) query
      where p.terms_vector @@ query
      order by score desc, p.id
      limit ${max}`;
  }
  // bm25 is lower for better pages.
  return sql`
    select rowid as id, -bm25(search_pages_fts) as score
    from search_pages_fts
    where search_pages_fts match ${toFts5Match(parts)}
    order by bm25(search_pages_fts), rowid
    limit ${max}`;
}

/** Joins ranked pages to their files, keeping those of current, approved note files and papers only. */
const LISTED = sql`
  join search_pages p on p.id = r.id
  left join note_files n on n.id = p.file_id and n.state = 'approved' and n.current = 1
  left join question_papers q on q.id = p.file_id and q.state = 'approved' and q.current = 1
  where n.id is not null or q.id is not null`;

/**
 * One page of hits, best first, and how many there are, counting at most `maxHits` (as far as a student may
 * page).
 */
export async function searchPages(
  db: Kysely<Database>,
  dialect: Dialect,
  parts: readonly QueryPart[],
  { limit, offset, maxHits }: { limit: number; offset: number; maxHits: number },
): Promise<{ total: number; rows: SearchHitRow[] }> {
  const ranked = rankedPages(dialect, parts, maxHits);
  const { rows } = await sql<SearchHitRow & { total: number | string }>`
    with r as (${ranked})
    select p.file_id, p.page, p.text, n.subject_code as note_subject, n.unit,
      q.subject_code as paper_subject, q.session_year, q.session_month, count(*) over () as total
    from r ${LISTED}
    order by r.score desc, r.id
    limit ${limit} offset ${offset}`.execute(db);
  if (rows.length > 0 || offset === 0) return { total: Number(rows[0]?.total ?? 0), rows };
  // Past the last page: the count alone.
  const counted = await sql<{ total: number | string }>`
    with r as (${ranked}) select count(*) as total from r ${LISTED}`.execute(db);
  return { total: Number(counted.rows[0]?.total ?? 0), rows: [] };
}
