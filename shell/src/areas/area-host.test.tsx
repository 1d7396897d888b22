import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { AreaName, AreaRoutesProps, RemoteAreaModule } from '@studyhub/contract';
import { renderWithProviders } from '@studyhub/shared/testing';
import { AreaHost } from './area-host';
import { chosenRemote, explainFailure, loadArea, reloadArea, type AreaLoadResult } from './area-loader';
import { forgetReports } from './area-reports';

// The Module Federation runtime cannot load remotes in jsdom; the loader is the edge, so it is replaced.
jest.mock('./area-loader', () => ({
  loadArea: jest.fn(),
  reloadArea: jest.fn(),
  preloadArea: jest.fn(),
  explainFailure: jest.fn(),
  chosenRemote: jest.fn(),
  // The token is area-reports.test.ts's matter; here reports go out without one.
  reportToken: jest.fn(() => Promise.resolve(null)),
}));

const mockedLoadArea = jest.mocked(loadArea);
const mockedReloadArea = jest.mocked(reloadArea);
const mockedExplain = jest.mocked(explainFailure);
const mockedChosen = jest.mocked(chosenRemote);

/** The area reports this page load sent (decision 025), as their bodies. */
let reports: unknown[];

function areaModule(area: AreaName, Component: RemoteAreaModule['default']): AreaLoadResult {
  return { ok: true, module: { default: Component, area, contractVersion: 1, buildVersion: 'test' } };
}

function PageEcho({ page }: AreaRoutesProps) {
  return <p>area page: {page}</p>;
}

const UNAVAILABLE = 'This section is temporarily unavailable';

let consoleWarn: ReturnType<typeof jest.spyOn>;

beforeEach(() => {
  localStorage.clear();
  mockedLoadArea.mockReset();
  mockedReloadArea.mockReset();
  mockedExplain.mockReset();
  mockedExplain.mockResolvedValue(null);
  forgetReports();
  reports = [];
  mockedChosen.mockImplementation((area) => ({
    version: '1.0.0-cafe',
    entry: `/mfe/${area}/1.0.0-cafe/mf-manifest.json`,
    channel: 'canary',
  }));
  // jsdom has no fetch: record the reports that would go out.
  globalThis.fetch = jest.fn((_url: string | URL | Request, init?: RequestInit) => {
    reports.push(JSON.parse(String(init?.body)));
    return Promise.resolve({ ok: true } as Response);
  }) as typeof fetch;
  consoleWarn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  // React reports the errors the boundary catches; keep the output readable.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.restoreAllMocks();
});

// AreaHost keeps one lazy component per area for the page's lifetime, so each test uses its own area.
describe('AreaHost', () => {
  it('shows a spinner, then renders the loaded area with the page it was given', async () => {
    mockedLoadArea.mockResolvedValue(areaModule('notes', PageEcho));
    renderWithProviders(<AreaHost area="notes" page="year" />);
    expect(screen.getByRole('status', { name: 'Loading notes' })).toBeInTheDocument();
    expect(await screen.findByText('area page: year')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(mockedLoadArea).toHaveBeenCalledWith('notes');
    expect(screen.queryByText(UNAVAILABLE)).not.toBeInTheDocument();
    await waitFor(() => expect(reports).toEqual([{ area: 'notes', version: '1.0.0-cafe', kind: 'ok' }]));
  });

  it('shows the fallback when the area does not load, and Retry loads it again', async () => {
    mockedLoadArea
      .mockResolvedValueOnce({ ok: false, reason: 'syllabus failed to load' })
      .mockResolvedValueOnce(areaModule('syllabus', PageEcho));
    mockedReloadArea.mockResolvedValue(undefined);
    renderWithProviders(<AreaHost area="syllabus" page="syllabus" />);

    const fallback = await screen.findByRole('alert');
    expect(fallback).toHaveTextContent(UNAVAILABLE);
    expect(screen.queryByText(/area page/)).not.toBeInTheDocument();
    expect(mockedReloadArea).not.toHaveBeenCalled();
    await waitFor(() => expect(reports).toEqual([{ area: 'syllabus', version: '1.0.0-cafe', kind: 'load' }]));

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('area page: syllabus')).toBeInTheDocument();
    expect(mockedReloadArea).toHaveBeenCalledTimes(1);
    expect(mockedReloadArea).toHaveBeenCalledWith('syllabus');
    expect(mockedLoadArea).toHaveBeenCalledTimes(2);
    expect(screen.queryByText(UNAVAILABLE)).not.toBeInTheDocument();
    await waitFor(() =>
      expect(reports).toEqual([
        { area: 'syllabus', version: '1.0.0-cafe', kind: 'load' },
        { area: 'syllabus', version: '1.0.0-cafe', kind: 'ok' },
      ]),
    );
  });

  it('shows the fallback when the area crashes while rendering', async () => {
    function Crashing(): React.JSX.Element {
      throw new Error('boom');
    }
    mockedLoadArea.mockResolvedValue(areaModule('admin', Crashing));
    renderWithProviders(<AreaHost area="admin" page="home" />);

    expect(await screen.findByText(UNAVAILABLE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
    expect(consoleWarn).toHaveBeenCalledWith(
      'Area admin is unavailable.',
      expect.any(Error),
      expect.anything(),
    );
    // It loaded, so it counts as opened; its crash is the failure.
    await waitFor(() =>
      expect(reports).toEqual([
        { area: 'admin', version: '1.0.0-cafe', kind: 'render' },
        { area: 'admin', version: '1.0.0-cafe', kind: 'ok' },
      ]),
    );
  });

  it('keeps the fallback when the retry fails as well', async () => {
    mockedLoadArea.mockResolvedValue({ ok: false, reason: 'auth is not deployed' });
    mockedReloadArea.mockResolvedValue(undefined);
    renderWithProviders(<AreaHost area="auth" page="login" />);

    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(mockedReloadArea).toHaveBeenCalledWith('auth');
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeEnabled();
    expect(screen.getByText(UNAVAILABLE)).toBeInTheDocument();
    expect(mockedLoadArea).toHaveBeenCalledTimes(2);
    // Each failure asks the loader for a named reason; with none known, the page shows no technical detail.
    expect(mockedExplain).toHaveBeenCalledTimes(2);
    expect(mockedExplain).toHaveBeenCalledWith('auth');
    expect(screen.queryByText('Technical detail')).not.toBeInTheDocument();
  });
});
