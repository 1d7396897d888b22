/**
 * How the API shows a question paper (decision 034): in a subject's paper list and in an upload reply, by the
 * path its signed links cover, and by the name its PDF is sent under (presenters/stored-pdfs.ts sends it).
 */
import { findSubject } from '@studyhub/contract/catalog';
import type { Paper, UploadFileLinks, UploadedPaper } from '@studyhub/contract/schemas';
import { paperSession, type PaperRow } from '../repositories/question-papers';

/** Where a current paper's PDF is read (GET /api/papers/{id}/file), which signed links cover. */
export const paperFilePath = (id: string) => `/api/papers/${id}/file`;

/** The name a paper is downloaded under: `CS-502 May 2024.pdf`, with `tag`: `CS-502 May 2024 pending.pdf`. */
export function paperFileName(row: PaperRow, tag?: string): string {
  const code = row.subject_code.replace(/[^A-Za-z0-9-]+/g, '');
  return `${code} ${paperSession(row)}${tag ? ` ${tag}` : ''}.pdf`;
}

export function toPaper(row: PaperRow, links: UploadFileLinks): Paper {
  return {
    _id: row.id,
    session: paperSession(row),
    scheme: row.scheme,
    uploadedAt: row.uploaded_at,
    size: row.size,
    ...links,
  };
}

export function toUploadedPaper(row: PaperRow): UploadedPaper {
  return {
    _id: row.id,
    subject: findSubject(row.subject_code)?.name ?? row.subject_code,
    subjectCode: row.subject_code,
    session: paperSession(row),
    scheme: row.scheme,
  };
}
