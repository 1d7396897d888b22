import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { readRemotes, releaseDir, sourceMapDir, writeRemotes } from '@studyhub/deploy-folder';
import { buildTestApp, type TestApp } from './support/apps';
import { expectApiHeaders } from './support/requests';
import {
  HEADED_PAGE,
  makeDeployDir,
  NOTES_AREA_CHUNK,
  NOTES_VERSION,
  removeDeployDir,
  SHELL_ICON,
  SHELL_VERSION,
  sourceMap,
  VENDOR_CHUNK,
  VENDOR_SOURCE,
} from './support/site';

let deployDir: string;
let app: FastifyInstance;

beforeAll(async () => {
  deployDir = makeDeployDir();
  app = await buildTestApp(deployDir);
});
afterAll(async () => {
  await app.close();
  removeDeployDir(deployDir);
});

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('composed site', () => {
  it('serves /remotes.json no-cache with the live areas, and a report token naming them (decision 025)', async () => {
    const reply = await app.inject('/remotes.json');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-cache');
    expect(reply.headers['report-token']).toMatch(new RegExp(`^\\d+~notes:${NOTES_VERSION}~[\\w-]{43}$`));
    expect(reply.json()).toEqual({
      notes: { version: NOTES_VERSION, entry: `/mfe/notes/${NOTES_VERSION}/mf-manifest.json` },
    });
  });

  it.each(['/', '/notes/ThirdYear', '/notes/CS-503(A)', '/admin/users'])(
    'serves the shell for %s',
    async (url) => {
      const reply = await app.inject(url);
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toMatch(/^text\/html/);
      expect(reply.headers['cache-control']).toBe('no-cache');
      expect(reply.body).toContain('<div id="root">');
    },
  );

  it('serves Home prerendered at / and the page without it for every other route (decision 014)', async () => {
    expect((await app.inject('/')).body).toContain('<div id="root"><h1>Home</h1></div>');
    for (const url of ['/notes/SecondYear', '/notes/FifthYear', '/syllabus', '/about']) {
      expect((await app.inject(url)).body).toContain('<div id="root"></div>');
    }
    const direct = await app.inject('/app.html');
    expect(direct.headers['cache-control']).toBe('no-cache');
  });

  it('serves a route whose heading is its title its own page, by the route table, never by the path (decision 014)', async () => {
    for (const url of ['/notes/ThirdYear', '/NOTES/thirdyear/', '/notes/thirdYEAR']) {
      const reply = await app.inject(url);
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['cache-control']).toBe('no-cache');
      expect(reply.body).toContain('<h1>Third Year</h1>');
    }
    // The page's own address is a file like any other, revalidated as pages are; other spellings reach no file.
    expect((await app.inject(`/${HEADED_PAGE}`)).headers['cache-control']).toBe('no-cache');
    for (const url of ['/pages/notes/ThirdYear', '/notes/ThirdYear.html', '/notes/..%2fnotes/ThirdYear']) {
      expect((await app.inject(url)).body).not.toContain('<h1>Third Year</h1>');
    }
  });

  it('names what a page fetches first for preloading: remotes.json, and the live area of its route (decision 014)', async () => {
    const remotes = '</remotes.json>; rel=preload; as=fetch; crossorigin';
    const notes = `/mfe/notes/${NOTES_VERSION}`;
    for (const url of ['/', '/about', '/nowhere', '/syllabus']) {
      // Syllabus is not deployed in this site, so it is named by nobody.
      expect((await app.inject(url)).headers.link).toBe(remotes);
    }
    for (const url of ['/notes/ThirdYear', '/notes/thirdyear/', '/notes/CS-503(A)', '/branch']) {
      expect((await app.inject(url)).headers.link).toBe(
        [
          remotes,
          `<${notes}/mf-manifest.json>; rel=preload; as=fetch; crossorigin`,
          `<${notes}/remoteEntry.js>; rel=preload; as=script`,
          `<${notes}/${NOTES_AREA_CHUNK}>; rel=preload; as=script`,
        ].join(', '),
      );
    }
    // Files and the API name nothing.
    expect((await app.inject('/main.js')).headers.link).toBeUndefined();
    expect((await app.inject('/remotes.json')).headers.link).toBeUndefined();
  });

  it.each([
    ['its page for a headed route: app.html', [HEADED_PAGE], '<div id="root"></div>'],
    ['app.html either: index.html', ['app.html', HEADED_PAGE], '<h1>Home</h1>'],
  ])('serves a shell released without %s', async (_released, removed, body) => {
    const olderDeploy = makeDeployDir();
    for (const page of removed) rmSync(path.join(olderDeploy, 'releases', 'shell', SHELL_VERSION, page));
    const older = await buildTestApp(olderDeploy);
    try {
      const reply = await older.inject('/notes/ThirdYear');
      expect(reply.statusCode).toBe(200);
      expect(reply.body).toContain(body);
    } finally {
      await older.close();
      removeDeployDir(olderDeploy);
    }
  });

  it.each([
    ['/main.js', 'no-cache'],
    ['/shared-usage.json', 'no-cache'],
    ['/src_bootstrap_tsx.0a1b2c3d.js', IMMUTABLE],
    ['/manifest.webmanifest', 'no-cache'],
    [`/${SHELL_ICON}`, IMMUTABLE],
    [`/mfe/notes/${NOTES_VERSION}/mf-manifest.json`, 'no-cache'],
    [`/mfe/notes/${NOTES_VERSION}/remoteEntry.js`, 'no-cache'],
    [`/mfe/notes/${NOTES_VERSION}/${NOTES_AREA_CHUNK}`, IMMUTABLE],
  ])('caches %s as %s', async (url, cacheControl) => {
    const reply = await app.inject(url);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe(cacheControl);
  });

  it.each([
    ['/manifest.webmanifest', /^application\/manifest\+json\b/],
    [`/${SHELL_ICON}`, /^image\/png$/],
  ])('sends %s as %s, under the site policy that lets the page read it (decision 037)', async (url, type) => {
    const reply = await app.inject(url);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(type);
    expect(String(reply.headers['content-security-policy'])).toContain("default-src 'self'");
  });

  it.each([
    '/mfe/notes/0.0.0-missing/mf-manifest.json',
    '/mfe/evil/1.0.0/remoteEntry.js',
    '/mfe/notes/bad version/remoteEntry.js',
    `/mfe/notes/${NOTES_VERSION}/`,
    '/no-such-file.js',
  ])('answers 404 JSON for %s', async (url) => {
    const reply = await app.inject(url);
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({ message: 'Not Found' });
  });

  it.each([
    `/mfe/notes/${NOTES_VERSION}/../../../shell.json`,
    `/mfe/notes/${NOTES_VERSION}/..%2f..%2f..%2fremotes.json`,
    `/mfe/notes/${NOTES_VERSION}/%2e%2e/%2e%2e/shell.json`,
    `/mfe/notes/${NOTES_VERSION}/%252e%252e%252f%252e%252e%252fshell.json`,
    `/mfe/notes/${NOTES_VERSION}/..\\..\\shell.json`,
    `/mfe/notes/${NOTES_VERSION}/remoteEntry.js%00.json`,
    '/..%2f..%2fshell.json',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/..%5c..%5cshell.json',
  ])('never serves a file outside the release for %s', async (url) => {
    const reply = await app.inject(url);
    // shell.json names the live version; a response that leaks it reached outside the release folder.
    expect(reply.body).not.toContain(SHELL_VERSION);
    expect(reply.body).not.toContain('root:');
    if (reply.statusCode === 200) expect(reply.body).toContain('<div id="root">');
    else expect(reply.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('answers unknown API paths with 404 JSON instead of the shell', async () => {
    const reply = await app.inject('/api/no-such-route');
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({ message: 'Not Found' });
  });

  it('reports the live versions on /api/health', async () => {
    const reply = await app.inject('/api/health');
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      status: 'ok',
      shell: SHELL_VERSION,
      areas: { notes: NOTES_VERSION },
      canaries: {},
    });
  });

  it.each(['/', '/remotes.json', `/mfe/notes/${NOTES_VERSION}/remoteEntry.js`])(
    "sends the site's security headers on %s",
    async (url) => {
      const reply = await app.inject(url);
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      const csp = String(reply.headers['content-security-policy']);
      for (const directive of [
        "default-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'self'",
      ]) {
        expect(csp).toContain(directive);
      }
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    },
  );

  it.each(['/api/health', '/api/nope'])(
    "sends the API's security headers on %s (decision 029)",
    async (url) => {
      expectApiHeaders(await app.inject(url));
    },
  );
});

