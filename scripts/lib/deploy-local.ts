/**
 * Builds what changed and publishes every app into a deploy folder, the way `npm start` and the browser
 * tests get a composed production site.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { appBuildVersion, BUILD_INFO_FILE, type BuildInfo } from '@studyhub/shared/build';
import { pointArea, pointShell, publishBuild, releaseDir } from '@studyhub/shared/deploy';
import { APPS, appDir, type App } from './apps';
import { run } from './run';

export interface PublishedApp {
  app: App;
  version: string;
  /** Seconds spent building; 0 when the release already existed. */
  buildSeconds: number;
}

export async function buildApp(app: App): Promise<number> {
  const started = Date.now();
  const code = await run('npm', ['run', 'build', '--silent'], { cwd: appDir(app) });
  if (code !== 0) throw new Error(`Building ${app.dir} failed`);
  return (Date.now() - started) / 1000;
}

export async function deployAll(
  deployDir: string,
  options: { rebuild?: boolean } = {},
): Promise<PublishedApp[]> {
  const published: PublishedApp[] = [];
  for (const app of APPS) {
    const dir = appDir(app);
    const version = appBuildVersion(dir);
    let buildSeconds = 0;
    if (options.rebuild || !existsSync(releaseDir(deployDir, app.name, version))) {
      buildSeconds = await buildApp(app);
      const info = JSON.parse(readFileSync(path.join(dir, 'dist', BUILD_INFO_FILE), 'utf8')) as BuildInfo;
      if (info.version !== version) throw new Error(`${app.dir} built ${info.version}, expected ${version}`);
      publishBuild(deployDir, app.name, version, path.join(dir, 'dist'));
    }
    if (app.name === 'shell') pointShell(deployDir, version);
    else pointArea(deployDir, app.name, version);
    published.push({ app, version, buildSeconds });
  }
  return published;
}
