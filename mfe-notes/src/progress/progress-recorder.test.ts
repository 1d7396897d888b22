import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { PROGRESS_BATCH_MAX, type ProgressEntry } from '@studyhub/contract/schemas';
import {
  createProgressRecorder,
  PROGRESS_WRITE_INTERVAL_MS,
  progressStorageKey,
  type ReadFile,
  type SendResult,
} from './progress-recorder';

const unit3: ReadFile = {
  kind: 'note',
  fileId: 'file-3',
  subjectCode: 'CS-502',
  subject: 'Operating Systems',
  unit: 3,
  session: null,
};
const paper: ReadFile = { ...unit3, kind: 'paper', fileId: 'paper-1', unit: null, session: 'May 2024' };

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  };
}

/**
 * A recorder on fake timers whose writes answer `answer` (changeable) after `replyMs`, each write's entries and
 * keepalive kept.
 */
function setUp(replyMs = 0) {
  const storage = memoryStorage();
  const writes: { entries: ProgressEntry[]; keepalive: boolean }[] = [];
  let answer: SendResult = 'sent';
  let signedIn = 'student-1';
  const recorder = createProgressRecorder({
    signedInUser: () => signedIn,
    send: (entries, { keepalive }) => {
      writes.push({ entries, keepalive });
      const result = answer;
      if (replyMs === 0) return Promise.resolve(result);
      return new Promise((resolve) => setTimeout(() => resolve(result), replyMs));
    },
    storage,
    now: () => new Date(),
    setTimer: (run, ms) => setTimeout(run, ms),
    clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  });
  return {
    recorder,
    storage,
    writes,
    answer: (next: SendResult) => (answer = next),
    signIn: (userId: string) => (signedIn = userId),
  };
}

/** Turns `count` pages of unit 3, one every `everyMs`. */
async function turnPages(recorder: ReturnType<typeof setUp>['recorder'], count: number, everyMs: number) {
  for (let page = 1; page <= count; page += 1) {
    recorder.record('student-1', unit3, page, 40);
    await jest.advanceTimersByTimeAsync(everyMs);
  }
}

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2026-11-27T10:00:00Z') });
});
afterEach(() => {
  jest.useRealTimers();
});

