/**
 * The Link header of a shell page (decision 014): what the page will fetch before it can show anything, so a
 * phone fetches it alongside the shell's own script instead of one after another.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { areaFiles, type AreaManifest, type AreaName } from '@studyhub/contract';
import { isReleasePath, readRemotes, releaseDir } from '@studyhub/deploy-folder';
import { routeFor } from '@studyhub/contract';
import type { Config } from '../config';

/** The shell fetches this first of all (shell/src/areas/remotes-file.ts), so every shell page names it for preloading. */
const REMOTES_PRELOAD = '</remotes.json>; rel=preload; as=fetch; crossorigin';

export function createPreloadLinks(config: Config) {
  /** Each released area version's preload links; a release folder never changes (decision 003). */
  const areaLinks = new Map<string, string[]>();

  /**
   * What the page at `pathname` will fetch before it can show anything, named in a Link header so a phone fetches
   * it alongside the shell's own script instead of one after another (decision 014): remotes.json, and for an
   * area's route the live version's manifest, entry and pages. A browser on a canary or an override fetches its
   * own version as well; nothing is ever run from a preload.
   */
  async function preloadLinks(pathname: string): Promise<string> {
    const area = routeFor(pathname)?.area;
    return [REMOTES_PRELOAD, ...(area ? await liveAreaLinks(area) : [])].join(', ');
  }

  async function liveAreaLinks(area: AreaName): Promise<string[]> {
    const live = readRemotes(config.deployDir)[area];
    if (!live) return [];
    const folder = `/mfe/${area}/${live.version}/`;
    // Only the layout this server serves is described; an entry elsewhere is the browser's to find.
    if (live.entry !== `${folder}mf-manifest.json`) return [];
    const key = `${area}/${live.version}`;
    let links = areaLinks.get(key);
    if (!links) {
      try {
        const manifestPath = path.join(releaseDir(config.deployDir, area, live.version), 'mf-manifest.json');
        const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as AreaManifest;
        const scripts = areaFiles(manifest, true).filter(isReleasePath);
        links = [
          `<${live.entry}>; rel=preload; as=fetch; crossorigin`,
          ...scripts.map((file) => `<${folder}${file}>; rel=preload; as=script`),
        ];
      } catch {
        links = [];
      }
      areaLinks.set(key, links);
    }
    return links;
  }

  return preloadLinks;
}
