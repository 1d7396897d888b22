import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { createGlobalStyle, ThemeProvider } from 'styled-components';
import { DARK_THEME_CLASS, DEFAULT_THEME, STORAGE_KEYS, type Theme } from '../constants';
import { darkTheme, lightTheme } from './theme';

interface ThemeModeValue {
  mode: Theme;
  toggle(): void;
}

const ThemeModeContext = createContext<ThemeModeValue | null>(null);

export function readStoredTheme(storage: Storage = localStorage): Theme {
  const stored = storage.getItem(STORAGE_KEYS.theme);
  return stored === 'light' || stored === 'dark' ? stored : DEFAULT_THEME;
}

const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html { color-scheme: ${({ theme }) => theme.mode}; }
  body {
    margin: 0;
    font-family: ${({ theme }) => theme.font};
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
    line-height: 1.5;
  }
  a { color: ${({ theme }) => theme.colors.primary}; }
  :focus-visible { outline: 3px solid ${({ theme }) => theme.colors.accent}; outline-offset: 2px; }
`;

/** Dark by default; the choice is saved under `theme` and marked on <html> (SPEC §3–§4). */
export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<Theme>(() => readStoredTheme());

  useEffect(() => {
    document.documentElement.classList.toggle(DARK_THEME_CLASS, mode === 'dark');
    localStorage.setItem(STORAGE_KEYS.theme, mode);
  }, [mode]);

  const toggle = useCallback(() => setMode((current) => (current === 'dark' ? 'light' : 'dark')), []);
  const value = useMemo(() => ({ mode, toggle }), [mode, toggle]);

  return (
    <ThemeModeContext.Provider value={value}>
      <ThemeProvider theme={mode === 'dark' ? darkTheme : lightTheme}>
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
