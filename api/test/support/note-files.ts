/** Note files (notes-upload.test.ts, notes-download.test.ts). */
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { type TestApp } from './apps';
import { type ApiReply, request } from './requests';

export interface MultipartPart {
  name: string;
  filename?: string;
  contentType?: string;
  content: string | Buffer | Uint8Array;
}

/** A multipart/form-data body built by hand, and the content-type header that goes with it. */
export function multipartBody(parts: MultipartPart[]): { payload: Buffer; contentType: string } {
  const boundary = `----studyhub-${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    const type = part.contentType === undefined ? '' : `\r\nContent-Type: ${part.contentType}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${filename}${type}\r\n\r\n`,
      ),
      Buffer.from(part.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The upload form: `file` in the field "pdf", as the admin's upload page sends it. */
export function pdfForm(
  file: Buffer | Uint8Array,
  filename = 'notes.pdf',
): { payload: Buffer; contentType: string } {
  return multipartBody([{ name: 'pdf', filename, contentType: 'application/pdf', content: file }]);
}

/** POST /api/upload/upload with `file` in the field "pdf" (or the given parts) and the query as given. */
export function uploadNote(
  t: TestApp,
  query: Record<string, string> | string,
  file: Buffer | Uint8Array | MultipartPart[] | null,
  token?: string,
): Promise<ApiReply> {
  const search = typeof query === 'string' ? query : new URLSearchParams(query).toString();
  const { payload, contentType } =
    file === null ? multipartBody([]) : Array.isArray(file) ? multipartBody(file) : pdfForm(file);
  return request(t.app, 'POST', `/api/upload/upload?${search}`, undefined, {
    token,
    raw: payload,
    headers: { 'content-type': contentType },
  });
}

/** Every file under a folder (relative paths, sorted), hidden ones and subfolders included. */
export function listFiles(dir: string): string[] {
  const found: string[] = [];
  const walk = (current: string, prefix: string) => {
    let entries;
    try {
      entries = readdirSync(current, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path.join(current, entry.name), relative);
      else found.push(relative);
    }
  };
  walk(dir, '');
  return found.sort();
}
