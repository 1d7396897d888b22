import { parseRemotesFile, type AreaName, type RemotesFile, REPORT_TOKEN_HEADER } from '@studyhub/contract';

/** Served no-cache by the server; ops change it to release or roll back an area (architecture §3–§4). */
export const REMOTES_FILE_URL = '/remotes.json';

export interface RemotesReply {
  file: RemotesFile;
  /** The server's signed list of the versions it served, which makes this page's area reports count (decision 025). */
  reportToken: string | null;
}

/** Where each area lives right now. A missing or broken file means no areas, never a dead shell. */
export async function fetchRemotesFile(): Promise<RemotesReply> {
  try {
    // The default cache mode, so the page's preload of it (api/src/routes/site.ts) is used; the server sends it
    // no-cache, so a stored copy is never used without asking.
    const response = await fetch(REMOTES_FILE_URL);
    if (!response.ok) throw new Error(`${REMOTES_FILE_URL} answered ${response.status}`);
    return {
      file: parseRemotesFile(await response.json()),
      reportToken: response.headers.get(REPORT_TOKEN_HEADER),
    };
  } catch (error) {
    console.warn('No areas could be registered:', error);
    return { file: {}, reportToken: null };
  }
}

/** Whether `entry` is the manifest of a released build of `area` (only released versions can be tried). */
export async function isReleasedManifest(area: AreaName, entry: string): Promise<boolean> {
  try {
    const response = await fetch(entry, { cache: 'no-store' });
    if (!response.ok) return false;
    const manifest = (await response.json()) as { name?: unknown };
    return manifest.name === area;
  } catch {
    return false;
  }
}
