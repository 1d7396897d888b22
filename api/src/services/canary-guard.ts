/**
 * Canaries that abort themselves (decision 025). Browsers report each area version they open and each failure
 * (POST /api/telemetry/area-error), with the report token `/remotes.json` came with. A report counts as its
 * source's vote, the source being the sender's network, stored as a keyed hash (repositories/area-reports.ts), so
 * every server process sees the whole site's and one party holds one vote however often it reports. After each
 * counted report the process reviews the area: a canary that fails for too many of its sources, or for clearly
 * more than the stable version, is aborted through the release engine, under the deploy lock, with the numbers as
 * the history's reason; a stable version that fails for too many of its own raises an alert instead.
 */
import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import { AREAS, type AreaName, type RemoteEntry } from '@studyhub/contract';
import { abortCanaryVersion, readRemotes } from '@studyhub/deploy-folder';
import type { AreaReport } from '@studyhub/contract/schemas';
import type { CanaryGuardSettings } from '../config';
import type { Database } from '../db/schema';
import { areaSourceCounts, castAreaVote, deleteAreaVotesBefore } from '../repositories/area-reports';
import type { Clock } from '../lib/clock';
import type { Metrics } from './metrics';
import { networkPrefix } from '../lib/network-prefix';
import type { ReportTokens } from './report-tokens';

/** What the telemetry route and the app's teardown use of the guard. */
export interface CanaryGuard {
  /**
   * Counts a browser's report as the vote of the network it came from (`address`, the client's address), when
   * its token says this server served that version of the area in the last hour and the version is the area's
   * stable or canary now (others, from pages loaded before a release or rollback, tell nothing about what runs
   * now), and has the area reviewed. False when the report was not counted.
   */
  record(report: AreaReport, address: string): Promise<boolean>;
  /** Resolves once no review is under way (tests; shutdown). */
  settled(): Promise<void>;
}

/** How long a process waits for the deploy lock: not at all, as a wait would stall every request. */
const LOCK_WAIT_MS = 0;
/** Votes are kept this long (or the window, when longer), and old ones deleted at most this often. */
const RETENTION_MS = 24 * 3600_000;
const PRUNE_EVERY_MS = 3600_000;

/** A version's record over the window: distinct sources that opened it or tried to, and those it failed for. */
export interface LoadRecord {
  version: string;
  sources: number;
  failures: number;
}

const failureRate = ({ sources, failures }: LoadRecord) => (sources === 0 ? 0 : (failures / sources) * 100);

/** "9 of 25 sources failed (36 %)". */
export function describeRecord(record: LoadRecord): string {
  return `${record.failures} of ${record.sources} sources failed (${Math.round(failureRate(record))} %)`;
}

const windowText = (settings: CanaryGuardSettings) => `in the last ${settings.windowMs / 60_000} min`;

/** Enough distinct sources that no one client or network decides the record. */
const judgeable = (record: LoadRecord, settings: CanaryGuardSettings) =>
  record.sources >= settings.minSources;

/**
 * The failing sources an abort needs, half the minimum sample: with fewer, one party's single failing network
 * added to a healthy canary's nine real ones would read as "10 % failed" and abort it.
 */
export const minFailingSources = (settings: CanaryGuardSettings) => Math.ceil(settings.minSources / 2);

/**
 * Why the canary should be aborted, or null while it should not: at least `minSources` sources, failures from at
 * least half as many, and a failure rate at the ceiling, or both `minExcessPoints` above the stable version's and
 * `minRatio` times it. A stable record of fewer sources than the minimum could be one party's invention, so it
 * counts as failing never: reports about the baseline can lower the bar for an abort, never veto one past the
 * ceiling.
 */
export function abortReason(
  canary: LoadRecord,
  stable: LoadRecord,
  settings: CanaryGuardSettings,
): string | null {
  if (!judgeable(canary, settings) || canary.failures < minFailingSources(settings)) return null;
  const canaryRate = failureRate(canary);
  const stableCounts = judgeable(stable, settings);
  const stableRate = stableCounts ? failureRate(stable) : 0;
  const worseThanStable =
    canaryRate >= stableRate + settings.minExcessPoints && canaryRate >= stableRate * settings.minRatio;
  const atCeiling = canaryRate >= settings.ceilingPercent;
  if (!worseThanStable && !atCeiling) return null;
  const stableText = stableCounts
    ? `${stable.failures} of ${stable.sources} (${Math.round(stableRate)} %)`
    : `${stable.failures} of ${stable.sources} (too few sources to compare)`;
  const ceilingText = worseThanStable ? '' : `, at least the ${settings.ceilingPercent} % ceiling,`;
  return `aborted automatically: ${describeRecord(canary)}${ceilingText} vs stable ${stableText} ${windowText(settings)}`;
}

