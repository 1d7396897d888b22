import type { AxiosRequestConfig } from 'axios';
import { UPLOAD_TIMEOUT_MS } from '@studyhub/contract';

export interface SendPdfOptions {
  /** Gives up after this long (product §9: 10 s); a page for slow links or big files may pass more. */
  timeoutMs?: number;
  /** Percent of the file sent so far, from the request's upload progress events. */
  onProgress?(percent: number): void;
}

/** Percent sent, or null when the browser does not know the total. */
export function progressPercent(event: { loaded: number; total?: number; progress?: number }): number | null {
  const fraction = event.progress ?? (event.total ? event.loaded / event.total : undefined);
  if (fraction === undefined || !Number.isFinite(fraction)) return null;
  return Math.max(0, Math.min(100, Math.round(fraction * 100)));
}

/**
 * The body and settings of a PDF upload (notes, a question paper): the choices in the query and a multipart body
 * holding the one file in the field `pdf` and nothing else (docs/security.md item 42).
 */
export function pdfUpload(
  file: File,
  query: Record<string, string>,
  { timeoutMs = UPLOAD_TIMEOUT_MS, onProgress }: SendPdfOptions = {},
): { body: FormData; config: AxiosRequestConfig } {
  const body = new FormData();
  body.append('pdf', file);
  return {
    body,
    config: {
      params: query,
      timeout: timeoutMs,
      onUploadProgress: (event) => {
        const percent = progressPercent(event);
        if (percent !== null) onProgress?.(percent);
      },
    },
  };
}
