import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { renderWithProviders, setBrowserOnline } from '@studyhub/shared/testing';
import { OfflineIndicator } from './offline-indicator';

afterEach(() => {
  jest.restoreAllMocks();
});

describe('OfflineIndicator (decision 037)', () => {
  it('is an empty live region online and says "Offline", with the way to /saved, while the browser has no network', () => {
    renderWithProviders(<OfflineIndicator />);
    const indicator = screen.getByRole('status');
    expect(indicator).toBeEmptyDOMElement();
    setBrowserOnline(false);
    expect(indicator).toHaveTextContent(/^Offline · Saved for offline$/);
    expect(screen.getByRole('link', { name: 'Saved for offline' })).toHaveAttribute('href', '/saved');
    setBrowserOnline(true);
    expect(indicator).toBeEmptyDOMElement();
  });
});
