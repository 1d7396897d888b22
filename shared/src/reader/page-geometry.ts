/**
 * Sizes of the reader's page: fit-to-width with the reader's zoom on top, and a canvas crisp on high-DPI
 * screens without outgrowing what a phone can hold.
 */

export const MIN_ZOOM = 0.5;
export const MAX_ZOOM = 4;
/** Zoom in/out buttons step by this factor. */
export const ZOOM_STEP = 1.25;
/**
 * At most this many canvas pixels (2^23, ~8.4 M, 32 MB of RGBA): iOS refuses canvases above ~16.7 M and mid-range
 * Android phones slow down well before that. A 390 px wide phone at 3× fits a whole A4 page at up to ~2× zoom at
 * full sharpness; beyond that the picture is upscaled instead of the memory growing.
 */
export const MAX_CANVAS_PIXELS = 2 ** 23;
/** Browsers refuse canvases wider or taller than this (and some GPUs draw nothing above it). */
export const MAX_CANVAS_SIDE = 8192;

export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return 1;
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
}

/**
 * The PDF-to-CSS-pixel scale that makes a page `pageWidth` PDF units wide (its width at scale 1) fill
 * `availableWidth` CSS pixels, times the zoom. Never 0: a hidden or not yet laid-out reader gets zoom alone.
 */
export function fitWidthScale(availableWidth: number, pageWidth: number, zoom: number): number {
  if (!(availableWidth > 0) || !(pageWidth > 0)) return clampZoom(zoom);
  return (availableWidth / pageWidth) * clampZoom(zoom);
}

/**
 * Canvas pixels per CSS pixel for a page shown `cssWidth` × `cssHeight`: the device's pixel ratio, lowered so the
 * canvas stays within MAX_CANVAS_PIXELS and MAX_CANVAS_SIDE.
 */
export function canvasPixelRatio(cssWidth: number, cssHeight: number, devicePixelRatio: number): number {
  const wanted = devicePixelRatio > 0 && Number.isFinite(devicePixelRatio) ? devicePixelRatio : 1;
  if (!(cssWidth > 0) || !(cssHeight > 0)) return wanted;
  const byArea = Math.sqrt(MAX_CANVAS_PIXELS / (cssWidth * cssHeight));
  const bySide = MAX_CANVAS_SIDE / Math.max(cssWidth, cssHeight);
  return Math.min(wanted, byArea, bySide);
}

/**
 * "3" or " 3 " within 1…pageCount is page 3; anything else (empty, 0, 2.5, "3a", past the end) is null, so the
 * reader says which pages exist instead of guessing.
 */
export function parsePageNumber(input: string, pageCount: number): number | null {
  const text = input.trim();
  if (!/^\d+$/.test(text)) return null;
  const page = Number(text);
  return page >= 1 && page <= pageCount ? page : null;
}
