import { PALETTES, type Palette, type Theme } from './palettes';

export { PALETTES, type Theme } from './palettes';
export const DEFAULT_THEME: Theme = 'dark';

export interface ThemeTokens {
  colors: Omit<Palette, 'shadow'>;
  radius: string;
  shadow: string;
  font: string;
  maxWidth: string;
}

const cssVariable = (name: string) =>
  `--sh-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

/** `--sh-surface-alt: #273449; …` for one palette. */
export function paletteDeclarations(mode: Theme): string {
  const palette = PALETTES[mode];
  return Object.entries(palette)
    .map(([name, value]) => `${cssVariable(name)}: ${value};`)
    .join(' ');
}

const colorNames = Object.keys(PALETTES.light).filter(
  (name) => name !== 'shadow',
) as (keyof ThemeTokens['colors'])[];

/**
 * The one theme the components see: every colour is a CSS variable, set per mode on <html> (decision 014).
 * The same CSS serves both modes, so a page prerendered once is right in either, and switching modes
 * re-renders nothing.
 */
export const theme: ThemeTokens = {
  radius: '12px',
  font: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif",
  maxWidth: '1180px',
  shadow: `var(${cssVariable('shadow')})`,
  colors: Object.fromEntries(
    colorNames.map((name) => [name, `var(${cssVariable(name)})`]),
  ) as ThemeTokens['colors'],
};

declare module 'styled-components' {
  // styled-components' DefaultTheme is augmented so `props.theme` is typed everywhere.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends ThemeTokens {}
}
