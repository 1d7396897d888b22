/**
 * Canaries that abort themselves (decision 025): browsers' reports are counted in the database, and a canary whose
 * failure rate over the window is clearly above the stable version's is aborted through the release engine, once,
 * with the numbers in the history — also when two server processes decide it at the same moment.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { readRemotes } from '@studyhub/tooling/deploy';
import type { AreaReportKind } from '@studyhub/contract/schemas';
import { canaryGuardSettings } from '../src/config';
import { abortReason, canaryStandings } from '../src/services/canary-guard';
import {
  buildTestApp,
  makeDeployDir,
  NOTES_VERSION,
  NOTES_CANARY,
  removeDeployDir,
  startNotesCanary,
  request,
  type TestApp,
} from './helpers';

const STABLE = NOTES_VERSION;
const CANARY = NOTES_CANARY;
const DEFAULTS = canaryGuardSettings({});

describe('the decision', () => {
  const record = (loads: number, failures: number, version = 'v') => ({ version, loads, failures });

  it('takes the documented defaults', () => {
    expect(DEFAULTS).toEqual({
      enabled: true,
      minLoads: 20,
      minExcessPoints: 10,
      minRatio: 2,
      windowMs: 10 * 60_000,
    });
  });

  it.each([
    ['too few loads, however many failed', record(19, 19), record(40, 0)],
    ['a canary failing no more than stable', record(25, 2), record(40, 4)],
    ['less than 10 points above stable', record(25, 7), record(100, 20)],
    ['10 points above, but less than twice stable', record(100, 35), record(100, 25)],
    ['no failure at all', record(20, 0), record(0, 0)],
  ])('keeps the canary: %s', (_label, canary, stable) => {
    expect(abortReason(canary, stable, DEFAULTS)).toBeNull();
  });

  it('aborts when the canary is clearly worse, and says why in numbers', () => {
    expect(abortReason(record(25, 9), record(40, 0), DEFAULTS)).toBe(
      'aborted automatically: 9 of 25 loads failed (36 %) vs stable 0 of 40 (0 %) in the last 10 min',
    );
    expect(abortReason(record(20, 2), record(0, 0), DEFAULTS)).toMatch(/2 of 20 loads failed \(10 %\)/);
    expect(abortReason(record(100, 50), record(100, 20), DEFAULTS)).toMatch(/vs stable 20 of 100 \(20 %\)/);
  });

  it('follows the thresholds set in the environment', () => {
    const strict = canaryGuardSettings({
      CANARY_ABORT_MIN_LOADS: '5',
      CANARY_ABORT_POINTS: '50',
      CANARY_ABORT_RATIO: '1.5',
      CANARY_ABORT_WINDOW_MIN: '2',
    });
    expect(abortReason(record(5, 2), record(10, 0), strict)).toBeNull();
    expect(abortReason(record(5, 3), record(10, 0), strict)).toBe(
      'aborted automatically: 3 of 5 loads failed (60 %) vs stable 0 of 10 (0 %) in the last 2 min',
    );
  });
});

describe('on a running site', () => {
  let deployDir: string;
  let t: TestApp;
  let others: TestApp[];

  beforeEach(async () => {
    deployDir = makeDeployDir();
    startNotesCanary(deployDir, 20);
    t = await buildTestApp({ deployDir });
    others = [];
  });
  afterEach(async () => {
    for (const other of others) await other.close();
    await t.close();
    removeDeployDir(deployDir);
  });

  /** `count` reports of `kind` for `version`, each from its own browser, sent one after the other. */
  async function report(app: TestApp, version: string, kind: AreaReportKind, count: number): Promise<void> {
    for (let sent = 0; sent < count; sent += 1) {
      const reply = await request(app.app, 'POST', '/api/telemetry/area-error', {
        area: 'notes',
        version,
        kind,
      });
      expect(reply.status).toBe(204);
    }
    await app.app.context.canaryGuard.settled();
  }

  const history = () =>
    (
      JSON.parse(readFileSync(path.join(deployDir, 'history.json'), 'utf8')) as {
        notes: { action: string; version: string; reason?: string; by?: string }[];
      }
    ).notes;
  const aborts = () => history().filter((event) => event.action === 'abort');
  const canaryRuns = () => readRemotes(deployDir).notes?.canary?.version === CANARY;

  it('below the thresholds nothing changes; past them the canary is aborted once, with its numbers', async () => {
    await report(t, STABLE, 'ok', 40);
    // 19 loads, 9 failed: a bad rate, but too few loads to judge.
    await report(t, CANARY, 'ok', 15);
    await report(t, CANARY, 'load', 4);
    await report(t, CANARY, 'render', 5);
    expect(canaryRuns()).toBe(true);
    expect(aborts()).toEqual([]);
    const [standing] = await canaryStandings(t.db, deployDir, DEFAULTS, t.clock());
    expect(standing).toEqual({
      area: 'notes',
      canary: { version: CANARY, loads: 19, failures: 9 },
      stable: { version: STABLE, loads: 40, failures: 0 },
      abortReason: null,
    });

    // The 20th load: enough to judge.
    await report(t, CANARY, 'ok', 1);
    expect(canaryRuns()).toBe(false);
    expect(readRemotes(deployDir).notes).toEqual({
      version: STABLE,
      entry: `/mfe/notes/${STABLE}/mf-manifest.json`,
    });
    expect(aborts()).toEqual([
      expect.objectContaining({
        version: CANARY,
        reason:
          'aborted automatically: 9 of 20 loads failed (45 %) vs stable 0 of 40 (0 %) in the last 10 min',
      }),
    ]);

    // Browsers that still run the aborted canary keep reporting: they are answered, not counted, and no second
    // abort is recorded.
    await report(t, CANARY, 'render', 5);
    expect(aborts()).toHaveLength(1);
    const scrape = await t.app.context.metrics.registry.getSingleMetricAsString(
      'studyhub_canary_aborts_total',
    );
    expect(scrape).toContain('studyhub_canary_aborts_total{area="notes"} 1');
  });

  it('only the window counts: failures older than it are forgotten', async () => {
    await report(t, CANARY, 'load', 10);
    t.clock.advance(DEFAULTS.windowMs + 2 * 60_000);
    await report(t, STABLE, 'ok', 40);
    await report(t, CANARY, 'ok', 20);
    expect(canaryRuns()).toBe(true);
    const [standing] = await canaryStandings(t.db, deployDir, DEFAULTS, t.clock());
    expect(standing?.canary).toEqual({ version: CANARY, loads: 20, failures: 0 });
  });

  it('a stable version failing as much keeps the canary', async () => {
    await report(t, STABLE, 'ok', 30);
    await report(t, STABLE, 'load', 10);
    await report(t, CANARY, 'ok', 16);
    await report(t, CANARY, 'load', 4);
    expect(canaryRuns()).toBe(true);
  });

  it('with CANARY_ABORT=0 it counts and never aborts', async () => {
    const off = await buildTestApp({ deployDir, env: { CANARY_ABORT: '0' } });
    others.push(off);
    await report(off, CANARY, 'render', 30);
    await report(off, CANARY, 'ok', 30);
    expect(canaryRuns()).toBe(true);
    const [standing] = await canaryStandings(off.db, deployDir, DEFAULTS, off.clock());
    expect(standing?.canary).toEqual({ version: CANARY, loads: 30, failures: 30 });
  });

  it('two server processes on one database deciding at the same moment abort it exactly once', async () => {
    // A second process: its own app, the same database and deploy folder.
    const second = await buildTestApp({
      deployDir,
      clock: t.clock,
      env: { DATABASE_URL: t.app.context.config.databaseUrl },
    });
    others.push(second);
    await report(t, STABLE, 'ok', 20);
    await report(second, STABLE, 'ok', 20);
    await report(t, CANARY, 'ok', 10);
    await report(second, CANARY, 'ok', 9);
    await report(t, CANARY, 'render', 5);
    await report(second, CANARY, 'render', 4);
    expect(canaryRuns()).toBe(true);

    // Both count the 20th load and review at once; each finds the canary past the thresholds.
    await Promise.all([t, second].map((app) => report(app, CANARY, 'ok', 1)));
    expect(canaryRuns()).toBe(false);
    expect(aborts()).toHaveLength(1);
    expect(aborts()[0]?.reason).toMatch(/^aborted automatically: 9 of 2[01] loads failed/);
    const abortsBy = async (app: TestApp) =>
      (await app.app.context.metrics.registry.getSingleMetric('studyhub_canary_aborts_total')!.get()).values
        .map((sample) => sample.value)
        .reduce((sum, value) => sum + value, 0);
    expect((await abortsBy(t)) + (await abortsBy(second))).toBe(1);
  });
});
