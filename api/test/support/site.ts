/** The composed site (site.test.ts). */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { areaEntryUrl } from '@studyhub/contract';
import { writeRemotes } from '@studyhub/deploy-folder';
import { pointArea, pointShell, publishBuild } from '@studyhub/tooling/deploy';
import { request } from './requests';

export const SHELL_VERSION = '1.0.0-aaaaaaaa';
export const NOTES_VERSION = '1.0.0-bbbbbbbb';

function writeFiles(dir: string, files: Record<string, string>): string {
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

/** The source map of a build's file, as the release keeps it beside the release folder. */
export const sourceMap = (file: string) => JSON.stringify({ version: 3, file, mappings: '' });

/** A shell chunk big enough to be published with compressed copies (decision 013). */
export const VENDOR_CHUNK = 'vendor.5e6f7a8b.js';
export const VENDOR_SOURCE = 'export const unit = "Unit 3: Dynamic programming";\n'.repeat(100);
/** The shell's page for the year page's route (decision 014). */
export const HEADED_PAGE = 'pages/notes/ThirdYear.html';
/** An icon of the shell's web app manifest, named by its hash. */
export const SHELL_ICON = 'icons/icon-192.2c3d4e5f.png';
/** The notes build's page chunk, which its manifest names for `./Area`. */
export const NOTES_AREA_CHUNK = '__federation_expose_Area.1a2b3c4d.js';

/**
 * A deploy folder with a small shell and notes release, published with the real deploy functions (so the
 * builds' source maps are kept in deploy/sourcemaps/).
 */
export function makeDeployDir(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'studyhub-api-'));
  const deployDir = path.join(root, 'deploy');
  const shellBuild = writeFiles(path.join(root, 'shell-dist'), {
    // Home prerendered into the page, and the page for every other route (decision 014).
    'index.html': '<!doctype html><div id="root"><h1>Home</h1></div><script defer src="/main.js"></script>',
    'app.html': '<!doctype html><div id="root"></div><script defer src="/main.js"></script>',
    // A route whose heading is its title gets a page with that heading drawn in.
    [HEADED_PAGE]:
      '<!doctype html><div id="root"><h1>Third Year</h1></div><script defer src="/main.js"></script>',
    'main.js': 'console.log("shell")',
    // The shell's service worker (decision 035): the same name in every shell release.
    'sw.js': 'self.addEventListener("fetch", () => {})',
    'main.js.map': sourceMap('main.js'),
    'src_bootstrap_tsx.0a1b2c3d.js': 'console.log("chunk")',
    // What the shell's copy of the platform provides (decisions 020, 028): the same name in every shell release.
    'shared-usage.json': JSON.stringify({
      package: '@studyhub/shared',
      version: '1.0.0-test',
      provides: [],
      needs: [],
    }),
    'src_bootstrap_tsx.0a1b2c3d.js.map': sourceMap('src_bootstrap_tsx.0a1b2c3d.js'),
    // Large enough that publishing writes its .br and .gz copies.
    [VENDOR_CHUNK]: VENDOR_SOURCE,
    // The web app manifest and an icon it names by hash (decision 037).
    'manifest.webmanifest': JSON.stringify({ name: 'StudyHub', icons: [{ src: `/${SHELL_ICON}` }] }),
    [SHELL_ICON]: 'PNG',
  });
  const notesBuild = writeFiles(path.join(root, 'notes-dist'), {
    'mf-manifest.json': JSON.stringify({
      id: 'notes',
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [{ path: './Area', assets: { js: { sync: [NOTES_AREA_CHUNK] } } }],
    }),
    'remoteEntry.js': 'console.log("notes")',
    'remoteEntry.js.map': sourceMap('remoteEntry.js'),
    [NOTES_AREA_CHUNK]: 'console.log("area")',
    [`${NOTES_AREA_CHUNK}.map`]: sourceMap(NOTES_AREA_CHUNK),
  });
  publishBuild(deployDir, 'shell', SHELL_VERSION, shellBuild);
  publishBuild(deployDir, 'notes', NOTES_VERSION, notesBuild);
  pointShell(deployDir, SHELL_VERSION);
  pointArea(deployDir, 'notes', NOTES_VERSION);
  return deployDir;
}

/** The notes canary the canary guard's tests judge: NOTES_VERSION stays live, `canary` runs beside it. */
export const NOTES_CANARY = `${NOTES_VERSION}-canary`;

/** Points remotes.json at NOTES_VERSION with NOTES_CANARY as its canary (no release folder needed to abort it). */
export function startNotesCanary(deployDir: string, percent = 10): void {
  writeRemotes(deployDir, {
    notes: {
      version: NOTES_VERSION,
      entry: areaEntryUrl('notes', NOTES_VERSION),
      canary: { version: NOTES_CANARY, entry: areaEntryUrl('notes', NOTES_CANARY), percent },
    },
  });
}

export function removeDeployDir(deployDir: string): void {
  rmSync(path.dirname(deployDir), { recursive: true, force: true });
}

/** The report token a browser gets with /remotes.json (decision 025), naming every version it lists now. */
export async function reportToken(app: FastifyInstance): Promise<string> {
  const reply = await request(app, 'GET', '/remotes.json');
  return String(reply.headers['report-token']);
}

/** The address of a client in a network (an IPv4 /24) of its own, one per index: distinct sources for the guard. */
export const ownNetwork = (index: number) => `10.${(index >> 8) & 255}.${index & 255}.7`;
