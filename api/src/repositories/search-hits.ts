/**
 * The search's read (decision 038): the pages matching a parsed query, best first, joined to the current, approved
 * note file or paper they belong to, so nothing students may not see is ever found. SQLite asks its FTS5 table and
 * ranks by bm25; PostgreSQL asks the GIN-indexed tsvector and ranks by ts_rank with length normalisation: on both
 * the more often a page holds the words, for its length, the higher it ranks. Ties go by file and page.
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

/** The FROM and WHERE of both queries: matching pages of listed files. */
function matchingPages(
  dialect: Dialect,
  parts: readonly QueryPart[],
): { from: RawBuilder<unknown>; rank: RawBuilder<unknown> } {
  const listed = sql`
    left join note_files n on n.id = p.file_id and n.state = 'approved' and n.current = 1
    left join question_papers q on q.id = p.file_id and q.state = 'approved' and q.current = 1`;
  if (dialect === 'postgres') {
    return {
      from: sql`
        search_pages p ${listed}
        where p.terms_vector @@ to_tsquery('simple', ${toTsQuery(parts)}) and (n.id is not null or q.id is not null)`,
      rank: sql`ts_rank(p.terms_vector, to_tsquery('simple', ${toTsQuery(parts)}), 1) desc`,
    };
  }
  return {
    from: sql`
      search_pages_fts f join search_pages p on p.id = f.rowid ${listed}
      where search_pages_fts match ${toFts5Match(parts)} and (n.id is not null or q.id is not null)`,
    rank: sql`bm25(search_pages_fts)`,
  };
}

export async function searchPages(
  db: Kysely<Database>,
  dialect: Dialect,
  parts: readonly QueryPart[],
  { limit, offset }: { limit: number; offset: number },
): Promise<{ total: number; rows: SearchHitRow[] }> {
  const { from, rank } = matchingPages(dialect, parts);
  const [counted, found] = await Promise.all([
    sql<{ total: number | string }>`select count(*) as total from ${from}`.execute(db),
    sql<SearchHitRow>`
      select p.file_id, p.page, p.text, n.subject_code as note_subject, n.unit,
        q.subject_code as paper_subject, q.session_year, q.session_month
      from ${from}
      order by ${rank}, p.file_id, p.page
      limit ${limit} offset ${offset}`.execute(db),
  ]);
  return { total: Number(counted.rows[0]?.total ?? 0), rows: found.rows };
}
