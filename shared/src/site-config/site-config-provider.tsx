/**
 * What the browser must know about this server before sign-in (GET /api/config), read once per app.
 * Null while it loads or when it cannot be read: features that depend on it (Google sign-in) stay hidden.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { apiGet } from '../api/client';
import { UPLOAD_TIMEOUT_MS } from '@studyhub/contract';
import { useApiQuery } from '../data/use-api-query';
import { siteConfigReply, type SiteConfigReply } from '@studyhub/contract/schemas';

export type SiteConfig = SiteConfigReply;

export const SITE_CONFIG_PATH = '/api/config';

const SiteConfigContext = createContext<SiteConfig | null>(null);

/**
 * Read by hand as well as checked (development and test builds) with the schema: production builds carry no zod,
 * and a missing timeout or a blank client id still leaves a usable configuration.
 */
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
    async (signal) =>
      parseSiteConfig(
        await apiGet(SITE_CONFIG_PATH, __STUDYHUB_CHECK_REPLIES__ && siteConfigReply, { signal }),
      ),
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
