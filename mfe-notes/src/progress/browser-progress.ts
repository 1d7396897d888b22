/**
 * The notes area's one progress recorder, wired to the browser (decision 041): writes through the API client,
 * the closing write with `fetch`'s keepalive (axios has none, and a request of a closing page must outlive it),
 * storage in localStorage, and a flush when the page is hidden and when the connection returns.
 */
import { API_BASE_URL, apiErrorReply, apiPut, readStoredSession, storedToken } from '@studyhub/shared';
import { progressWriteReply, type ProgressEntry } from '@studyhub/contract/schemas';
import {
  createProgressRecorder,
  type ProgressRecorder,
  type ReadFile,
  type SendResult,
} from './progress-recorder';

const PROGRESS_PATH = '/api/progress';

/** 4xx but a session that ended (401) or too many requests (429): these entries will never be taken. */
const refused = (status: number) => status >= 400 && status < 500 && status !== 401 && status !== 429;

function resultOf(status: number | null): SendResult {
  if (status === null) return 'keep';
  if (status < 300) return 'sent';
  return refused(status) ? 'drop' : 'keep';
}

async function send(entries: ProgressEntry[], { keepalive }: { keepalive: boolean }): Promise<SendResult> {
  if (!navigator.onLine) return 'keep';
  if (keepalive) {
    const token = storedToken();
    try {
      const reply = await fetch(`${API_BASE_URL}${PROGRESS_PATH}`, {
        method: 'PUT',
        keepalive: true,
        headers: {
          'Content-Type': 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ entries }),
      });
      return resultOf(reply.status);
    } catch {
      return 'keep';
    }
  }
  try {
    await apiPut(PROGRESS_PATH, { entries }, __STUDYHUB_CHECK_REPLIES__ && progressWriteReply);
    return 'sent';
  } catch (error) {
    return resultOf(apiErrorReply(error)?.status ?? null);
  }
}

let recorder: ProgressRecorder | null = null;
/** Whose entries a hidden page or a returning connection sends: the user whose reader last turned a page. */
let reader: string | null = null;

function listen(): void {
  const flushReader = (keepalive: boolean) => {
    if (reader !== null) void recorder?.flush(reader, { keepalive });
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushReader(true);
  });
  window.addEventListener('pagehide', () => flushReader(true));
  window.addEventListener('online', () => flushReader(false));
}

/** The recorder, created with its listeners on first use. */
export function progressRecorder(): ProgressRecorder {
  if (recorder === null) {
    recorder = createProgressRecorder({
      signedInUser: () => {
        const session = readStoredSession();
        return session.kind === 'valid' ? (session.user._id ?? null) : null;
      },
      send,
      storage: localStorage,
      now: () => new Date(),
      setTimer: (run, ms) => setTimeout(run, ms),
      clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
    });
    listen();
  }
  return recorder;
}

/**
 * Sends what a user's phone kept unsent (read offline, or before a page closed without its write): a notes page
 * calls it once a signed-in user is there, so the queue does not wait for the next page turn.
 */
export function sendKeptProgress(userId: string): void {
  reader = userId;
  if (navigator.onLine) void progressRecorder().flush(userId);
}

/** Records a page turn of the signed-in user's reader. */
export function recordPage(userId: string, file: ReadFile, page: number, pages: number): void {
  reader = userId;
  progressRecorder().record(userId, file, page, pages);
}