/** A stable version that fails for `ceilingPercent` of at least `minSources` sources: broken for real users. */
export function stableLooksBroken(stable: LoadRecord, settings: CanaryGuardSettings): boolean {
  return judgeable(stable, settings) && failureRate(stable) >= settings.ceilingPercent;
}

/** An area's stable record, its canary's when it has one, and the verdict on them. */
export interface AreaStanding {
  area: AreaName;
  stable: LoadRecord;
  canary: LoadRecord | null;
  abortReason: string | null;
}

export type CanaryStanding = AreaStanding & { canary: LoadRecord };

async function areaStanding(
  db: Kysely<Database>,
  area: AreaName,
  remote: RemoteEntry,
  settings: CanaryGuardSettings,
  now: Date,
): Promise<AreaStanding> {
  const since = new Date(now.getTime() - settings.windowMs);
  const canaryVersion = remote.canary?.version;
  const versions = canaryVersion ? [remote.version, canaryVersion] : [remote.version];
  const counts = await areaSourceCounts(db, area, versions, since);
  const stable = { version: remote.version, ...counts.get(remote.version)! };
  if (!canaryVersion) return { area, stable, canary: null, abortReason: null };
  const canary = { version: canaryVersion, ...counts.get(canaryVersion)! };
  return { area, stable, canary, abortReason: abortReason(canary, stable, settings) };
}

/** Every running canary's standing over the window, read from the deploy pointers and the shared votes. */
export async function canaryStandings(
  db: Kysely<Database>,
  deployDir: string,
  settings: CanaryGuardSettings,
  now: Date,
): Promise<CanaryStanding[]> {
  const remotes = readRemotes(deployDir);
  const standings: CanaryStanding[] = [];
  for (const area of AREAS) {
    const remote = remotes[area];
    if (!remote?.canary) continue;
    const standing = await areaStanding(db, area, remote, settings, now);
    if (standing.canary) standings.push({ ...standing, canary: standing.canary });
  }
  return standings;
}

export function createCanaryGuard(options: {
  db: Kysely<Database>;
  clock: Clock;
  deployDir: string;
  settings: CanaryGuardSettings;
  /** Keys the hash a source is stored as, so the table names no network. */
  secret: string;
  reportTokens: Pick<ReportTokens, 'names'>;
  metrics: Pick<Metrics, 'areaReported' | 'canaryAborted' | 'stableAlerted'>;
  log: {
    info(details: object, text: string): void;
    warn(details: object, text: string): void;
    error(details: object, text: string): void;
  };
}): CanaryGuard {
  const { db, clock, deployDir, settings, secret, reportTokens, metrics, log } = options;
  /** The review under way per area; a report arriving meanwhile asks for one more after it, not one each. */
  const reviews = new Map<AreaName, Promise<void>>();
  const reviewAgain = new Set<AreaName>();
  /** The stable version each area last alerted about, and when: one alert per version per window. */
  const alerted = new Map<AreaName, { version: string; at: number }>();
  let prunedAt = 0;

  const sourceOf = (address: string) =>
    createHmac('sha256', secret)
      .update(`area-report-source:${networkPrefix(address)}`)
      .digest('base64url');

  function alertOnce(area: AreaName, stable: LoadRecord, now: number): void {
    const last = alerted.get(area);
    if (last?.version === stable.version && now - last.at < settings.windowMs) return;
    alerted.set(area, { version: stable.version, at: now });
    metrics.stableAlerted(area);
    log.warn(
      { area, version: stable.version, record: describeRecord(stable) },
      `Stable version looks broken: ${describeRecord(stable)} ${windowText(settings)}`,
    );
  }

  async function review(area: AreaName): Promise<void> {
    const now = clock();
    if (now.getTime() - prunedAt >= PRUNE_EVERY_MS) {
      prunedAt = now.getTime();
      await deleteAreaVotesBefore(db, new Date(now.getTime() - Math.max(RETENTION_MS, settings.windowMs)));
    }
    const remote = readRemotes(deployDir)[area];
    if (!remote) return;
    const standing = await areaStanding(db, area, remote, settings, now);
    if (stableLooksBroken(standing.stable, settings)) alertOnce(area, standing.stable, now.getTime());
    if (!settings.enabled || !standing.canary || !standing.abortReason) return;
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
    async record(report, address) {
      const { area, version, kind, token } = report;
      if (!reportTokens.names(token, area, version)) return false;
      const remote = readRemotes(deployDir)[area];
      if (version !== remote?.version && version !== remote?.canary?.version) return false;
      await castAreaVote(db, { area, version, kind, source: sourceOf(address) }, clock());
      metrics.areaReported(report);
      scheduleReview(area);
      return true;
    },

    async settled() {
      while (reviews.size > 0) await Promise.all([...reviews.values()]);
    },
  };
}
