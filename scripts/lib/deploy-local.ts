/**
 * Builds and tests apps in their workspaces, and takes every app through the release path (checks, publish,
 * point) the way `npm start` and the browser tests get a composed production site.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { appBuildVersion, BUILD_ID_ENV, BUILD_INFO_FILE, type BuildInfo } from '@studyhub/tooling/build';
import { releaseDir } from '@studyhub/deploy-folder';
import { liveVersion, releaseTogether } from '@studyhub/tooling/deploy';
import { APPS, appDir, type App } from './apps';
import { run } from './run';

export interface PublishedApp {
  app: App;
  version: string;
  /** Seconds spent building; 0 when an existing build of this version was used. */
  buildSeconds: number;
  /** False when this version was live already. */
  released: boolean;
}

async function timed(
  what: string,
  command: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
): Promise<number> {
  const started = Date.now();
  const code = await run(command[0]!, command.slice(1), { cwd, env });
  if (code !== 0) throw new Error(`${what} failed (exit code ${code})`);
  return (Date.now() - started) / 1000;
}

/** A production build into the app's dist/, named by `buildId` when given. */
export function buildApp(app: App, buildId?: string): Promise<number> {
  // An empty BUILD_ID means none, whatever the calling shell has set.
  return timed(`Building ${app.dir}`, ['npm', 'run', 'build', '--silent'], appDir(app), {
    [BUILD_ID_ENV]: buildId ?? '',
  });
}

/** The app's own unit tests. */
export function testApp(app: App): Promise<number> {
  return timed(`Testing ${app.dir}`, ['npm', 'test', '--silent'], appDir(app));
}

export function distDir(app: App): string {
  return path.join(appDir(app), 'dist');
}

function distVersion(app: App): string | null {
  try {
    return (JSON.parse(readFileSync(path.join(distDir(app), BUILD_INFO_FILE), 'utf8')) as BuildInfo).version;
  } catch {
    return null;
  }
}

/**
 * Every app whose current sources are not live is built (unless a build of that version exists) and all of
 * them are released together: checked against each other and what stays live, then pointed shell first.
 */
export async function deployAll(deployDir: string): Promise<PublishedApp[]> {
  const published: PublishedApp[] = [];
  const toRelease: { app: App; dir: string }[] = [];
  for (const app of APPS) {
    const version = appBuildVersion(appDir(app));
    if (liveVersion(deployDir, app.name) === version) {
      published.push({ app, version, buildSeconds: 0, released: false });
      continue;
    }
    const released = releaseDir(deployDir, app.name, version);
    let buildSeconds = 0;
    if (!existsSync(released) && distVersion(app) !== version) {
      buildSeconds = await buildApp(app);
      if (distVersion(app) !== version)
        throw new Error(`${app.dir} built ${distVersion(app)}, expected ${version}`);
    }
    toRelease.push({ app, dir: existsSync(released) ? released : distDir(app) });
    published.push({ app, version, buildSeconds, released: true });
  }
  if (toRelease.length > 0) {
    releaseTogether(
      deployDir,
      toRelease.map(({ app, dir }) => ({ app: app.name, dir })),
    );
  }
  return published;
}
