/**
 * The addresses a search inside the notes leads to (decision 040): a file's reader at a page, and the results
 * page. A module of their own, so a first load that imports the paths does not carry them.
 */
import { PATHS, subjectPath } from './paths';

/** What a reader link opens: a unit of a subject's notes, or one of its papers by the paper's id. */
export type ReaderTarget =
  | { kind: 'note'; subjectCode: string; unit: number }
  | { kind: 'paper'; subjectCode: string; fileId: string };

/**
 * The address of a subject's page with a file's reader open at `page`, marking the words of `find` (decision
 * 040): `/notes/CS-502?unit=3&page=14&find=dijkstra+algorithm`, `/papers/CS-502?paper={id}&page=2&find=…`.
 */
export function readerLink(target: ReaderTarget, page: number, find?: string): string {
  const params = new URLSearchParams(
    target.kind === 'note' ? { unit: String(target.unit) } : { paper: target.fileId },
  );
  params.set('page', String(page));
  if (find) params.set('find', find);
  return `${subjectPath(target.subjectCode, target.kind === 'note' ? 'notes' : 'papers')}?${params}`;
}

/** The results page of a search inside the notes: `/search?q=dijkstra`, `&page=2` past the first page. */
export function searchPath(query: string, page = 1): string {
  const params = new URLSearchParams({ q: query });
  if (page > 1) params.set('page', String(page));
  return `${PATHS.search}?${params}`;
}
