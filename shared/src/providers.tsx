import type { ReactNode } from 'react';
import { SessionProvider } from './session/session-provider';
import { SiteConfigProvider, type SiteConfig } from './site-config/site-config-provider';
import { ThemeModeProvider } from './theme/theme-provider';

export interface AppProvidersProps {
  children: ReactNode;
  /** Omitted: fetched once from GET /api/config. Given (tests): used as is, nothing is fetched. */
  siteConfig?: SiteConfig | null;
}

/**
 * Theme, session and the server's public configuration for a whole app (the shell, or an area running
 * standalone). Router is the caller's.
 */
export function AppProviders({ children, siteConfig }: AppProvidersProps) {
  return (
    <ThemeModeProvider>
      <SiteConfigProvider config={siteConfig}>
        <SessionProvider>{children}</SessionProvider>
      </SiteConfigProvider>
    </ThemeModeProvider>
  );
}
