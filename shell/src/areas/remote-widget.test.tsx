import type { FunctionComponent } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { renderWithAreas, startedAreaRegistry } from '../testing/area-registry';
import type { AreaRegistry, AreaRegistryPorts } from './area-registry';
import { RemoteWidget } from './remote-widget';

// The Module Federation runtime cannot load remotes in jsdom; the registry's ports are the edge, so they are
// replaced.
const mockedLoad = jest.fn<AreaRegistryPorts['loadModule']>();
const NOTES_LIVE = { notes: { version: '1.0.0-beef', entry: '/mfe/notes/1.0.0-beef/mf-manifest.json' } };
let areas: AreaRegistry;

function widgetModule(Component: FunctionComponent) {
  return {
    ok: true as const,
    module: { default: Component, area: 'notes' as const, contractVersion: 1, buildVersion: 't' },
  };
}

let consoleWarn: ReturnType<typeof jest.spyOn>;

beforeEach(async () => {
  mockedLoad.mockReset();
  areas = await startedAreaRegistry(NOTES_LIVE, { loadModule: mockedLoad });
  consoleWarn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('RemoteWidget', () => {
  it('renders the exposed component once it loads', async () => {
    mockedLoad.mockResolvedValue(widgetModule(() => <p>widget here</p>));
    const { container } = renderWithAreas(
      <section data-testid="slot">
        <RemoteWidget area="notes" expose="./RecentNotes" />
      </section>,
      { areas },
    );
    expect(screen.getByTestId('slot')).toBeEmptyDOMElement();
    expect(await screen.findByText('widget here')).toBeInTheDocument();
    expect(mockedLoad).toHaveBeenCalledWith(
      'notes',
      './RecentNotes',
      expect.objectContaining(NOTES_LIVE.notes),
    );
    expect(container.querySelector('[data-testid="area-unavailable"]')).toBeNull();
  });

  it('renders nothing and warns when the module does not load', async () => {
    mockedLoad.mockResolvedValue({ ok: false, reason: 'notes is not deployed' });
    renderWithAreas(
      <section data-testid="slot">
        <RemoteWidget area="notes" expose="./RecentNotes" />
      </section>,
      { areas },
    );
    await waitFor(() =>
      expect(consoleWarn).toHaveBeenCalledWith(expect.stringContaining('notes is not deployed')),
    );
    expect(screen.getByTestId('slot')).toBeEmptyDOMElement();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('loads again on the next visit once the area has been retried after a failure', async () => {
    mockedLoad.mockResolvedValueOnce({ ok: false, reason: 'blip' });
    const first = renderWithAreas(<RemoteWidget area="notes" expose="./RecentNotes" />, { areas });
    await waitFor(() => expect(consoleWarn).toHaveBeenCalled());
    first.unmount();
    await areas.retry('notes');
    mockedLoad.mockResolvedValueOnce(widgetModule(() => <p>back again</p>));
    renderWithAreas(<RemoteWidget area="notes" expose="./RecentNotes" />, { areas });
    expect(await screen.findByText('back again')).toBeInTheDocument();
    expect(mockedLoad).toHaveBeenCalledTimes(2);
  });

  it('hides a widget that crashes while rendering and keeps the page', async () => {
    mockedLoad.mockResolvedValue(
      widgetModule(() => {
        throw new Error('boom');
      }),
    );
    renderWithAreas(
      <>
        <p>page text</p>
        <RemoteWidget area="notes" expose="./RecentNotes" />
      </>,
      { areas },
    );
    await waitFor(() =>
      expect(consoleWarn).toHaveBeenCalledWith(expect.stringContaining('crashed'), expect.any(Error)),
    );
    expect(screen.getByText('page text')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