/** The FIFO cases need mkfifo; they are skipped where the system has none. */
const CAN_MAKE_FIFOS = spawnSync('sh', ['-c', 'command -v mkfifo']).status === 0;

describe('compressed copies (decision 013)', () => {
  const url = `/${VENDOR_CHUNK}`;
  it.each([
    ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
    ['gzip, deflate', 'gzip', gunzipSync],
    ['br;q=0, gzip', 'gzip', gunzipSync],
  ])(
    'sends Accept-Encoding "%s" the %s copy, typed as the file it encodes',
    async (accepted, encoding, decode) => {
      const reply = await app.inject({ url, headers: { 'accept-encoding': accepted } });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-encoding']).toBe(encoding);
      expect(reply.headers['content-type']).toMatch(/^application\/javascript/);
      expect(reply.headers.vary).toMatch(/accept-encoding/i);
      expect(reply.headers['cache-control']).toBe(IMMUTABLE);
      expect(decode(reply.rawPayload).toString()).toBe(VENDOR_SOURCE);
      expect(reply.rawPayload.length).toBeLessThan(VENDOR_SOURCE.length / 5);
    },
  );

  it.each([undefined, 'identity', 'br;q=0, gzip;q=0'])(
    'sends Accept-Encoding %s the file itself',
    async (accepted) => {
      const reply = await app.inject({ url, headers: accepted ? { 'accept-encoding': accepted } : {} });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-encoding']).toBeUndefined();
      expect(reply.headers.vary).toMatch(/accept-encoding/i);
      expect(reply.body).toBe(VENDOR_SOURCE);
    },
  );

  it('gives each encoding its own ETag, so a cache never mixes them', async () => {
    const etags = await Promise.all(
      ['br', 'gzip', 'identity'].map(
        async (accepted) =>
          (await app.inject({ url, headers: { 'accept-encoding': accepted } })).headers.etag,
      ),
    );
    expect(new Set(etags).size).toBe(3);
  });
});

