import { apiErrorMessage, apiErrorReply } from '@studyhub/shared';

/**
 * "The server or client message" of product §8: the server's `{ message }`, else the text of an error raised in
 * the browser (an unreadable Google credential), else the fallback. A failed request without a server message
 * (offline, a 500 page) shows the fallback, never axios' own wording.
 */
export function serverOrClientMessage(error: unknown, fallback: string): string {
  const fromServer = apiErrorMessage(error, '');
  if (fromServer) return fromServer;
  const requestFailed =
    apiErrorReply(error) !== null || (error instanceof Error && error.name === 'AxiosError');
  if (!requestFailed && error instanceof Error && error.message.trim() !== '') return error.message;
  return fallback;
}
