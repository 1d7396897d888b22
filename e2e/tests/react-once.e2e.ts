/**
 * Module Federation shares one React: opening the notes area after Home must not download React again
 * (DESIGN §8). Also reports Home's JavaScript weight for the team's budget.
 */
import { gzipSync } from 'node:zlib';
import { expect, test } from '@jest/globals';
import type { Response } from 'playwright-core';
import { setUpBrowser } from '../support/browser';
import { url } from '../support/env';
import { seeHeading } from '../support/pages';

const browser = setUpBrowser();

interface Script {
  url: string;
  body: Buffer;
}

/** Only react-dom's client build creates root containers under this property name. */
const REACT_DOM_MARKER = '__reactContainer$';
/** React itself assigns its internals; react-dom and others only read them. */
const REACT_MARKER = /\.__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE=(?!=)/;

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

test('React is downloaded once across the shell and the notes area', async () => {
  const { page } = await browser.open({ signedIn: true });
  const loading: Promise<Script>[] = [];
  const isScript = (response: Response) =>
    response.request().resourceType() === 'script' || new URL(response.url()).pathname.endsWith('.js');
  page.on('response', (response) => {
    if (isScript(response)) loading.push(response.body().then((body) => ({ url: response.url(), body })));
  });

  await page.goto('/', { waitUntil: 'networkidle' });
  await seeHeading(page, 'Unlock Your Academic Potential');
  const home = await Promise.all(loading);

  // Into the notes area without a page load, as a student would go.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Notes' }).click();
  await seeHeading(page, 'Computer Science & Engineering Notes');
  await page.getByRole('link', { name: 'Third Year', exact: true }).click();
  await page.waitForURL(url('/notes/ThirdYear'));
  await seeHeading(page, 'Third Year CSE Engineering Notes');
  await page.waitForLoadState('networkidle');
  const all = await Promise.all(loading);

  const raw = home.reduce((sum, script) => sum + script.body.length, 0);
  const gzip = home.reduce((sum, script) => sum + gzipSync(script.body, { level: 9 }).length, 0);
  console.log(
    `Home JS: ${home.length} files, ${kib(raw)} raw (${raw} B), ${kib(gzip)} gzip (${gzip} B)\n` +
      all.map((script) => `  ${script.body.length.toString().padStart(8)} B  ${script.url}`).join('\n'),
  );

  const urls = all.map((script) => new URL(script.url).pathname);
  expect(urls.filter((path) => /^\/mfe\/notes\/[^/]+\/remoteEntry\.js$/.test(path))).toHaveLength(1);
  // Chunks are named after their modules, so a second copy of React would show up by name…
  expect(urls.filter((path) => path.includes('react-dom_client'))).toHaveLength(1);
  expect(urls.filter((path) => path.includes('node_modules_react_index_js'))).toHaveLength(1);
  // …and by content, whatever chunk it hides in.
  expect(all.filter((script) => script.body.includes(REACT_DOM_MARKER))).toHaveLength(1);
  expect(all.filter((script) => REACT_MARKER.test(script.body.toString('utf8')))).toHaveLength(1);
});