describe('a link or other oddity planted in a release folder (docs/security.md item 37)', () => {
  const SECRET = 'the-jwt-secret-the-site-must-never-serve';
  let planted: string;
  let plantedApp: FastifyInstance;

  beforeAll(async () => {
    planted = makeDeployDir();
    plantedApp = await buildTestApp(planted);
    // Served once before the links appear: a folder the server has read already is checked again.
    expect((await plantedApp.inject('/main.js')).statusCode).toBe(200);
    const outside = path.join(path.dirname(planted), 'data');
    mkdirSync(path.join(outside, 'files'), { recursive: true });
    writeFileSync(path.join(outside, 'jwt-secret'), SECRET);
    writeFileSync(path.join(outside, 'files', 'x.js'), SECRET);
    const folders = [
      [releaseDir(planted, 'shell', SHELL_VERSION), 'main.js'],
      [releaseDir(planted, 'notes', NOTES_VERSION), 'remoteEntry.js'],
    ] as const;
    for (const [folder, ownFile] of folders) {
      symlinkSync(path.join(outside, 'jwt-secret'), path.join(folder, 'secret.js'));
      symlinkSync(path.join(outside, 'files'), path.join(folder, 'static'));
      symlinkSync(path.join(folder, ownFile), path.join(folder, 'alias.js'));
      // A "compressed copy" of a regular file that links elsewhere: it must never be sent in the file's place.
      symlinkSync(path.join(outside, 'jwt-secret'), path.join(folder, `${ownFile}.gz`));
      if (CAN_MAKE_FIFOS) expect(spawnSync('mkfifo', [path.join(folder, 'pipe.js')]).status).toBe(0);
    }
  });
  afterAll(async () => {
    await plantedApp.close();
    removeDeployDir(planted);
  });

  it.each([
    '/secret.js',
    '/static/x.js',
    '/alias.js',
    `/mfe/notes/${NOTES_VERSION}/secret.js`,
    `/mfe/notes/${NOTES_VERSION}/static/x.js`,
    `/mfe/notes/${NOTES_VERSION}/alias.js`,
  ])('answers 404 JSON for %s, never following the link', async (url) => {
    const reply = await plantedApp.inject(url);
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({ message: 'Not Found' });
    expect(reply.body).not.toContain(SECRET);
  });

  (CAN_MAKE_FIFOS ? it : it.skip).each(['/pipe.js', `/mfe/notes/${NOTES_VERSION}/pipe.js`])(
    'answers 404 for a FIFO at %s at once',
    async (url) => {
      const reply = await plantedApp.inject(url);
      expect(reply.statusCode).toBe(404);
    },
  );

  it.each([
    ['/main.js', 'console.log("shell")'],
    [`/mfe/notes/${NOTES_VERSION}/remoteEntry.js`, 'console.log("notes")'],
  ])('sends %s itself, never a planted link as its gzip copy', async (url, source) => {
    const reply = await plantedApp.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(reply.statusCode).toBe(200);
    // Without a copy of its own the file may be compressed on the fly; either way it is the file's bytes.
    const body =
      reply.headers['content-encoding'] === 'gzip' ? gunzipSync(reply.rawPayload) : reply.rawPayload;
    expect(body.toString()).toBe(source);
  });

  it.each([
    ['/main.js', 'no-cache'],
    ['/shared-usage.json', 'no-cache'],
    ['/src_bootstrap_tsx.0a1b2c3d.js', IMMUTABLE],
    ['/manifest.webmanifest', 'no-cache'],
    [`/${SHELL_ICON}`, IMMUTABLE],
    ['/notes/ThirdYear', 'no-cache'],
    [`/mfe/notes/${NOTES_VERSION}/remoteEntry.js`, 'no-cache'],
    [`/mfe/notes/${NOTES_VERSION}/${NOTES_AREA_CHUNK}`, IMMUTABLE],
  ])('still serves the regular file %s, cached as %s', async (url, cacheControl) => {
    const reply = await plantedApp.inject(url);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe(cacheControl);
  });
});

