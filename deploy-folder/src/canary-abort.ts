/**
 * Dropping a running canary (decision 008): everyone gets the area's live version again, and history.json says
 * so. The release command's abort and the server's canary guard both end a canary this way.
 */
import type { AreaName } from '@studyhub/contract';
import { appendHistory, historyEvent } from './history';
import { withDeployLock } from './lock';
import { readRemotesStrict, writeRemotes } from './pointers';

/** Drops the area's running canary `version` (the caller holds the lock), with why when a program decided it. */
export function dropCanary(deployDir: string, area: AreaName, version: string, reason?: string): void {
  const remotes = readRemotesStrict(deployDir);
  const live = remotes[area]!;
  remotes[area] = { version: live.version, entry: live.entry };
  writeRemotes(deployDir, remotes);
  appendHistory(deployDir, area, historyEvent('abort', version, { reason }));
}

/**
 * A program's abort (the server's canary guard, decision 025): the canary is dropped only while `version` is
 * still the one running, so when several processes decide at once exactly one aborts, and a canary released
 * since the decision is left alone. Waits at most `waitMs` for the deploy lock (a server must not stall). True
 * when this call aborted it.
 */
export function abortCanaryVersion(
  deployDir: string,
  area: AreaName,
  version: string,
  reason: string,
  waitMs: number,
): boolean {
  return withDeployLock(
    deployDir,
    () => {
      if (readRemotesStrict(deployDir)[area]?.canary?.version !== version) return false;
      dropCanary(deployDir, area, version, reason);
      return true;
    },
    waitMs,
  );
}
