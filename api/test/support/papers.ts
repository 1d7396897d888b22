/** Question papers and important questions (papers.test.ts, questions.test.ts, upload-kinds.test.ts). */
import { type TestApp } from './apps';
import { multipartBody, pdfForm, type MultipartPart } from './note-files';
import { type ApiReply, request } from './requests';

/** A past exam session every test may name (the contract refuses sessions yet to come). */
export const SESSION = 'May 2024';

/** A session that has not happened yet, whenever the suite runs. */
export const futureSession = () => `Jan ${new Date().getUTCFullYear() + 1}`;

/** POST /api/papers/upload with `file` in the field "pdf" (or the given parts) and the query as given. */
export function uploadPaper(
  t: TestApp,
  query: Record<string, string> | string,
  file: Buffer | Uint8Array | MultipartPart[] | null,
  token?: string,
): Promise<ApiReply> {
  const search = typeof query === 'string' ? query : new URLSearchParams(query).toString();
  const { payload, contentType } =
    file === null
      ? multipartBody([])
      : Array.isArray(file)
        ? multipartBody(file)
        : pdfForm(file, 'paper.pdf');
  return request(t.app, 'POST', `/api/papers/upload?${search}`, undefined, {
    token,
    raw: payload,
    headers: { 'content-type': contentType },
  });
}

/** POST /api/questions with `body` as JSON (no token: anonymous). */
export function addQuestion(t: TestApp, body: unknown, token?: string): Promise<ApiReply> {
  return request(t.app, 'POST', '/api/questions', body, token === undefined ? {} : { token });
}
