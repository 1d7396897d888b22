/**
 * What the page and the shell's service worker say to each other (decision 035). This file is read by both, so it
 * names nothing of the DOM or of a worker.
 */
import { isAreaName, type AreaName, type RemotesFile } from '@studyhub/contract';

/**
 * What a page load ran: remotes.json as the server sent it (the worker keeps it through parseRemotesFile), and the
 * manifest of each area version it chose.
 */
export interface RanRevision {
  remotes: RemotesFile;
  /** Per area, the mf-manifest.json URL of the version chosen: live, canary or an admin's override. */
  entries: Partial<Record<AreaName, string>>;
}

export type PageMessage =
  /** After the areas started: the worker keeps this revision for offline use, unless the visitor saves data. */
  | { type: 'AREAS_RAN'; revision: RanRevision }
  /** A visitor's own request to keep the last revision they ran (Save for offline), even when saving data. */
  | { type: 'FILL_REVISION_NOW' }
  /** The "new version ready" prompt's Reload (workbox-window's messageSkipWaiting sends it). */
  | { type: 'SKIP_WAITING' };

/** The worker's answer to a message sent with a reply port: whether the revision is kept complete, or why not. */
export type FillReply = { complete: true } | { complete: false; reason: string };

function isRanRevision(value: unknown): value is RanRevision {
  if (typeof value !== 'object' || value === null) return false;
  const { remotes, entries } = value as Partial<RanRevision>;
  if (typeof entries !== 'object' || entries === null) return false;
  const entriesValid = Object.entries(entries).every(
    ([area, entry]) => isAreaName(area) && typeof entry === 'string',
  );
  return entriesValid && typeof remotes === 'object' && remotes !== null;
}

/** A message from a page of ours; anything else is ignored. */
export function isPageMessage(value: unknown): value is PageMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as { type?: unknown; revision?: unknown };
  switch (message.type) {
    case 'AREAS_RAN':
      return isRanRevision(message.revision);
    case 'FILL_REVISION_NOW':
    case 'SKIP_WAITING':
      return true;
    default:
      return false;
  }
}
