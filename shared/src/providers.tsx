import type { ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import { createGlobalStyle } from 'styled-components';
import { TOAST_DEFAULTS } from './constants';
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

const { stackSpacingPx, widthPx, hotKey, ...containerDefaults } = TOAST_DEFAULTS;
const hotKeyCode = `Key${hotKey.split('+')[1]}`;

const ToastLayout = createGlobalStyle`
  :root { --toastify-toast-width: ${widthPx}px; }
  .Toastify__toast { margin-bottom: ${stackSpacingPx}px; }
`;

/** The toast container with SPEC §9 defaults; react-toastify is a shared singleton, so areas' toasts land here. */
export function Toasts() {
  return (
    <>
      <ToastLayout />
      <ToastContainer {...containerDefaults} hotKeys={(event) => event.altKey && event.code === hotKeyCode} />
    </>
  );
}
