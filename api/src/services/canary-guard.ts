/**
 * Canaries that abort themselves (decision 025). Browsers report each area version they open and each failure
 * (POST /api/telemetry/area-error); the counts live in the database (repositories/area-reports.ts), so every
 * server process sees the whole site's. After each report for an area that has a canary, the process compares
 * the canary's failure rate over the window with the stable version's, and when it is clearly worse, aborts the
 * canary through the release engine, under the deploy lock, with the numbers as the history's reason.
 */
import type { Kysely } from 'kysely';
import { AREAS, type AreaName } from '@studyhub/contract';
import { abortCanaryVersion, readRemotes } from '@studyhub/tooling/deploy';
import type { AreaReport } from '@studyhub/contract/schemas';
import type { CanaryGuardSettings } from '../config';
import type { Database } from '../db/schema';
import {
  areaReportCounts,
  countAreaReport,
  deleteAreaReportsBefore,
  type AreaReportCounts,
} from '../repositories/area-reports';
import type { Clock } from './clock';
import type { Metrics } from './metrics';

/** How long a process waits for the deploy lock: not at all, as a wait would stall every request. */
const LOCK_WAIT_MS = 0;
/** Counts are kept this long (or the window, when longer), and old ones deleted at most this often. */
const RETENTION_MS = 24 * 3600_000;
const PRUNE_EVERY_MS = 3600_000;

/** A version's record over the window: browsers that tried to open it, and those for which it failed. */
export interface LoadRecord {
  version: string;
  loads: number;
  failures: number;
}

/**
 * A page load that opened the area reports `ok`, one whose area did not load reports `load` instead: together
 * the loads. A crash while rendering comes after an `ok`, so failures are `load` plus `render`, at most the loads.
 */
export function loadRecord(version: string, counts: AreaReportCounts): LoadRecord {
  const loads = counts.ok + counts.load;
  return { version, loads, failures: Math.min(loads, counts.load + counts.render) };
}

const failureRate = ({ loads, failures }: LoadRecord) => (loads === 0 ? 0 : (failures / loads) * 100);

/** "9 of 25 loads failed (36 %)". */
export function describeRecord(record: LoadRecord): string {
  return `${record.failures} of ${record.loads} loads failed (${Math.round(failureRate(record))} %)`;
}

const windowText = (settings: CanaryGuardSettings) => `in the last ${settings.windowMs / 60_000} min`;

/**
 * Why the canary should be aborted, or null while it should not: enough loads, and a failure rate both
 * `minExcessPoints` above the stable version's and `minRatio` times it. A stable version nobody opened in the
 * window counts as failing never.
 */
export function abortReason(
  canary: LoadRecord,
  stable: LoadRecord,
  settings: CanaryGuardSettings,
): string | null {
  if (canary.loads < settings.minLoads) return null;
  const canaryRate = failureRate(canary);
  const stableRate = failureRate(stable);
  if (canaryRate < stableRate + settings.minExcessPoints || canaryRate < stableRate * settings.minRatio) {
    return null;
  }
  const stableText = `${stable.failures} of ${stable.loads} (${Math.round(stableRate)} %)`;
  return `aborted automatically: ${describeRecord(canary)} vs stable ${stableText} ${windowText(settings)}`;
}

/** A running canary with its record and the stable version's, and the verdict on them. */
export interface CanaryStanding {
  area: AreaName;
  canary: LoadRecord;
  stable: LoadRecord;
  abortReason: string | null;
}

/** Every running canary's standing over the window, read from the deploy pointers and the shared counts. */
export async function canaryStandings(
  db: Kysely<Database>,
  deployDir: string,
  settings: CanaryGuardSettings,
  now: Date,
  areas: readonly AreaName[] = AREAS,
): Promise<CanaryStanding[]> {
  const since = new Date(now.getTime() - settings.windowMs);
  const remotes = readRemotes(deployDir);
  const standings: CanaryStanding[] = [];
  for (const area of areas) {
    const remote = remotes[area];
    if (!remote?.canary) continue;
    const versions = [remote.canary.version, remote.version];
    const counts = await areaReportCounts(db, area, versions, since);
    const canary = loadRecord(remote.canary.version, counts.get(remote.canary.version)!);
    const stable = loadRecord(remote.version, counts.get(remote.version)!);
    standings.push({ area, canary, stable, abortReason: abortReason(canary, stable, settings) });
  }
  return standings;
}

export function createCanaryGuard(options: {
  db: Kysely<Database>;
  clock: Clock;
  deployDir: string;
  settings: CanaryGuardSettings;
  metrics: Pick<Metrics, 'areaReported' | 'canaryAborted'>;
  log: { info(details: object, text: string): void; error(details: object, text: string): void };
}) {
  const { db, clock, deployDir, settings, metrics, log } = options;
  /** The review under way per area; a report arriving meanwhile asks for one more after it, not one each. */
  const reviews = new Map<AreaName, Promise<void>>();
  const reviewAgain = new Set<AreaName>();
  let prunedAt = 0;

  async function review(area: AreaName): Promise<void> {
    const now = clock();
    if (now.getTime() - prunedAt >= PRUNE_EVERY_MS) {
      prunedAt = now.getTime();
      await deleteAreaReportsBefore(db, new Date(now.getTime() - Math.max(RETENTION_MS, settings.windowMs)));
    }
    const [standing] = await canaryStandings(db, deployDir, settings, now, [area]);
    if (!standing?.abortReason) return;
    const { version } = standing.canary;
    // Under the deploy lock, and only while that version still runs: of several processes that decided this
    // together, one aborts and the others find nothing left to do.
    if (abortCanaryVersion(deployDir, area, version, standing.abortReason, LOCK_WAIT_MS)) {
      metrics.canaryAborted(area);
      log.info({ area, version, reason: standing.abortReason }, 'Canary aborted');
    }
  }

  function scheduleReview(area: AreaName): void {
    if (reviews.has(area)) {
      reviewAgain.add(area);
      return;
    }
    const running = review(area)
      .catch((error: unknown) => {
        // A busy deploy lock or a database hiccup: the next report reviews again.
        log.error({ area, error: String(error) }, 'Canary review failed');
      })
      .finally(() => {
        reviews.delete(area);
        if (reviewAgain.delete(area)) scheduleReview(area);
      });
    reviews.set(area, running);
  }

  return {
    /**
     * Counts a browser's report when it names the area's stable or canary version (others, from pages loaded
     * before a release or rollback, tell nothing about what runs now, and would let anyone invent versions), and
     * has the area's canary reviewed. False when the report was not counted.
     */
    async record(report: AreaReport): Promise<boolean> {
      const remote = readRemotes(deployDir)[report.area];
      const canary = remote?.canary?.version;
      if (report.version !== remote?.version && report.version !== canary) return false;
      await countAreaReport(db, report, clock());
      metrics.areaReported(report);
      if (canary && settings.enabled) scheduleReview(report.area);
      return true;
    },

    /** Resolves once no review is under way (tests; shutdown). */
    async settled(): Promise<void> {
      while (reviews.size > 0) await Promise.all([...reviews.values()]);
    },
  };
}

export type CanaryGuard = ReturnType<typeof createCanaryGuard>;