describe('source maps (docs/security.md item 45)', () => {
  const MAPS: [string, string][] = [
    ['/main.js.map', 'no-cache'],
    ['/src_bootstrap_tsx.0a1b2c3d.js.map', IMMUTABLE],
    [`/mfe/notes/${NOTES_VERSION}/remoteEntry.js.map`, 'no-cache'],
    [`/mfe/notes/${NOTES_VERSION}/${NOTES_AREA_CHUNK}.map`, IMMUTABLE],
  ];
  let withMaps: TestApp;
  let mapsDir: string;

  beforeAll(async () => {
    mapsDir = makeDeployDir();
    withMaps = await buildTestApp({ deployDir: mapsDir, env: { SERVE_SOURCE_MAPS: '1' } });
  });
  afterAll(async () => {
    await withMaps.close();
    removeDeployDir(mapsDir);
  });

  it('are kept beside the release, not in the folder the site serves', () => {
    expect(existsSync(path.join(releaseDir(deployDir, 'notes', NOTES_VERSION), 'remoteEntry.js.map'))).toBe(
      false,
    );
    expect(existsSync(path.join(sourceMapDir(deployDir, 'notes', NOTES_VERSION), 'remoteEntry.js.map'))).toBe(
      true,
    );
  });

  it.each(MAPS.map(([url]) => url))('are not served by default: %s is 404', async (url) => {
    const reply = await app.inject(url);
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({ message: 'Not Found' });
  });

  it('are not served by default even when one is put into the release folder', async () => {
    const file = path.join(releaseDir(deployDir, 'notes', NOTES_VERSION), 'remoteEntry.js.map');
    writeFileSync(file, sourceMap('remoteEntry.js'));
    try {
      expect((await app.inject(`/mfe/notes/${NOTES_VERSION}/remoteEntry.js.map`)).statusCode).toBe(404);
    } finally {
      rmSync(file);
    }
  });

  it.each(MAPS)('are served with SERVE_SOURCE_MAPS=1: %s, cached as %s', async (url, cacheControl) => {
    const reply = await withMaps.app.inject(url);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe(cacheControl);
    expect(reply.json()).toMatchObject({ version: 3 });
  });
});

