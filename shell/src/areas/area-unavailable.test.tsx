import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { MESSAGES } from '@studyhub/contract';
import { renderWithProviders, setBrowserOnline } from '@studyhub/shared/testing';
import { AreaUnavailable } from './area-unavailable';

afterEach(() => {
  jest.restoreAllMocks();
});

describe('AreaUnavailable offline (decision 037)', () => {
  it('says the visitor is offline, and loads the area again by itself when the connection returns', () => {
    const onRetry = jest.fn(() => Promise.resolve());
    setBrowserOnline(false);
    renderWithProviders(<AreaUnavailable onRetry={onRetry} />);
    expect(screen.getByTestId('offline-notice')).toHaveTextContent(MESSAGES.offline);
    expect(screen.queryByTestId('area-unavailable')).not.toBeInTheDocument();

    setBrowserOnline(true);
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('area-unavailable')).toBeInTheDocument();
  });
});
