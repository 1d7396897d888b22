import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { REPORT_TOKEN_TTL_MS, type RemotesFile } from '@studyhub/contract';
import { startedAreaRegistry } from '../testing/area-registry';
import type { AreaRegistry } from './area-registry';
import { AREA_REPORT_URL, sendAreaReport } from './area-reports';

const TOKEN = '1790000000~notes:1.0.0-beef:1.0.0-cafe~signature';

const CANARY = { version: '1.0.0-cafe', entry: '/mfe/notes/1.0.0-cafe/mf-manifest.json' };
const LIVE = { version: '1.0.0-beef', entry: '/mfe/notes/1.0.0-beef/mf-manifest.json' };
/** notes with a canary that takes everyone, so this page load uses 1.0.0-cafe. */
const WITH_CANARY: RemotesFile = { notes: { ...LIVE, canary: { ...CANARY, percent: 100 } } };

let sent: { url: string; init: RequestInit }[];

/**
 * A page load whose remotes.json says `files` in turn (start-up, then each Retry), each with `token`; its
 * reports go out through fetch.
 */
async function pageLoad(token: string | null, ...files: RemotesFile[]): Promise<AreaRegistry> {
  const replies = files.map((file) => ({ file, reportToken: token }));
  return startedAreaRegistry(files[0]!, {
    fetchRemotesFile: () => Promise.resolve(replies.length > 1 ? replies.shift()! : replies[0]!),
    sendReport: sendAreaReport,
  });
}

beforeEach(() => {
  sent = [];
  // jsdom has no fetch: record what would go out.
  globalThis.fetch = jest.fn((url: string | URL | Request, init?: RequestInit) => {
    sent.push({ url: String(url), init: init ?? {} });
    return Promise.resolve({ ok: true } as Response);
  }) as typeof fetch;
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('report', () => {
  it('sends the area, the version this page uses, the kind and the report token, and nothing else, to survive the page', async () => {
    const areas = await pageLoad(TOKEN, WITH_CANARY);
    await areas.report('notes', 'render');
    expect(sent).toEqual([
      {
        url: AREA_REPORT_URL,
        init: {
          method: 'POST',
          keepalive: true,
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ area: 'notes', version: '1.0.0-cafe', kind: 'render', token: TOKEN }),
        },
      },
    ]);
    expect(AREA_REPORT_URL).toBe('/api/telemetry/area-error');
  });

  it('sends each area, version and kind once per page load', async () => {
    // After a Retry, remotes.json no longer has the canary: the page uses the live version.
    const areas = await pageLoad(TOKEN, WITH_CANARY, { notes: LIVE });
    for (const kind of ['ok', 'render', 'ok', 'render', 'load'] as const) await areas.report('notes', kind);
    await areas.retry('notes');
    await areas.report('notes', 'ok');
    expect(sent.map(({ init }) => JSON.parse(String(init.body)))).toEqual([
      { area: 'notes', version: '1.0.0-cafe', kind: 'ok', token: TOKEN },
      { area: 'notes', version: '1.0.0-cafe', kind: 'render', token: TOKEN },
      { area: 'notes', version: '1.0.0-cafe', kind: 'load', token: TOKEN },
      { area: 'notes', version: '1.0.0-beef', kind: 'ok', token: TOKEN },
    ]);
  });

  it('sends a report without a token when the page got none (the server answers it and counts nothing)', async () => {
    const areas = await pageLoad(null, WITH_CANARY);
    await areas.report('notes', 'ok');
    expect(sent.map(({ init }) => JSON.parse(String(init.body)))).toEqual([
      { area: 'notes', version: '1.0.0-cafe', kind: 'ok' },
    ]);
  });

  it("sends nothing for an admin's override or an area that is not deployed", async () => {
    const areas = await startedAreaRegistry(WITH_CANARY, {
      resolveOverrides: () => Promise.resolve({ overrides: { notes: '1.0.0-cafe' }, notice: null }),
      sendReport: sendAreaReport,
    });
    await areas.report('notes', 'load');
    await areas.report('admin', 'load');
    expect(sent).toEqual([]);
  });

  it('replaces a token held past half its life with a fresh one, and keeps the version this page chose', async () => {
    const now = jest.spyOn(Date, 'now').mockReturnValue(0);
    const replies = [
      { file: WITH_CANARY, reportToken: 'first' },
      { file: { notes: LIVE }, reportToken: 'second' },
    ];
    const areas = await startedAreaRegistry(WITH_CANARY, {
      fetchRemotesFile: () => Promise.resolve(replies.shift()!),
      sendReport: sendAreaReport,
    });
    await areas.report('notes', 'ok');
    now.mockReturnValue(REPORT_TOKEN_TTL_MS / 2 - 1);
    await areas.report('notes', 'render');
    now.mockReturnValue(REPORT_TOKEN_TTL_MS / 2);
    await areas.report('notes', 'load');
    expect(sent.map(({ init }) => JSON.parse(String(init.body)))).toEqual([
      { area: 'notes', version: '1.0.0-cafe', kind: 'ok', token: 'first' },
      { area: 'notes', version: '1.0.0-cafe', kind: 'render', token: 'first' },
      { area: 'notes', version: '1.0.0-cafe', kind: 'load', token: 'second' },
    ]);
  });

  it('a report that cannot be sent is dropped quietly', async () => {
    const areas = await pageLoad(TOKEN, WITH_CANARY);
    globalThis.fetch = jest.fn(() => Promise.reject(new TypeError('offline'))) as typeof fetch;
    await expect(areas.report('notes', 'load')).resolves.toBeUndefined();
  });
});
