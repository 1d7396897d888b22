import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { createGlobalStyle, ThemeProvider } from 'styled-components';
import { DARK_THEME_CLASS, STORAGE_KEYS } from '@studyhub/contract';
import { createListeners } from '../listeners';
import { DEFAULT_THEME, paletteDeclarations, theme, type Theme } from './theme';

interface ThemeModeValue {
  mode: Theme;
  toggle(): void;
}

const ThemeModeContext = createContext<ThemeModeValue | null>(null);

export function readStoredTheme(storage: Storage = localStorage): Theme {
  const stored = storage.getItem(STORAGE_KEYS.theme);
  return stored === 'light' || stored === 'dark' ? stored : DEFAULT_THEME;
}

// The saved choice is the store; a toggle tells every provider on the page.
const themeChanges = createListeners();

/** Saves the theme and marks <html> with it (the boot script did the same before the first paint). */
function applyTheme(mode: Theme): void {
  localStorage.setItem(STORAGE_KEYS.theme, mode);
  document.documentElement.classList.toggle(DARK_THEME_CLASS, mode === 'dark');
}

const GlobalStyle = createGlobalStyle`
  :root { color-scheme: light; ${paletteDeclarations('light')} }
  :root.${DARK_THEME_CLASS} { color-scheme: dark; ${paletteDeclarations('dark')} }
  *, *::before, *::after { box-sizing: border-box; }
  body {
    margin: 0;
    font-family: ${theme.font};
    background: ${theme.colors.background};
    color: ${theme.colors.text};
    line-height: 1.5;
  }
  a { color: ${theme.colors.primary}; }
  :focus-visible { outline: 3px solid ${theme.colors.accent}; outline-offset: 2px; }
`;

/**
 * Dark by default; the choice is saved under `theme` and marked on <html> (product §3–§4). The page's head script
 * (PAGE_BOOT_SCRIPT) marks <html> before the first paint; a prerendered page hydrates as the default theme
 * (the server snapshot) and then takes the saved one, so hydration never disagrees with the server's HTML.
 */
export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const mode = useSyncExternalStore(
    themeChanges.subscribe,
    () => readStoredTheme(),
    () => DEFAULT_THEME,
  );

  // The saved choice, never the rendered one: while a prerendered page hydrates, `mode` is still the default.
  useEffect(() => applyTheme(readStoredTheme()), []);

  const toggle = useCallback(() => {
    applyTheme(readStoredTheme() === 'dark' ? 'light' : 'dark');
    themeChanges.notify();
  }, []);
  const value = useMemo(() => ({ mode, toggle }), [mode, toggle]);

  return (
    <ThemeModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        {children}
      </ThemeProvider>
    </ThemeModeContext.Provider>
  );
}

export function useThemeMode(): ThemeModeValue {
  const value = useContext(ThemeModeContext);
  if (!value) throw new Error('useThemeMode must be used inside <ThemeModeProvider>');
  return value;
}
