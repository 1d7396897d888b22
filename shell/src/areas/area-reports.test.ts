import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { chosenRemote } from './area-loader';
import type { ChosenRemote } from './area-choice';
import { AREA_REPORT_URL, forgetReports, reportArea } from './area-reports';

// The loader's choice is made from remotes.json at start-up; here each test says what was chosen.
jest.mock('./area-loader', () => ({ chosenRemote: jest.fn() }));
const mockedChosen = jest.mocked(chosenRemote);

const CANARY: ChosenRemote = {
  version: '1.0.0-cafe',
  entry: '/mfe/notes/1.0.0-cafe/mf-manifest.json',
  channel: 'canary',
};

let sent: { url: string; init: RequestInit }[];

beforeEach(() => {
  forgetReports();
  sent = [];
  mockedChosen.mockReset();
  // jsdom has no fetch: record what would go out.
  globalThis.fetch = jest.fn((url: string | URL | Request, init?: RequestInit) => {
    sent.push({ url: String(url), init: init ?? {} });
    return Promise.resolve({ ok: true } as Response);
  }) as typeof fetch;
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('reportArea', () => {
  it('sends the area, the version this page uses and the kind, and nothing else, to survive the page', () => {
    mockedChosen.mockReturnValue(CANARY);
    reportArea('notes', 'render');
    expect(sent).toEqual([
      {
        url: AREA_REPORT_URL,
        init: {
          method: 'POST',
          keepalive: true,
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ area: 'notes', version: '1.0.0-cafe', kind: 'render' }),
        },
      },
    ]);
    expect(AREA_REPORT_URL).toBe('/api/telemetry/area-error');
  });

  it('sends each area, version and kind once per page load', () => {
    mockedChosen.mockReturnValue(CANARY);
    for (const kind of ['ok', 'render', 'ok', 'render', 'load'] as const) reportArea('notes', kind);
    mockedChosen.mockReturnValue({ ...CANARY, version: '1.0.0-beef', channel: 'live' });
    reportArea('notes', 'ok');
    expect(sent.map(({ init }) => JSON.parse(String(init.body)))).toEqual([
      { area: 'notes', version: '1.0.0-cafe', kind: 'ok' },
      { area: 'notes', version: '1.0.0-cafe', kind: 'render' },
      { area: 'notes', version: '1.0.0-cafe', kind: 'load' },
      { area: 'notes', version: '1.0.0-beef', kind: 'ok' },
    ]);
  });

  it("sends nothing for an admin's override or an area that is not deployed", () => {
    mockedChosen.mockReturnValue({ ...CANARY, channel: 'override' });
    reportArea('notes', 'load');
    mockedChosen.mockReturnValue(undefined);
    reportArea('admin', 'load');
    expect(sent).toEqual([]);
  });

  it('a report that cannot be sent is dropped quietly', async () => {
    mockedChosen.mockReturnValue(CANARY);
    globalThis.fetch = jest.fn(() => Promise.reject(new TypeError('offline'))) as typeof fetch;
    expect(() => reportArea('notes', 'load')).not.toThrow();
    await Promise.resolve();
  });
});
