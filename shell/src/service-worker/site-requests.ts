/** Which of the site's requests the service worker answers, and how (decision 035). */
import { isAreaName, SHELL_PAGES, VERSION_PATTERN } from '@studyhub/contract';
import { REMOTES_FILE_URL } from '../areas/remotes-file';

/** How long a request that names what runs waits for the network before the kept copy answers. */
export const NETWORK_TIMEOUT_SECONDS = 4;

/** The files of an area build whose names stay across builds: they say which other files make up the build. */
const AREA_ENTRY_FILES = new Set(['mf-manifest.json', 'remoteEntry.js']);

export type AreaFileKind = 'entry' | 'immutable';

export const isRemotesFile = (url: URL) => url.pathname === REMOTES_FILE_URL;

/**
 * `/mfe/<area>/<version>/<file>`: its manifest and entry are asked for on every load, every other file of a
 * version folder never changes (architecture §4). Null for anything else.
 */
export function areaFileKind(url: URL): AreaFileKind | null {
  const [, mfe, area, version, ...file] = url.pathname.split('/');
  if (mfe !== 'mfe' || !isAreaName(area) || !VERSION_PATTERN.test(version ?? '') || file.length === 0)
    return null;
  return AREA_ENTRY_FILES.has(file.join('/')) ? 'entry' : 'immutable';
}

/**
 * The kept shell page that answers an offline navigation to `pathname` (decision 014): Home's for `/`, the skeleton
 * page for any other route (the server's pages with a route's heading in them are not precached).
 */
export const shellPageFor = (pathname: string): string =>
  `/${pathname === '/' ? SHELL_PAGES.home : SHELL_PAGES.app}`;
