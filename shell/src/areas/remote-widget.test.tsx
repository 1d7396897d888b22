import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { RemoteModule } from '@studyhub/contract';
import { renderWithProviders } from '@studyhub/shared/testing';
import { loadAreaModule } from './area-loader';
import { forgetWidgets, RemoteWidget } from './remote-widget';

// The Module Federation runtime cannot load remotes in jsdom; the loader is the edge, so it is replaced.
jest.mock('./area-loader', () => ({ loadAreaModule: jest.fn() }));

const mockedLoad = jest.mocked(loadAreaModule<object>);

function widgetModule(Component: RemoteModule['default']) {
  return {
    ok: true as const,
    module: { default: Component, area: 'notes' as const, contractVersion: 1, buildVersion: 't' },
  };
}

let consoleWarn: ReturnType<typeof jest.spyOn>;

beforeEach(() => {
  forgetWidgets();
  mockedLoad.mockReset();
  consoleWarn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('RemoteWidget', () => {
  it('renders the exposed component once it loads', async () => {
    mockedLoad.mockResolvedValue(widgetModule(() => <p>widget here</p>));
    const { container } = renderWithProviders(
      <section data-testid="slot">
        <RemoteWidget area="notes" expose="./RecentNotes" />
      </section>,
    );
    expect(screen.getByTestId('slot')).toBeEmptyDOMElement();
    expect(await screen.findByText('widget here')).toBeInTheDocument();
    expect(mockedLoad).toHaveBeenCalledWith('notes', './RecentNotes');
    expect(container.querySelector('[data-testid="area-unavailable"]')).toBeNull();
  });

  it('renders nothing and warns when the module does not load', async () => {
    mockedLoad.mockResolvedValue({ ok: false, reason: 'notes is not deployed' });
    renderWithProviders(
      <section data-testid="slot">
        <RemoteWidget area="notes" expose="./RecentNotes" />
      </section>,
    );
    await waitFor(() =>
      expect(consoleWarn).toHaveBeenCalledWith(expect.stringContaining('notes is not deployed')),
    );
    expect(screen.getByTestId('slot')).toBeEmptyDOMElement();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks the loader again on the next visit after a failure', async () => {
    mockedLoad.mockResolvedValueOnce({ ok: false, reason: 'blip' });
    const first = renderWithProviders(<RemoteWidget area="notes" expose="./RecentNotes" />);
    await waitFor(() => expect(consoleWarn).toHaveBeenCalled());
    first.unmount();
    mockedLoad.mockResolvedValueOnce(widgetModule(() => <p>back again</p>));
    renderWithProviders(<RemoteWidget area="notes" expose="./RecentNotes" />);
    expect(await screen.findByText('back again')).toBeInTheDocument();
    expect(mockedLoad).toHaveBeenCalledTimes(2);
  });

  it('hides a widget that crashes while rendering and keeps the page', async () => {
    mockedLoad.mockResolvedValue(
      widgetModule(() => {
        throw new Error('boom');
      }),
    );
    renderWithProviders(
      <>
        <p>page text</p>
        <RemoteWidget area="notes" expose="./RecentNotes" />
      </>,
    );
    await waitFor(() =>
      expect(consoleWarn).toHaveBeenCalledWith(expect.stringContaining('crashed'), expect.any(Error)),
    );
    expect(screen.getByText('page text')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
