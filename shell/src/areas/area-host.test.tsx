import { useState, type FunctionComponent } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import {
  AREAS,
  type AreaName,
  type AreaRoutesProps,
  type RemoteModule,
  type RemotesFile,
} from '@studyhub/contract';
import { renderWithAreas, startedAreaRegistry } from '../testing/area-registry';
import { AreaHost } from './area-host';
import type { AreaRegistry, AreaRegistryPorts, ModuleLoadResult } from './area-registry';
import { sendAreaReport } from './area-reports';

// Every area's canary takes everyone, so each page load here uses its version 1.0.0-cafe.
const REMOTES: RemotesFile = Object.fromEntries(
  AREAS.map((area) => [
    area,
    {
      version: '1.0.0-beef',
      entry: `/mfe/${area}/1.0.0-beef/mf-manifest.json`,
      canary: { version: '1.0.0-cafe', entry: `/mfe/${area}/1.0.0-cafe/mf-manifest.json`, percent: 100 },
    },
  ]),
);

// The Module Federation runtime cannot load remotes in jsdom; the registry's ports are the edge, so they are
// replaced. The report token is area-reports.test.ts's matter; here reports go out without one.
const loadModule = jest.fn<AreaRegistryPorts['loadModule']>();
const fetchRemotesFile = jest.fn<AreaRegistryPorts['fetchRemotesFile']>();
const register = jest.fn<AreaRegistryPorts['register']>();
const explainFailure = jest.fn<AreaRegistryPorts['explainFailure']>();
let areas: AreaRegistry;

/** The area reports this page load sent (decision 025), as their bodies. */
let reports: unknown[];

/** What the federation port hands the registry: any exposed module, its props unknown to it. */
function areaModule(
  area: AreaName,
  Component: FunctionComponent<AreaRoutesProps>,
): ModuleLoadResult<RemoteModule<never>> {
  return { ok: true, module: { default: Component, area, contractVersion: 1, buildVersion: 'test' } };
}

function PageEcho({ page }: AreaRoutesProps) {
  return <p>area page: {page}</p>;
}

const UNAVAILABLE = 'This section is temporarily unavailable';

let consoleWarn: ReturnType<typeof jest.spyOn>;

beforeEach(async () => {
  localStorage.clear();
  loadModule.mockReset();
  fetchRemotesFile.mockReset();
  fetchRemotesFile.mockResolvedValue({ file: REMOTES, reportToken: null });
  register.mockReset();
  explainFailure.mockReset();
  explainFailure.mockResolvedValue(null);
  reports = [];
  areas = await startedAreaRegistry(REMOTES, {
    loadModule,
    fetchRemotesFile,
    register,
    explainFailure,
    sendReport: sendAreaReport,
  });
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

describe('AreaHost', () => {
  it('shows a spinner, then renders the loaded area with the page it was given', async () => {
    loadModule.mockResolvedValue(areaModule('notes', PageEcho));
    renderWithAreas(<AreaHost area="notes" page="year" />, { areas });
    expect(screen.getByRole('status', { name: 'Loading notes' })).toBeInTheDocument();
    expect(await screen.findByText('area page: year')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(loadModule).toHaveBeenCalledWith(
      'notes',
      './Area',
      expect.objectContaining({ version: '1.0.0-cafe' }),
    );
    expect(screen.queryByText(UNAVAILABLE)).not.toBeInTheDocument();
    await waitFor(() => expect(reports).toEqual([{ area: 'notes', version: '1.0.0-cafe', kind: 'ok' }]));
  });

  it('draws the heading its route knows while the area loads, then the area’s page in its place', async () => {
    loadModule.mockResolvedValue(areaModule('notes', PageEcho));
    renderWithAreas(<AreaHost area="notes" page="year" heading="Third Year CSE Engineering Notes" />, {
      areas,
    });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Third Year CSE Engineering Notes' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('area page: year')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it('asked for another area in the same place, never renders the first area with the second page', async () => {
    const notesRendered: string[] = [];
    const NotesEcho = ({ page }: AreaRoutesProps) => {
      notesRendered.push(page);
      return <p>area page: {page}</p>;
    };
    const SyllabusEcho = ({ page }: AreaRoutesProps) => <p>syllabus page: {page}</p>;
    loadModule.mockImplementation((area) =>
      Promise.resolve(
        area === 'notes' ? areaModule('notes', NotesEcho) : areaModule('syllabus', SyllabusEcho),
      ),
    );
    function OneHost() {
      const [onSyllabus, setOnSyllabus] = useState(false);
      return (
        <>
          <button onClick={() => setOnSyllabus(true)}>Syllabus</button>
          {onSyllabus ? <AreaHost area="syllabus" page="syllabus" /> : <AreaHost area="notes" page="year" />}
        </>
      );
    }
    renderWithAreas(<OneHost />, { areas });
    expect(await screen.findByText('area page: year')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Syllabus' }));
    expect(await screen.findByText('syllabus page: syllabus')).toBeInTheDocument();
    expect(notesRendered).not.toContain('syllabus');
  });

  it('shows the fallback when the area does not load, and Retry loads it again', async () => {
    loadModule
      .mockResolvedValueOnce({ ok: false, reason: 'syllabus failed to load' })
      .mockResolvedValueOnce(areaModule('syllabus', PageEcho));
    // Retry reads remotes.json again and registers what it says afresh.
    const reloaded = () => register.mock.calls.filter(([, force]) => force);
    renderWithAreas(<AreaHost area="syllabus" page="syllabus" />, { areas });

    const fallback = await screen.findByRole('alert');
    expect(fallback).toHaveTextContent(UNAVAILABLE);
    expect(screen.queryByText(/area page/)).not.toBeInTheDocument();
    expect(reloaded()).toEqual([]);
    await waitFor(() => expect(reports).toEqual([{ area: 'syllabus', version: '1.0.0-cafe', kind: 'load' }]));

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('area page: syllabus')).toBeInTheDocument();
    expect(reloaded()).toEqual([[{ syllabus: expect.objectContaining({ version: '1.0.0-cafe' }) }, true]]);
    expect(loadModule).toHaveBeenCalledTimes(2);
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
    loadModule.mockResolvedValue(areaModule('admin', Crashing));
    renderWithAreas(<AreaHost area="admin" page="home" />, { areas });

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
    loadModule.mockResolvedValue({ ok: false, reason: 'auth failed to load' });
    renderWithAreas(<AreaHost area="auth" page="login" />, { areas });

    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(register).toHaveBeenCalledWith({ auth: expect.objectContaining({ version: '1.0.0-cafe' }) }, true);
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeEnabled();
    expect(screen.getByText(UNAVAILABLE)).toBeInTheDocument();
    expect(loadModule).toHaveBeenCalledTimes(2);
    // Each failure asks the loader for a named reason; with none known, the page shows no technical detail.
    expect(explainFailure).toHaveBeenCalledTimes(2);
    expect(explainFailure).toHaveBeenCalledWith('auth', expect.objectContaining({ version: '1.0.0-cafe' }));
    expect(screen.queryByText('Technical detail')).not.toBeInTheDocument();
  });
});
