import { describe, expect, it } from '@jest/globals';
import { AVATAR_LIGHTNESS, AVATAR_SATURATION } from './initials-avatar';

/** CSS hsl() to sRGB channels in 0…1 (the CSS Color 4 algorithm). */
function hslToRgb(hue: number, saturation: number, lightness: number): [number, number, number] {
  const s = saturation / 100;
  const l = lightness / 100;
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    return l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [channel(0), channel(8), channel(4)];
}

function luminance([r, g, b]: [number, number, number]): number {
  const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

describe('the avatar colour', () => {
  it('keeps white initials at 4.5:1 or more for every hue a name can give', () => {
    const ratios = Array.from({ length: 360 }, (_, hue) => {
      const background = luminance(hslToRgb(hue, AVATAR_SATURATION, AVATAR_LIGHTNESS));
      return 1.05 / (background + 0.05);
    });
    expect(Math.min(...ratios)).toBeGreaterThanOrEqual(4.5);
  });
});
