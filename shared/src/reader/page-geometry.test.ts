import { describe, expect, it } from '@jest/globals';
import {
  canvasPixelRatio,
  clampZoom,
  fitWidthScale,
  MAX_CANVAS_PIXELS,
  MAX_CANVAS_SIDE,
  MAX_ZOOM,
  MIN_ZOOM,
  parsePageNumber,
} from './page-geometry';

describe('fitWidthScale', () => {
  it('fills the available width with the page, times the zoom', () => {
    // An A4 page (595 pt) on a 374 px wide phone reader.
    expect(fitWidthScale(374, 595, 1)).toBeCloseTo(374 / 595);
    expect(fitWidthScale(374, 595, 2)).toBeCloseTo((2 * 374) / 595);
  });

  it('falls back to the zoom alone before the reader is laid out', () => {
    expect(fitWidthScale(0, 595, 1.5)).toBe(1.5);
    expect(fitWidthScale(374, 0, 1)).toBe(1);
  });
});

describe('clampZoom', () => {
  it('keeps zoom within its bounds', () => {
    expect(clampZoom(100)).toBe(MAX_ZOOM);
    expect(clampZoom(0.01)).toBe(MIN_ZOOM);
    expect(clampZoom(1.25)).toBe(1.25);
    expect(clampZoom(Number.NaN)).toBe(1);
  });
});

describe('canvasPixelRatio', () => {
  it("is the device's ratio while the canvas is small", () => {
    // A phone's fit-width page at 3×: 1122 × 1587 canvas pixels.
    expect(canvasPixelRatio(374, 529, 3)).toBe(3);
  });

  it('is lowered so the canvas keeps within the pixel budget when zoomed in', () => {
    const ratio = canvasPixelRatio(374 * 4, 529 * 4, 3);
    expect(ratio).toBeLessThan(3);
    expect(374 * 4 * ratio * (529 * 4 * ratio)).toBeLessThanOrEqual(MAX_CANVAS_PIXELS * 1.0001);
  });

  it('keeps each side within the browser limit for a very long page', () => {
    const ratio = canvasPixelRatio(200, 20_000, 2);
    expect(20_000 * ratio).toBeLessThanOrEqual(MAX_CANVAS_SIDE);
  });

  it('takes 1 for a missing or nonsensical device ratio', () => {
    expect(canvasPixelRatio(300, 400, 0)).toBe(1);
    expect(canvasPixelRatio(300, 400, Number.NaN)).toBe(1);
  });
});

describe('parsePageNumber', () => {
  it.each([
    ['3', 3],
    [' 12 ', 12],
    ['1', 1],
  ])('reads %j as page %d of 12', (input, page) => {
    expect(parsePageNumber(input, 12)).toBe(page);
  });

  it.each(['', '0', '13', '2.5', '3a', '-1', 'three'])('refuses %j for a 12-page PDF', (input) => {
    expect(parsePageNumber(input, 12)).toBeNull();
  });
});
