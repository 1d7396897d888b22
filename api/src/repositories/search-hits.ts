/**
 * The search's read (decision 038): the pages matching a parsed query, best first, joined to the current, approved
 * note file or paper they belong to, so nothing students may not see is ever found. SQLite asks its FTS5 table and
 * ranks by bm25; PostgreSQL asks the GIN-indexed tsvector and ranks by ts_rank with length normalisation: on both
 * the more often a page holds the words, for its length, the higher it ranks. Ties go in the order pages were
 * indexed (a file's pages in order). A query matching very many pages ranks only the newest of them (decision 042).
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
 * a common word, so the joins and the count see only these. Only the newest `maxRanked` matching pages (by id, the
 * order pages were indexed) are ranked (decision 042): a word on tens of thousands of pages would otherwise read
 * and score every one of them.
 */
function rankedPages(
  dialect: Dialect,
  parts: readonly QueryPart[],
  { max, maxRanked }: { max: number; maxRanked: number },
): RawBuilder<unknown> {
  if (dialect === 'postgres') {
    // Only id and score go through the inner sort: sorting whole rows (their vectors) spilled to disk.
    return sql`
      select id, score from (
        select p.id, ts_rank(p.terms_vector, query, 1) as score
        from search_pages p, to_tsquery('simple', ${toTsQuery(parts)}) query
        where p.terms_vector @@ query
        order by p.id desc
        limit ${maxRanked}
      ) newest
      order by score desc, id
      limit ${max}`;
  }
  // bm25 can only be asked in the MATCH that ranks, so the newest pages are a rowid range, which FTS5 seeks: from
  // the `maxRanked`th newest match (0 when there are fewer). bm25 is lower for better pages.
  const match = toFts5Match(parts);
  return sql`
    select rowid as id, -bm25(search_pages_fts) as score
    from search_pages_fts
    where search_pages_fts match ${match}
      and rowid >= coalesce((
        select rowid from search_pages_fts where search_pages_fts match ${match}
        order by rowid desc limit 1 offset ${maxRanked - 1}
      ), 0)
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
 * page) of the newest `maxRanked` matching pages; `more` when `maxHits` pages were ranked, so more may match than
 * `total` counts.
 */
export async function searchPages(
  db: Kysely<Database>,
  dialect: Dialect,
  parts: readonly QueryPart[],
  {
    limit,
    offset,
    maxHits,
    maxRanked,
  }: { limit: number; offset: number; maxHits: number; maxRanked: number },
): Promise<{ total: number; more: boolean; rows: SearchHitRow[] }> {
  const ranked = rankedPages(dialect, parts, { max: maxHits, maxRanked });
  const { rows } = await sql<SearchHitRow & { total: number | string; ranked: number | string }>`
    with r as (${ranked})
    select p.file_id, p.page, p.text, n.subject_code as note_subject, n.unit,
      q.subject_code as paper_subject, q.session_year, q.session_month, count(*) over () as total,
      (select count(*) from r) as ranked
    from r ${LISTED}
    order by r.score desc, r.id
    limit ${limit} offset ${offset}`.execute(db);
  const [first] = rows;
  if (first) return { total: Number(first.total), more: Number(first.ranked) >= maxHits, rows };
  if (offset === 0) return { total: 0, more: false, rows };
  // Past the last page: the counts alone.
  const counted = await sql<{ total: number | string; ranked: number | string }>`
    with r as (${ranked})
    select (select count(*) from r ${LISTED}) as total, (select count(*) from r) as ranked`.execute(db);
  const counts = counted.rows[0];
  return { total: Number(counts?.total ?? 0), more: Number(counts?.ranked ?? 0) >= maxHits, rows: [] };
}
