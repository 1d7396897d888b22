import type { GenericAbortSignal } from 'axios';
import { apiGet, type ReplySchema } from '@studyhub/shared';

/** A file's reply is its bytes, as a Blob: no JSON for a contract schema to describe. */
const fileReply: ReplySchema<Blob> = {
  safeParse: (data) =>
    data instanceof Blob
      ? { success: true, data }
      : { success: false, error: { issues: [{ path: [], message: 'expected the file’s bytes' }] } },
};

/**
 * A file by its signed link (a unit's or a paper's `url`), whole, as a Blob to keep for offline reading;
 * `onProgress` hears the share received (0–1) when the server says the length.
 */
export async function getFileForOffline(
  url: string,
  onProgress: (share: number) => void,
  signal?: GenericAbortSignal,
): Promise<Blob> {
  return apiGet(url, __STUDYHUB_CHECK_REPLIES__ && fileReply, {
    responseType: 'blob',
    signal,
    onDownloadProgress: ({ loaded, total }) => {
      if (total) onProgress(Math.min(1, loaded / total));
    },
  });
}
