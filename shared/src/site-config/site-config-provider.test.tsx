import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { apiClient } from '../api/client';
import { renderWithProviders } from '../testing';
import { parseSiteConfig, SiteConfigProvider, useSiteConfig } from './site-config-provider';

function ConfigProbe() {
  const config = useSiteConfig();
  return <p data-testid="config">{config ? String(config.googleClientId) : 'unknown'}</p>;
}

const shown = () => screen.getByTestId('config').textContent;

afterEach(() => {
  jest.restoreAllMocks();
});

describe('SiteConfigProvider', () => {
  it('is null while loading, then holds what GET /api/config answered; it asks once', async () => {
    const get = jest.spyOn(apiClient, 'get').mockResolvedValue({
      data: { googleClientId: 'client-123.apps.googleusercontent.com', uploadTimeoutMs: 10_000 },
    });
    const { rerender } = render(
      <SiteConfigProvider>
        <ConfigProbe />
      </SiteConfigProvider>,
    );
    expect(shown()).toBe('unknown');
    expect(await screen.findByText('client-123.apps.googleusercontent.com')).toBeInTheDocument();
    rerender(
      <SiteConfigProvider>
        <ConfigProbe />
      </SiteConfigProvider>,
    );
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith('/api/config', { signal: expect.any(AbortSignal) });
  });

  it('keeps a null client id (Google sign-in off)', async () => {
    jest
      .spyOn(apiClient, 'get')
      .mockResolvedValue({ data: { googleClientId: null, uploadTimeoutMs: 10_000 } });
    render(
      <SiteConfigProvider>
        <ConfigProbe />
      </SiteConfigProvider>,
    );
    expect(await screen.findByText('null')).toBeInTheDocument();
  });

  it('stays null when the request fails, and says so in the console', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    jest.spyOn(apiClient, 'get').mockRejectedValue(new Error('offline'));
    render(
      <SiteConfigProvider>
        <ConfigProbe />
      </SiteConfigProvider>,
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(shown()).toBe('unknown');
    expect(warn).toHaveBeenCalled();
  });

  it('uses a fixed configuration without asking the server', () => {
    const get = jest.spyOn(apiClient, 'get');
    render(
      <SiteConfigProvider config={{ googleClientId: 'fixed-id', uploadTimeoutMs: 10_000 }}>
        <ConfigProbe />
      </SiteConfigProvider>,
    );
    expect(shown()).toBe('fixed-id');
    expect(get).not.toHaveBeenCalled();
  });

  it('is null outside any provider', () => {
    render(<ConfigProbe />);
    expect(shown()).toBe('unknown');
  });

  it('renderWithProviders passes a configuration through and never fetches', () => {
    const get = jest.spyOn(apiClient, 'get');
    renderWithProviders(<ConfigProbe />, {
      siteConfig: { googleClientId: 'from-test', uploadTimeoutMs: 10_000 },
    });
    expect(shown()).toBe('from-test');
    expect(get).not.toHaveBeenCalled();
  });
});

describe('parseSiteConfig', () => {
  it.each([
    [{ googleClientId: 'abc' }, { googleClientId: 'abc', uploadTimeoutMs: 10_000 }],
    [{ googleClientId: null }, { googleClientId: null, uploadTimeoutMs: 10_000 }],
    [
      { googleClientId: null, uploadTimeoutMs: 60_000 },
      { googleClientId: null, uploadTimeoutMs: 60_000 },
    ],
    [
      { googleClientId: null, uploadTimeoutMs: -5 },
      { googleClientId: null, uploadTimeoutMs: 10_000 },
    ],
    [{ googleClientId: '' }, null],
    [{ googleClientId: 42 }, null],
    [{}, null],
    [null, null],
    ['text', null],
  ])('reads %p as %p', (input, expected) => {
    expect(parseSiteConfig(input)).toEqual(expected);
  });
});
