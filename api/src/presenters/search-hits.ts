/** How the API shows a search hit (decision 038): where it is (subject, unit or session, page) and its snippet. */
import { findSubject } from '@studyhub/contract/catalog';
import { sessionLabel, type SearchHit } from '@studyhub/contract/schemas';
import type { SearchHitRow } from '../repositories/search-hits';
import type { QueryPart } from '../search/query';
import { snippetOf } from '../search/snippets';

export function toSearchHit(row: SearchHitRow, parts: readonly QueryPart[]): SearchHit {
  const isNote = row.note_subject !== null;
  const subjectCode = (row.note_subject ?? row.paper_subject)!;
  return {
    kind: isNote ? 'note' : 'paper',
    fileId: row.file_id,
    subjectCode,
    // A subject the catalog no longer names still shows its code.
    subject: findSubject(subjectCode)?.name ?? subjectCode,
    unit: isNote ? Number(row.unit) : null,
    session:
      !isNote && row.session_year !== null && row.session_month !== null
        ? sessionLabel({ year: Number(row.session_year), month: Number(row.session_month) })
        : null,
    page: Number(row.page),
    ...snippetOf(row.text, parts),
  };
}
