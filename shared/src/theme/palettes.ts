/**
 * The two themes' colours, on their own so that build-time code (the shell's web app manifest, decision 037) reads
 * them without the styled-components typing of theme.ts.
 */
export type Theme = 'dark' | 'light';

/** Every colour the components use, and the shadow, of one theme. */
export interface Palette {
  background: string;
  surface: string;
  surfaceAlt: string;
  text: string;
  muted: string;
  border: string;
  primary: string;
  primaryText: string;
  accent: string;
  danger: string;
  warning: string;
  success: string;
  banner: string;
  bannerText: string;
  shadow: string;
}

const darkPalette: Palette = {
  background: '#0f172a',
  surface: '#1e293b',
  surfaceAlt: '#273449',
  text: '#e2e8f0',
  muted: '#94a3b8',
  border: '#334155',
  primary: '#38bdf8',
  primaryText: '#0b1220',
  accent: '#a78bfa',
  danger: '#f87171',
  warning: '#facc15',
  success: '#4ade80',
  banner: '#0369a1',
  bannerText: '#f0f9ff',
  shadow: '0 6px 24px rgba(0, 0, 0, 0.45)',
};

const lightPalette: Palette = {
  background: '#f8fafc',
  surface: '#ffffff',
  surfaceAlt: '#eef2f7',
  text: '#0f172a',
  muted: '#475569',
  border: '#cbd5e1',
  primary: '#0369a1',
  primaryText: '#ffffff',
  accent: '#6d28d9',
  danger: '#b91c1c',
  // Darker than yellow/green-700, which fell under 4.5:1 on surfaceAlt (the Home badges; decision 018).
  warning: '#854d0e',
  success: '#166534',
  banner: '#0c4a6e',
  bannerText: '#f0f9ff',
  shadow: '0 6px 24px rgba(15, 23, 42, 0.12)',
};

/** Both palettes, for the contrast test: every text colour readable on every background (WCAG AA, 4.5:1). */
export const PALETTES: Readonly<Record<Theme, Palette>> = { dark: darkPalette, light: lightPalette };
