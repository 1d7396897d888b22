import { render, screen } from '@testing-library/react';
import { describe, expect, it } from '@jest/globals';
import { ThemeProvider } from 'styled-components';
import { paletteDeclarations, theme } from '../theme/theme';
import { Button } from './button';

/** The value of `--sh-<name>` in one mode's palette. */
function paletteColor(mode: 'dark' | 'light', name: string): string {
  const match = new RegExp(`--sh-${name}: (#[0-9a-f]{6});`).exec(paletteDeclarations(mode));
  if (!match?.[1]) throw new Error(`no --sh-${name} in the ${mode} palette`);
  return match[1];
}

/** WCAG 2 relative luminance and contrast ratio. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('Button', () => {
  it('the danger variant is filled with the danger colour and written in primaryText', () => {
    render(
      <ThemeProvider theme={theme}>
        <Button $variant="danger">Delete</Button>
        <Button>Save</Button>
      </ThemeProvider>,
    );
    const danger = getComputedStyle(screen.getByRole('button', { name: 'Delete' }));
    expect(danger.getPropertyValue('background')).toBe('var(--sh-danger)');
    expect(danger.color).toBe('var(--sh-primary-text)');
    // A safe action does not look like a destructive one.
    expect(
      getComputedStyle(screen.getByRole('button', { name: 'Save' })).getPropertyValue('background'),
    ).toBe('var(--sh-primary)');
  });

  it.each(['dark', 'light'] as const)('danger text has at least 4.5:1 contrast in %s mode', (mode) => {
    expect(contrast(paletteColor(mode, 'danger'), paletteColor(mode, 'primary-text'))).toBeGreaterThanOrEqual(
      4.5,
    );
  });
});
