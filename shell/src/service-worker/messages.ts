/**
 * What the page and the shell's service worker say to each other (decision 035). This file is read by both, so it
 * names nothing of the DOM or of a worker.
 */
import { isAreaName, type AreaName, type RemotesFile } from '@studyhub/contract';

/**
 * What a page load ran: remotes.json as the server sent it (the worker keeps it through parseRemotesFile), and the
 * version of each area it chose.
 */
export interface RanRevision {
  remotes: RemotesFile;
  /** Per area, the version chosen (live, canary or an admin's override) with the URL of its mf-manifest.json. */
  chosen: Partial<Record<AreaName, { entry: string }>>;
}

export type PageMessage =
  /** After the areas started: the worker keeps this revision for offline use, unless the visitor saves data. */
  | { type: 'AREAS_RAN'; revision: RanRevision }
  /** A visitor's own request to keep the last revision they ran (Save for offline), even when saving data. */
  | { type: 'FILL_REVISION_NOW' }
  /** The "new version ready" prompt's Reload: the waiting worker takes over. */
  | { type: 'SKIP_WAITING' };

/** The worker's answer to a message sent with a reply port: whether the revision is kept complete, or why not. */
export type FillReply = { complete: true } | { complete: false; reason: string };

function isRanRevision(value: unknown): value is RanRevision {
  if (typeof value !== 'object' || value === null) return false;
  const { remotes, chosen } = value as Partial<RanRevision>;
  if (typeof chosen !== 'object' || chosen === null) return false;
  const chosenValid = Object.entries(chosen).every(
    ([area, remote]) => isAreaName(area) && typeof (remote as Partial<{ entry: unknown }>).entry === 'string',
  );
  return chosenValid && typeof remotes === 'object' && remotes !== null;
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
