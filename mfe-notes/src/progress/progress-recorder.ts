/**
 * How far a student read each file, kept on the phone and written to the server coalesced (decision 041): the
 * reader reports every page turn, the recorder keeps the latest page per file and sends them together at most once
 * every PROGRESS_WRITE_INTERVAL_MS while pages turn, and at once (keepalive) when the page is hidden or closed.
 * What could not be sent (offline, a failed reply) stays in storage per user and goes when the connection returns.
 * One recorder owns this state for the whole notes area (`progressRecorder()` in ./browser-progress).
 */
import { CONTINUE_READING_MAX, PROGRESS_BATCH_MAX, type ProgressEntry } from '@studyhub/contract/schemas';

/** At most one write every 15 s while pages turn: a chapter read is a few requests, not one per page. */
export const PROGRESS_WRITE_INTERVAL_MS = 15_000;

/** What a file read is, for "Continue reading" while offline, where the server cannot say. */
export interface ReadFile {
  kind: ProgressEntry['kind'];
  fileId: string;
  subjectCode: string;
  subject: string;
  /** The note file's unit; null for a paper. */
  unit: number | null;
  /** The paper's exam session; null for notes. */
  session: string | null;
}

/** One file as this phone last read it; `sent` once the server has it. */
export interface LocalProgress extends ReadFile {
  page: number;
  pages: number;
  readAt: string;
  sent: boolean;
}

/**
 * How a write ended: `sent` (the server has it), `keep` (no reply, offline, a session that ended or a server
 * failure: try again later), `drop` (the server refused the entries: sending them again cannot help).
 */
export type SendResult = 'sent' | 'keep' | 'drop';

export interface ProgressPorts {
  /** The signed-in user's id: a write carries the session's token, so only that user's pages may go. */
  signedInUser(): string | null;
  send(entries: ProgressEntry[], options: { keepalive: boolean }): Promise<SendResult>;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  now(): Date;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
}

export interface ProgressRecorder {
  /** The reader shows `page` of `pages`: kept as the file's latest and written within the interval. */
  record(userId: string, file: ReadFile, page: number, pages: number): void;
  /** Sends what waits at once: the page is hidden or closing (`keepalive`), or the connection came back. */
  flush(userId: string, options?: { keepalive?: boolean }): Promise<void>;
  /** The files this phone read for the user, most recently read first (sent or not). */
  local(userId: string): LocalProgress[];
}

export const progressStorageKey = (userId: string) => `studyhub-progress-${userId}`;
const fileKey = (file: Pick<ReadFile, 'kind' | 'fileId'>) => `${file.kind}:${file.fileId}`;

function readStored(storage: ProgressPorts['storage'], userId: string): LocalProgress[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(progressStorageKey(userId)) ?? '[]');
    return Array.isArray(value) ? (value as LocalProgress[]) : [];
  } catch {
    return [];
  }
}

const entryOf = ({ kind, fileId, page, pages, readAt }: LocalProgress): ProgressEntry => ({
  kind,
  fileId,
  page,
  pages,
  readAt,
});

export function createProgressRecorder(ports: ProgressPorts): ProgressRecorder {
  let timer: unknown = null;
  let timerUser: string | null = null;
  /** One write at a time: a flush asked for while one runs waits for it, then sends what is left. */
  let writing: Promise<void> = Promise.resolve();

  function store(userId: string, files: LocalProgress[]): void {
    const kept = [...files].sort((a, b) => b.readAt.localeCompare(a.readAt));
    // Sent files are kept only as far as "Continue reading" lists them; unsent ones all stay until sent.
    const recent = kept.filter((file, index) => !file.sent || index < CONTINUE_READING_MAX);
    try {
      ports.storage.setItem(progressStorageKey(userId), JSON.stringify(recent));
    } catch {
      // A full storage loses this phone's copy only; the server still gets what is sent.
    }
  }

  async function sendWaiting(userId: string, keepalive: boolean): Promise<void> {
    if (ports.signedInUser() !== userId) return;
    const waiting = readStored(ports.storage, userId).filter((file) => !file.sent);
    for (let start = 0; start < waiting.length; start += PROGRESS_BATCH_MAX) {
      const batch = waiting.slice(start, start + PROGRESS_BATCH_MAX);
      const result = await ports.send(batch.map(entryOf), { keepalive });
      if (result === 'keep') return;
      // A page read while the write was on its way stays unsent: only what this batch carried is done.
      const done = new Map(batch.map((file) => [fileKey(file), file.readAt]));
      const files = readStored(ports.storage, userId).map((file) =>
        done.get(fileKey(file)) === file.readAt ? { ...file, sent: true } : file,
      );
      store(
        userId,
        result === 'drop' ? files.filter((file) => !(done.has(fileKey(file)) && file.sent)) : files,
      );
    }
  }

  function flush(userId: string, { keepalive = false } = {}): Promise<void> {
    if (timer !== null && timerUser === userId) {
      ports.clearTimer(timer);
      timer = null;
      timerUser = null;
    }
    writing = writing.then(() => sendWaiting(userId, keepalive));
    return writing;
  }

  return {
    record(userId, file, page, pages) {
      const readAt = ports.now().toISOString();
      const others = readStored(ports.storage, userId).filter((kept) => fileKey(kept) !== fileKey(file));
      store(userId, [{ ...file, page, pages, readAt, sent: false }, ...others]);
      if (timer !== null && timerUser === userId) return;
      // Another user's waiting pages stay stored for their next session: this session's token is not theirs.
      if (timer !== null) ports.clearTimer(timer);
      timerUser = userId;
      timer = ports.setTimer(() => {
        timer = null;
        timerUser = null;
        void flush(userId);
      }, PROGRESS_WRITE_INTERVAL_MS);
    },
    flush,
    local: (userId) => readStored(ports.storage, userId).sort((a, b) => b.readAt.localeCompare(a.readAt)),
  };
}
