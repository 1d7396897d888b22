/**
 * Canaries that abort themselves (decision 025): browsers' reports count as their network's vote in the
 * database, and a canary that fails for too many of its sources, or clearly more than the stable version, is
 * aborted through the release engine, once, with the numbers in the history — also when two server processes
 * decide it at the same moment. One party, from one address or one network, can neither abort a healthy canary
 * nor save a broken one, and reports about the stable version cannot switch the guard off: a stable version
 * that looks broken raises an alert instead (docs/security.md item 47).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { readRemotes } from '@studyhub/deploy-folder';
import type { AreaReportKind } from '@studyhub/contract/schemas';
import { canaryGuardSettings } from '../src/config';
import { abortReason, canaryStandings, stableLooksBroken } from '../src/services/canary-guard';
import { networkPrefix } from '../src/lib/network-prefix';
import { buildTestApp, type TestApp } from './support/apps';
import { request } from './support/requests';
import {
  makeDeployDir,
  NOTES_VERSION,
  NOTES_CANARY,
  ownNetwork,
  removeDeployDir,
  reportToken,
  startNotesCanary,
} from './support/site';

const STABLE = NOTES_VERSION;
const CANARY = NOTES_CANARY;
const DEFAULTS = canaryGuardSettings({});
/** Tests that send hundreds of reports, on a busy 2-core machine. */
const MANY_REPORTS_MS = 60_000;

describe('the decision', () => {
  const record = (sources: number, failures: number, version = 'v') => ({ version, sources, failures });

  it('takes the documented defaults', () => {
    expect(DEFAULTS).toEqual({
      enabled: true,
      minSources: 10,
      ceilingPercent: 50,
      minExcessPoints: 10,
      minRatio: 2,
      windowMs: 10 * 60_000,
    });
  });

  it.each([
    ['too few sources, however many failed', record(9, 9), record(40, 0)],
    ['failures from fewer than 5 sources, whatever the rate', record(10, 4), record(40, 0)],
    ['one failing source among nine healthy ones', record(10, 1), record(40, 0)],
    ['a canary failing no more than stable', record(25, 2), record(40, 4)],
    ['less than 10 points above stable', record(25, 7), record(100, 20)],
    ['10 points above, but less than twice stable', record(100, 35), record(100, 25)],
    ['no failure at all', record(20, 0), record(0, 0)],
  ])('keeps the canary: %s', (_label, canary, stable) => {
    expect(abortReason(canary, stable, DEFAULTS)).toBeNull();
  });

  it('aborts when the canary is clearly worse, and says why in numbers', () => {
    expect(abortReason(record(25, 9), record(40, 0), DEFAULTS)).toBe(
      'aborted automatically: 9 of 25 sources failed (36 %) vs stable 0 of 40 (0 %) in the last 10 min',
    );
    expect(abortReason(record(100, 50), record(100, 20), DEFAULTS)).toMatch(/vs stable 20 of 100 \(20 %\)/);
    expect(abortReason(record(50, 5), record(400, 0), DEFAULTS)).toMatch(/5 of 50 sources failed \(10 %\)/);
  });

  it('aborts a canary failing for half its sources or more, whatever stable says', () => {
    expect(abortReason(record(30, 30), record(12, 12), DEFAULTS)).toBe(
      'aborted automatically: 30 of 30 sources failed (100 %), at least the 50 % ceiling, vs stable 12 of 12 ' +
        '(100 %) in the last 10 min',
    );
    expect(abortReason(record(10, 5), record(40, 40), DEFAULTS)).toMatch(/5 of 10 sources failed \(50 %\)/);
    expect(abortReason(record(10, 4), record(40, 40), DEFAULTS)).toBeNull();
  });

  it('a stable record of fewer sources than the minimum cannot veto an abort', () => {
    expect(abortReason(record(12, 5), record(2, 2), DEFAULTS)).toBe(
      'aborted automatically: 5 of 12 sources failed (42 %) vs stable 2 of 2 (too few sources to compare) ' +
        'in the last 10 min',
    );
    expect(abortReason(record(12, 5), record(10, 10), DEFAULTS)).toBeNull();
  });

  it('calls a stable version broken from the ceiling on, and only with enough sources', () => {
    expect(stableLooksBroken(record(10, 5), DEFAULTS)).toBe(true);
    expect(stableLooksBroken(record(10, 4), DEFAULTS)).toBe(false);
    expect(stableLooksBroken(record(9, 9), DEFAULTS)).toBe(false);
  });

  it('follows the thresholds set in the environment', () => {
    const strict = canaryGuardSettings({
      CANARY_ABORT_MIN_SOURCES: '5',
      CANARY_ABORT_CEILING: '90',
      CANARY_ABORT_POINTS: '50',
      CANARY_ABORT_RATIO: '1.5',
      CANARY_ABORT_WINDOW_MIN: '2',
    });
    expect(abortReason(record(5, 2), record(10, 0), strict)).toBeNull();
    expect(abortReason(record(5, 3), record(10, 0), strict)).toBe(
      'aborted automatically: 3 of 5 sources failed (60 %) vs stable 0 of 10 (0 %) in the last 2 min',
    );
    expect(abortReason(record(5, 4), record(10, 10), strict)).toBeNull();
    expect(abortReason(record(5, 5), record(10, 10), strict)).toMatch(/at least the 90 % ceiling/);
  });
});

