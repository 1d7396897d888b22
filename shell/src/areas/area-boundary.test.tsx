import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { renderWithProviders } from '@studyhub/shared/testing';
import { AreaBoundary } from './area-boundary';

const REASON =
  "notes 1.0.0-bbbbbbbb needs @studyhub/shared exports this shell's copy 1.0.0-aaaaaaaa does not provide: newHelper";

function Crashing(): React.JSX.Element {
  throw new TypeError('(0 , s.newHelper) is not a function');
}

let consoleError: ReturnType<typeof jest.spyOn>;

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('AreaBoundary', () => {
  it('names the reason in the console and the fallback when one is known', async () => {
    const explain = jest.fn(() => Promise.resolve<string | null>(REASON));
    renderWithProviders(
      <AreaBoundary area="notes" onRetry={() => Promise.resolve()} explain={explain}>
        <Crashing />
      </AreaBoundary>,
    );

    const detail = await screen.findByTestId('area-unavailable-reason');
    expect(detail).toHaveTextContent(`Technical detail${REASON}`);
    expect(screen.getByRole('alert')).toHaveTextContent('This section is temporarily unavailable');
    expect(consoleError).toHaveBeenCalledWith(`Area notes is unavailable: ${REASON}`);
    expect(explain).toHaveBeenCalledTimes(1);
  });

  it('shows the plain fallback when no reason is known', async () => {
    const explain = jest.fn(() => Promise.resolve<string | null>(null));
    renderWithProviders(
      <AreaBoundary area="notes" onRetry={() => Promise.resolve()} explain={explain}>
        <Crashing />
      </AreaBoundary>,
    );

    expect(await screen.findByRole('alert')).toHaveTextContent('This section is temporarily unavailable');
    await Promise.resolve();
    expect(explain).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('area-unavailable-reason')).not.toBeInTheDocument();
    expect(consoleError).not.toHaveBeenCalledWith(expect.stringContaining('is unavailable:'));
  });
});
