/**
 * `npx tsx scripts/render-web-app-icons.ts`: draws the web app's icons (shell/src/web-app/icons) from the site's
 * logo, tooling/src/build/favicon.svg, in Debian's Chromium. Run it again only when the logo changes; the PNGs are
 * committed as source files, so builds stay reproducible without a browser. Decision 037.
 *   - icon-192.png, icon-512.png: the logo as it is (rounded square, transparent corners);
 *   - icon-maskable-512.png, apple-touch-icon.png (180): the logo's blue fills the square and its glyph sits
 *     inside the central 80 % a phone's mask may keep (a circle on Android; iOS rounds the corners itself).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH } from './lib/chromium';

const REPO = path.resolve(import.meta.dirname, '..');
const LOGO = readFileSync(path.join(REPO, 'tooling/src/build/favicon.svg'), 'utf8').trim();
const OUT_DIR = path.join(REPO, 'shell/src/web-app/icons');

/** The logo's rounded square removed and its glyph (the 64-unit viewBox's inner paths) scaled into the safe zone. */
function fullBleed(logo: string): string {
  const background = /<rect [^>]*fill="([^"]+)"/.exec(logo)?.[1];
  if (!background) throw new Error('favicon.svg has no <rect fill> to use as the background');
  const glyph = logo
    .replace(/^<svg[^>]*>/, '')
    .replace(/<\/svg>$/, '')
    .replace(/<rect [^>]*\/>/, '');
  // The glyph (x 14–50, y 12–41) centred: its corners stay inside the circle of radius 0.4 of the side that a
  // maskable icon may be cut to.
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${background}"/><g transform="translate(32 32) scale(0.95) translate(-32 -26.5)">${glyph}</g></svg>`;
}

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: LOGO },
  { file: 'icon-512.png', size: 512, svg: LOGO },
  { file: 'icon-maskable-512.png', size: 512, svg: fullBleed(LOGO) },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed(LOGO) },
];

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH });
try {
  for (const { file, size, svg } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(
      `<body style="margin:0"><img src="${src}" width="${size}" height="${size}" style="display:block"></body>`,
    );
    await page.locator('img').evaluate((image: HTMLImageElement) => image.decode());
    await page.screenshot({ path: path.join(OUT_DIR, file), omitBackground: true });
    await page.close();
    console.log(`${file} ${size}×${size}`);
  }
} finally {
  await browser.close();
}
