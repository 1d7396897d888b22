/**
 * What the browser must know about this server before sign-in (GET /api/config), read once per app.
 * Null while it loads or when it cannot be read: features that depend on it (Google sign-in) stay hidden.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { apiClient } from '../api/client';
import { UPLOAD_TIMEOUT_MS } from '../constants';
import { useApiQuery } from '../data/use-api-query';
import type { SiteConfigReply } from '../schemas/auth';

export type SiteConfig = SiteConfigReply;

export const SITE_CONFIG_PATH = '/api/config';

const SiteConfigContext = createContext<SiteConfig | null>(null);

/** Checked by hand rather than with zod, so the browser singleton does not carry zod for one field. */
export function parseSiteConfig(value: unknown): SiteConfig | null {
  if (typeof value !== 'object' || value === null) return null;
  const { googleClientId, uploadTimeoutMs } = value as Record<string, unknown>;
  const timeout =
    typeof uploadTimeoutMs === 'number' && Number.isFinite(uploadTimeoutMs) && uploadTimeoutMs > 0
      ? uploadTimeoutMs
      : UPLOAD_TIMEOUT_MS;
  if (googleClientId === null) return { googleClientId: null, uploadTimeoutMs: timeout };
  if (typeof googleClientId === 'string' && googleClientId.trim() !== '') {
    return { googleClientId, uploadTimeoutMs: timeout };
  }
  return null;
}

export interface SiteConfigProviderProps {
  children: ReactNode;
  /** A fixed configuration (tests, or a host that knows it already): nothing is fetched. */
  config?: SiteConfig | null;
}

export function SiteConfigProvider({ children, config }: SiteConfigProviderProps) {
  const fixed = config !== undefined;
  const fetched = useApiQuery(
    fixed ? null : SITE_CONFIG_PATH,
    async (signal) => parseSiteConfig((await apiClient.get<unknown>(SITE_CONFIG_PATH, { signal })).data),
    {
      // Sign-in by email still works; only the Google button stays hidden.
      onError: ({ cause }) => console.warn('Site configuration could not be loaded', cause),
    },
  );

  return (
    <SiteConfigContext.Provider value={config !== undefined ? config : (fetched.data ?? null)}>
      {children}
    </SiteConfigContext.Provider>
  );
}

/** The server's public configuration, or null while unknown (also outside a provider). */
export function useSiteConfig(): SiteConfig | null {
  return useContext(SiteConfigContext);
}
