import { describe, expect, it } from '@jest/globals';
import { PALETTES } from './theme';

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(foreground: string, background: string): number {
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

const TEXT_COLOURS = ['text', 'muted', 'primary', 'accent', 'danger', 'warning', 'success'] as const;
const BACKGROUNDS = ['background', 'surface', 'surfaceAlt'] as const;

describe.each(['dark', 'light'] as const)('the %s palette', (mode) => {
  const palette = PALETTES[mode];

  it.each(TEXT_COLOURS)('%s is readable (4.5:1) on every background, as normal-size text', (name) => {
    const ratios = Object.fromEntries(
      BACKGROUNDS.map((background) => [background, contrast(palette[name], palette[background])]),
    );
    for (const ratio of Object.values(ratios)) expect(ratio).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps the banner, primary buttons and danger buttons readable', () => {
    expect(contrast(palette.bannerText, palette.banner)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(palette.primaryText, palette.primary)).toBeGreaterThanOrEqual(4.5);
    // The danger variant writes primaryText on the danger fill (shared/src/ui/button.tsx).
    expect(contrast(palette.primaryText, palette.danger)).toBeGreaterThanOrEqual(4.5);
  });
});
