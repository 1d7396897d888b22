import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { notify } from '@studyhub/shared';
import { renderWithProviders } from '@studyhub/shared/testing';
import { reloadPage } from '../frame/reload-page';
import { offerNewVersions } from './new-version-offer';

jest.mock('../frame/reload-page', () => ({ reloadPage: jest.fn() }));

const NEW_VERSION = 'A new version of StudyHub is ready. Tap here to reload.';

/** A service worker as the page sees it: its state and the messages the page posts to it. */
class FakeWorker extends EventTarget {
  readonly posted: unknown[] = [];
  constructor(public state: ServiceWorkerState) {
    super();
  }
  postMessage(message: unknown): void {
    this.posted.push(message);
  }
  becomes(state: ServiceWorkerState): void {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

function registration(waiting: FakeWorker | null): ServiceWorkerRegistration & EventTarget {
  return Object.assign(new EventTarget(), {
    waiting,
    installing: null,
  }) as unknown as ServiceWorkerRegistration;
}

// jsdom has no service workers: the container only needs to carry controllerchange.
const container = new EventTarget();
Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });

beforeEach(() => {
  jest.mocked(reloadPage).mockClear();
  // The frame's toast container, where the offer shows.
  renderWithProviders(<></>);
});

describe('offerNewVersions', () => {
  it('offers a waiting worker; the tap lets it take over, and the page reloads once it controls it', async () => {
    const waiting = new FakeWorker('installed');
    offerNewVersions(registration(waiting));
    await userEvent.click(await screen.findByText(NEW_VERSION));
    expect(waiting.posted).toEqual([{ type: 'SKIP_WAITING' }]);
    expect(reloadPage).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('offers a worker found while the page is open only once it has installed', async () => {
    const found = registration(null);
    offerNewVersions(found);
    const installing = new FakeWorker('installing');
    Object.assign(found, { installing });
    found.dispatchEvent(new Event('updatefound'));
    // Toasts show in the order they were raised: once a later one is on screen, an offer would be too.
    notify.info('A later toast');
    await screen.findByText('A later toast');
    expect(screen.queryByText(NEW_VERSION)).not.toBeInTheDocument();
    installing.becomes('installed');
    expect(await screen.findByText(NEW_VERSION)).toBeInTheDocument();
  });
});