describe('the service worker (decision 035)', () => {
  it("is the live shell's sw.js, revalidated on every request so that a new release is found", async () => {
    const reply = await app.inject('/sw.js');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(reply.headers['cache-control']).toBe('no-cache');
    expect(reply.body).toBe('self.addEventListener("fetch", () => {})');
  });

  it('is one that clears its caches and unregisters itself with RETIRE_SERVICE_WORKER=1', async () => {
    const retiredDir = makeDeployDir();
    const retired = await buildTestApp({ deployDir: retiredDir, env: { RETIRE_SERVICE_WORKER: '1' } });
    try {
      const reply = await retired.app.inject('/sw.js');
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(reply.headers['cache-control']).toBe('no-cache');
      expect(reply.body).toContain('name.startsWith("studyhub-sw")');
      expect(reply.body).toContain('self.registration.unregister()');
      expect(reply.body).not.toContain("addEventListener('fetch'");
      // Everything else of the site is served as before.
      expect((await retired.app.inject('/main.js')).statusCode).toBe(200);
    } finally {
      await retired.close();
      removeDeployDir(retiredDir);
    }
  });
});

describe('a release folder that is itself a link, as npm run dev makes', () => {
  it('serves its files, and its linked source maps with SERVE_SOURCE_MAPS=1', async () => {
    const linkedDir = makeDeployDir();
    const root = path.dirname(linkedDir);
    for (const folder of [
      releaseDir(linkedDir, 'notes', NOTES_VERSION),
      sourceMapDir(linkedDir, 'notes', NOTES_VERSION),
    ]) {
      const moved = path.join(root, `moved-${path.basename(path.dirname(path.dirname(folder)))}`);
      renameSync(folder, moved);
      symlinkSync(moved, folder);
    }
    const linked = await buildTestApp({ deployDir: linkedDir, env: { SERVE_SOURCE_MAPS: '1' } });
    try {
      for (const file of ['remoteEntry.js', 'remoteEntry.js.map']) {
        expect((await linked.app.inject(`/mfe/notes/${NOTES_VERSION}/${file}`)).statusCode).toBe(200);
      }
    } finally {
      await linked.close();
      removeDeployDir(linkedDir);
    }
  });
});

describe('with a canary running', () => {
  const canary = {
    version: '1.0.0-cccccccc',
    entry: '/mfe/notes/1.0.0-cccccccc/mf-manifest.json',
    percent: 10,
  };
  let canaryDir: string;
  let canaryApp: FastifyInstance;

  beforeAll(async () => {
    canaryDir = makeDeployDir();
    const live = readRemotes(canaryDir).notes!;
    writeRemotes(canaryDir, { notes: { ...live, canary } });
    canaryApp = await buildTestApp(canaryDir);
  });
  afterAll(async () => {
    await canaryApp.close();
    removeDeployDir(canaryDir);
  });

  it('serves the canary in /remotes.json beside the live version', async () => {
    const reply = await canaryApp.inject('/remotes.json');
    expect(reply.json()).toEqual({
      notes: { version: NOTES_VERSION, entry: `/mfe/notes/${NOTES_VERSION}/mf-manifest.json`, canary },
    });
  });

  it('reports the canary and its share on /api/health', async () => {
    const reply = await canaryApp.inject('/api/health');
    expect(reply.json()).toMatchObject({
      areas: { notes: NOTES_VERSION },
      canaries: { notes: { version: canary.version, percent: 10 } },
    });
  });
});

describe('before anything is deployed', () => {
  it('says so with 503 JSON instead of a blank page', async () => {
    const empty = makeDeployDir();
    rmSync(path.join(empty, 'shell.json'));
    const bare = await buildTestApp(empty);
    const reply = await bare.inject('/');
    expect(reply.statusCode).toBe(503);
    expect(reply.json()).toEqual({ message: 'The site has not been deployed yet.' });
    await bare.close();
    removeDeployDir(empty);
  });
});