describe('the progress recorder (decision 041)', () => {
  it('writes once per 15 s while pages turn, each write carrying the latest page', async () => {
    const { recorder, writes } = setUp();
    // 30 pages, one every 2 s: a minute of reading.
    await turnPages(recorder, 30, 2_000);
    await jest.advanceTimersByTimeAsync(PROGRESS_WRITE_INTERVAL_MS);
    expect(writes).toHaveLength(4);
    expect(writes.map((write) => write.entries.map((entry) => entry.page))).toEqual([[8], [16], [24], [30]]);
    expect(writes.every((write) => !write.keepalive)).toBe(true);
  });

  it('sends nothing before the interval, and one entry per file however many pages turned', async () => {
    const { recorder, writes } = setUp();
    await turnPages(recorder, 5, 1_000);
    recorder.record('student-1', paper, 2, 6);
    expect(writes).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(PROGRESS_WRITE_INTERVAL_MS);
    expect(writes).toHaveLength(1);
    expect(writes[0]!.entries).toEqual([
      { kind: 'paper', fileId: 'paper-1', page: 2, pages: 6, readAt: expect.any(String) },
      { kind: 'note', fileId: 'file-3', page: 5, pages: 40, readAt: expect.any(String) },
    ]);
  });

  it('a hidden page sends at once with keepalive, and the timer sends nothing more', async () => {
    const { recorder, writes } = setUp();
    await turnPages(recorder, 3, 1_000);
    await recorder.flush('student-1', { keepalive: true });
    expect(writes).toEqual([{ entries: [expect.objectContaining({ page: 3 })], keepalive: true }]);
    await jest.advanceTimersByTimeAsync(PROGRESS_WRITE_INTERVAL_MS * 2);
    expect(writes).toHaveLength(1);
  });

  it('offline, the pages stay in storage for that user and go in one batch when the connection returns', async () => {
    const { recorder, storage, writes, answer } = setUp();
    answer('keep');
    await turnPages(recorder, 4, 1_000);
    recorder.record('student-1', paper, 5, 6);
    await jest.advanceTimersByTimeAsync(PROGRESS_WRITE_INTERVAL_MS);
    expect(writes).toHaveLength(1);
    expect(recorder.local('student-1').filter((file) => !file.sent)).toHaveLength(2);
    expect(storage.items.has(progressStorageKey('student-1'))).toBe(true);

    answer('sent');
    await recorder.flush('student-1');
    expect(writes[1]!.entries.map((entry) => [entry.fileId, entry.page])).toEqual([
      ['paper-1', 5],
      ['file-3', 4],
    ]);
    expect(recorder.local('student-1').every((file) => file.sent)).toBe(true);
    await recorder.flush('student-1');
    expect(writes).toHaveLength(2);
  });

  it('keeps each user’s pages apart and sends only the signed-in user’s, with their session', async () => {
    const { recorder, writes, signIn } = setUp();
    recorder.record('student-1', unit3, 7, 40);
    // Another student signs in on this phone before the write: student-1's page waits for student-1.
    signIn('student-2');
    recorder.record('student-2', paper, 2, 6);
    await jest.advanceTimersByTimeAsync(PROGRESS_WRITE_INTERVAL_MS);
    await recorder.flush('student-1');
    expect(writes).toEqual([{ entries: [expect.objectContaining({ fileId: 'paper-1' })], keepalive: false }]);
    expect(recorder.local('student-1')).toEqual([expect.objectContaining({ page: 7, sent: false })]);
    expect(recorder.local('student-2')).toEqual([expect.objectContaining({ page: 2, sent: true })]);

    signIn('student-1');
    await recorder.flush('student-1');
    expect(writes.at(-1)!.entries).toEqual([expect.objectContaining({ fileId: 'file-3', page: 7 })]);
  });

  it('a page read while a write is on its way is sent by the next write', async () => {
    const { recorder, writes } = setUp(500);
    recorder.record('student-1', unit3, 1, 40);
    const first = recorder.flush('student-1');
    await jest.advanceTimersByTimeAsync(100);
    expect(writes).toHaveLength(1);
    recorder.record('student-1', unit3, 2, 40);
    await jest.advanceTimersByTimeAsync(500);
    await first;
    await jest.advanceTimersByTimeAsync(PROGRESS_WRITE_INTERVAL_MS);
    expect(writes.map((write) => write.entries[0]!.page)).toEqual([1, 2]);
  });

  it('drops entries the server refused rather than sending them forever', async () => {
    const { recorder, writes, answer } = setUp();
    answer('drop');
    recorder.record('student-1', unit3, 3, 40);
    await recorder.flush('student-1');
    expect(recorder.local('student-1')).toEqual([]);
    await recorder.flush('student-1');
    expect(writes).toHaveLength(1);
  });

  it(`sends a long offline queue ${PROGRESS_BATCH_MAX} files a request`, async () => {
    const { recorder, writes, answer } = setUp();
    answer('keep');
    for (let index = 0; index < PROGRESS_BATCH_MAX + 5; index += 1) {
      recorder.record('student-1', { ...unit3, fileId: `file-${index}` }, 1, 10);
    }
    answer('sent');
    await recorder.flush('student-1', { keepalive: true });
    expect(writes.slice(-2).map((write) => write.entries.length)).toEqual([PROGRESS_BATCH_MAX, 5]);
  });

  it('an unreadable stored queue reads as empty', () => {
    const { recorder, storage } = setUp();
    storage.setItem(progressStorageKey('student-1'), '{not json');
    expect(recorder.local('student-1')).toEqual([]);
  });
});