describe("a report's source", () => {
  it.each([
    ['203.0.113.7', '203.0.113'],
    ['::ffff:203.0.113.7', '203.0.113'],
    ['2001:db8:7:1::1', '2001:db8:7'],
    ['2001:0db8:0007:ffff:0:0:0:1', '2001:db8:7'],
    ['2001:db8::1', '2001:db8:0'],
    ['::1', '0:0:0'],
    ['fe80::1%eth0', 'fe80:0:0'],
  ])('of %s is its network %s', (address, network) => {
    expect(networkPrefix(address)).toBe(network);
  });
});

describe('on a running site', () => {
  let deployDir: string;
  let t: TestApp;
  let others: TestApp[];

  beforeEach(async () => {
    deployDir = makeDeployDir();
    startNotesCanary(deployDir, 20);
    t = await buildTestApp({ deployDir, env: { LOG_LEVEL: 'warn' } });
    others = [];
  });
  afterEach(async () => {
    for (const other of others) await other.close();
    await t.close();
    removeDeployDir(deployDir);
  });

  /**
   * A report of `kind` for `version` from each of `addresses`, in turn, with the report token /remotes.json
   * gives (or `token`), then the reviews they started.
   */
  async function report(
    app: TestApp,
    version: string,
    kind: AreaReportKind,
    addresses: readonly string[],
    token?: string,
  ): Promise<void> {
    const sent = token ?? (await reportToken(app.app));
    for (const remoteAddress of addresses) {
      const reply = await request(
        app.app,
        'POST',
        '/api/telemetry/area-error',
        { area: 'notes', version, kind, token: sent },
        { remoteAddress },
      );
      expect(reply.status).toBe(204);
    }
    await app.app.context.canaryGuard.settled();
  }

  /** `count` addresses, each in a network of its own, from the `first`th on. */
  const networks = (count: number, first = 0) =>
    Array.from({ length: count }, (_, index) => ownNetwork(first + index));
  /** The same address `count` times. */
  const repeated = (address: string, count: number) => Array<string>(count).fill(address);

  const history = () =>
    (
      JSON.parse(readFileSync(path.join(deployDir, 'history.json'), 'utf8')) as {
        notes: { action: string; version: string; reason?: string; by?: string }[];
      }
    ).notes;
  const aborts = () => history().filter((event) => event.action === 'abort');
  const canaryRuns = () => readRemotes(deployDir).notes?.canary?.version === CANARY;
  const standing = async (app: TestApp = t) =>
    (await canaryStandings(app.db, deployDir, DEFAULTS, app.clock()))[0];
  const metricText = (app: TestApp, name: string) =>
    app.app.context.metrics.registry.getSingleMetricAsString(name);

  it(
    'below the thresholds nothing changes; past them the canary is aborted once, with its numbers',
    async () => {
      await report(t, STABLE, 'ok', networks(40, 100));
      // 9 sources, 5 of them failing: a bad rate, but too few sources to judge.
      await report(t, CANARY, 'ok', networks(9));
      await report(t, CANARY, 'render', networks(5));
      expect(canaryRuns()).toBe(true);
      expect(aborts()).toEqual([]);
      expect(await standing()).toEqual({
        area: 'notes',
        canary: { version: CANARY, sources: 9, failures: 5 },
        stable: { version: STABLE, sources: 40, failures: 0 },
        abortReason: null,
      });

      // The 10th source: enough to judge.
      await report(t, CANARY, 'ok', networks(1, 9));
      expect(canaryRuns()).toBe(false);
      expect(readRemotes(deployDir).notes).toEqual({
        version: STABLE,
        entry: `/mfe/notes/${STABLE}/mf-manifest.json`,
      });
      expect(aborts()).toEqual([
        expect.objectContaining({
          version: CANARY,
          reason:
            'aborted automatically: 5 of 10 sources failed (50 %) vs stable 0 of 40 (0 %) in the last 10 min',
        }),
      ]);

      // Browsers that still run the aborted canary keep reporting: they are answered, not counted, and no second
      // abort is recorded.
      await report(t, CANARY, 'render', networks(5, 20));
      expect(aborts()).toHaveLength(1);
      expect(await metricText(t, 'studyhub_canary_aborts_total')).toContain(
        'studyhub_canary_aborts_total{area="notes"} 1',
      );
    },
    MANY_REPORTS_MS,
  );

  it(
    'one address, or one network, holds one vote however often it reports: it cannot abort a healthy canary',
    async () => {
      await report(t, STABLE, 'ok', networks(40, 100));
      await report(t, CANARY, 'ok', networks(20));
      // Twenty failures from one address, then from twenty addresses of its /24: one failing source.
      await report(t, CANARY, 'load', repeated('203.0.113.7', 20));
      await report(
        t,
        CANARY,
        'load',
        networks(20).map((_, index) => `203.0.113.${index + 1}`),
      );
      // Likewise the addresses of one IPv6 /48.
      await report(
        t,
        CANARY,
        'render',
        networks(20).map((_, index) => `2001:db8:7:${index.toString(16)}::${index + 1}`),
      );
      expect(canaryRuns()).toBe(true);
      expect((await standing())?.canary).toEqual({ version: CANARY, sources: 22, failures: 2 });
    },
    MANY_REPORTS_MS,
  );

  it(
    "one network's failures, sent early, do not abort a healthy canary when real sources join them",
    async () => {
      await report(t, STABLE, 'ok', networks(40, 100));
      await report(t, CANARY, 'load', repeated('203.0.113.7', 5));
      // The 10th source: one failing of ten reads as 10 %, 10 points above stable, yet it is one party's word.
      await report(t, CANARY, 'ok', networks(9));
      expect(canaryRuns()).toBe(true);
      await report(t, CANARY, 'ok', networks(40, 9));
      expect(canaryRuns()).toBe(true);
      expect((await standing())?.canary).toEqual({ version: CANARY, sources: 50, failures: 1 });
    },
    MANY_REPORTS_MS,
  );

  it(
    'reports about stable from a few sources do not switch the guard off: a canary failing for all is aborted',
    async () => {
      // An `ok` and a `render` for stable from two networks made stable "fail 100 %".
      await report(t, STABLE, 'ok', networks(2, 100));
      await report(t, STABLE, 'render', networks(2, 100));
      await report(t, CANARY, 'ok', networks(30));
      await report(t, CANARY, 'render', networks(30));
      expect(canaryRuns()).toBe(false);
      expect(aborts()).toHaveLength(1);
      expect(aborts()[0]?.reason).toMatch(
        /^aborted automatically: \d+ of 30 sources failed \(\d+ %\) vs stable 2 of 2 \(too few sources to compare\)/,
      );
    },
    MANY_REPORTS_MS,
  );

  it(
    'a stable version that looks broken to enough sources raises an alert, and cannot save a canary past the ceiling',
    async () => {
      await report(t, STABLE, 'ok', networks(12, 100));
      await report(t, STABLE, 'render', networks(12, 100));
      const alerts = () => metricText(t, 'studyhub_stable_version_alerts_total');
      const alertLines = () => t.logs.filter((line) => line.includes('Stable version looks broken'));
      expect(await alerts()).toContain('studyhub_stable_version_alerts_total{area="notes"} 1');
      expect(alertLines()).toHaveLength(1);
      expect(JSON.parse(alertLines()[0]!)).toMatchObject({ level: 40, area: 'notes', version: STABLE });
      expect(JSON.parse(alertLines()[0]!).msg).toMatch(
        /^Stable version looks broken: \d+ of 12 sources failed \(\d+ %\) in the last 10 min$/,
      );

      await report(t, CANARY, 'ok', networks(30));
      await report(t, CANARY, 'render', networks(30));
      expect(canaryRuns()).toBe(false);
      expect(aborts()[0]?.reason).toMatch(
        /^aborted automatically: \d+ of 30 sources failed \(\d+ %\), at least the 50 % ceiling, vs stable 12 of 12 \(100 %\) in the last 10 min$/,
      );
      // One alert per version per window and process, however many reports follow.
      expect(await alerts()).toContain('studyhub_stable_version_alerts_total{area="notes"} 1');
      expect(alertLines()).toHaveLength(1);

      // Reviewed without a canary too; a new window alerts again.
      t.clock.advance(DEFAULTS.windowMs);
      await report(t, STABLE, 'ok', networks(10, 200));
      await report(t, STABLE, 'load', networks(10, 300));
      expect(readRemotes(deployDir).notes?.canary).toBeUndefined();
      expect(await alerts()).toContain('studyhub_stable_version_alerts_total{area="notes"} 2');
      expect(alertLines()).toHaveLength(2);
    },
    MANY_REPORTS_MS,
  );

  it(
    'a flood of `ok` from a few addresses does not hide real failures',
    async () => {
      await report(t, STABLE, 'ok', networks(40, 100));
      // 275 `ok` from 5 addresses, each within its limit of 60 a minute, then 30 browsers in 30 networks that
      // fail to load the canary.
      for (const address of [
        '198.51.100.1',
        '198.51.101.1',
        '198.51.102.1',
        '198.51.103.1',
        '198.51.104.1',
      ]) {
        await report(t, CANARY, 'ok', repeated(address, 55));
      }
      await report(t, CANARY, 'load', networks(30));
      expect(canaryRuns()).toBe(false);
      const [, failures, sources] = /^aborted automatically: (\d+) of (\d+) sources failed/.exec(
        aborts()[0]?.reason ?? '',
      )!;
      // The flood counted as the 5 sources it came from.
      expect(Number(sources) - Number(failures)).toBe(5);
    },
    MANY_REPORTS_MS,
  );

  it(
    'only the window counts: failures older than it are forgotten',
    async () => {
      await report(t, CANARY, 'load', networks(5));
      t.clock.advance(DEFAULTS.windowMs + 2 * 60_000);
      await report(t, STABLE, 'ok', networks(40, 100));
      await report(t, CANARY, 'ok', networks(10, 10));
      expect(canaryRuns()).toBe(true);
      expect((await standing())?.canary).toEqual({ version: CANARY, sources: 10, failures: 0 });
    },
    MANY_REPORTS_MS,
  );

  it(
    'a stable version failing as much keeps the canary',
    async () => {
      await report(t, STABLE, 'ok', networks(30, 100));
      await report(t, STABLE, 'load', networks(10, 130));
      await report(t, CANARY, 'ok', networks(16));
      await report(t, CANARY, 'load', networks(4, 16));
      expect(canaryRuns()).toBe(true);
    },
    MANY_REPORTS_MS,
  );

  it(
    'with CANARY_ABORT=0 it counts and never aborts',
    async () => {
      const off = await buildTestApp({ deployDir, env: { CANARY_ABORT: '0' } });
      others.push(off);
      await report(off, CANARY, 'render', networks(30));
      await report(off, CANARY, 'ok', networks(30));
      expect(canaryRuns()).toBe(true);
      expect((await standing(off))?.canary).toEqual({ version: CANARY, sources: 30, failures: 30 });
    },
    MANY_REPORTS_MS,
  );

  it(
    'two server processes on one database deciding at the same moment abort it exactly once',
    async () => {
      // A second process: its own app, the same database, deploy folder and secret.
      const second = await buildTestApp({
        deployDir,
        clock: t.clock,
        env: { DATABASE_URL: t.app.context.config.databaseUrl },
      });
      others.push(second);
      await report(t, STABLE, 'ok', networks(20, 100));
      await report(second, STABLE, 'ok', networks(20, 120));
      await report(t, CANARY, 'ok', networks(5));
      await report(second, CANARY, 'ok', networks(4, 5));
      await report(t, CANARY, 'render', networks(3));
      await report(second, CANARY, 'render', networks(2, 5));
      expect(canaryRuns()).toBe(true);

      // Both count a 10th source and review at once; each finds the canary past the thresholds.
      await Promise.all([t, second].map((app, index) => report(app, CANARY, 'ok', networks(1, 9 + index))));
      expect(canaryRuns()).toBe(false);
      expect(aborts()).toHaveLength(1);
      expect(aborts()[0]?.reason).toMatch(/^aborted automatically: 5 of 1[01] sources failed/);
      const abortsBy = async (app: TestApp) =>
        (await app.app.context.metrics.registry.getSingleMetric('studyhub_canary_aborts_total')!.get()).values
          .map((sample) => sample.value)
          .reduce((sum, value) => sum + value, 0);
      expect((await abortsBy(t)) + (await abortsBy(second))).toBe(1);
    },
    MANY_REPORTS_MS,
  );
});
