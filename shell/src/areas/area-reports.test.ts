import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { chosenRemote, reportToken } from './area-loader';
import type { ChosenRemote } from './area-choice';
import { AREA_REPORT_URL, forgetReports, reportArea } from './area-reports';

// The loader's choice and report token come from remotes.json at start-up; here each test says what they are.
jest.mock('./area-loader', () => ({ chosenRemote: jest.fn(), reportToken: jest.fn() }));
const mockedChosen = jest.mocked(chosenRemote);
const mockedToken = jest.mocked(reportToken);
const TOKEN = '1790000000~notes:1.0.0-beef:1.0.0-cafe~signature';

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
  mockedToken.mockReset();
  mockedToken.mockResolvedValue(TOKEN);
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
  it('sends the area, the version this page uses, the kind and the report token, and nothing else, to survive the page', async () => {
    mockedChosen.mockReturnValue(CANARY);
    await reportArea('notes', 'render');
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
    mockedChosen.mockReturnValue(CANARY);
    for (const kind of ['ok', 'render', 'ok', 'render', 'load'] as const) await reportArea('notes', kind);
    mockedChosen.mockReturnValue({ ...CANARY, version: '1.0.0-beef', channel: 'live' });
    await reportArea('notes', 'ok');
    expect(sent.map(({ init }) => JSON.parse(String(init.body)))).toEqual([
      { area: 'notes', version: '1.0.0-cafe', kind: 'ok', token: TOKEN },
      { area: 'notes', version: '1.0.0-cafe', kind: 'render', token: TOKEN },
      { area: 'notes', version: '1.0.0-cafe', kind: 'load', token: TOKEN },
      { area: 'notes', version: '1.0.0-beef', kind: 'ok', token: TOKEN },
    ]);
  });

  it('sends a report without a token when the page got none (the server answers it and counts nothing)', async () => {
    mockedChosen.mockReturnValue(CANARY);
    mockedToken.mockResolvedValue(null);
    await reportArea('notes', 'ok');
    expect(sent.map(({ init }) => JSON.parse(String(init.body)))).toEqual([
      { area: 'notes', version: '1.0.0-cafe', kind: 'ok' },
    ]);
  });

  it("sends nothing for an admin's override or an area that is not deployed", async () => {
    mockedChosen.mockReturnValue({ ...CANARY, channel: 'override' });
    await reportArea('notes', 'load');
    mockedChosen.mockReturnValue(undefined);
    await reportArea('admin', 'load');
    expect(sent).toEqual([]);
  });

  it('a report that cannot be sent is dropped quietly', async () => {
    mockedChosen.mockReturnValue(CANARY);
    globalThis.fetch = jest.fn(() => Promise.reject(new TypeError('offline'))) as typeof fetch;
    await expect(reportArea('notes', 'load')).resolves.toBeUndefined();
  });
});
