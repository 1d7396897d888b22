import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { STORAGE_KEYS } from '@studyhub/contract';
import { renderWithProviders } from '@studyhub/shared/testing';
import { OverrideBanner } from './override-banner';
import { reloadPage } from './reload-page';

jest.mock('./reload-page', () => ({ reloadPage: jest.fn() }));

beforeEach(() => {
  localStorage.clear();
  jest.mocked(reloadPage).mockClear();
});

describe('OverrideBanner', () => {
  it('shows nothing when no version is being tried', () => {
    renderWithProviders(<OverrideBanner overrides={{}} notice={null} />);
    expect(screen.queryByRole('region', { name: 'Area versions in this browser' })).not.toBeInTheDocument();
  });

  it('names the versions tried in this browser, and Reset forgets them and reloads', async () => {
    localStorage.setItem(STORAGE_KEYS.areaVersions, JSON.stringify({ notes: '1.0.0-aaaaaaaa' }));
    renderWithProviders(<OverrideBanner overrides={{ notes: '1.0.0-aaaaaaaa' }} notice={null} />);
    expect(screen.getByText('Trying notes 1.0.0-aaaaaaaa in this browser only.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(localStorage.getItem(STORAGE_KEYS.areaVersions)).toBeNull();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('shows why a requested version was not taken, until dismissed', async () => {
    renderWithProviders(<OverrideBanner overrides={{}} notice="Not a released version, so not loaded: x." />);
    expect(screen.getByText('Not a released version, so not loaded: x.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/Not a released version/)).not.toBeInTheDocument();
  });
});
