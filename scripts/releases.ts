/**
 * npm run releases -- status | promote <area> | abort <area>
 *
 * status: every app's live version, canary (with what browsers reported of it, from the server's database: run
 * it with the server's DATABASE_URL or DATA_DIR), recent history and the versions on disk.
 * promote: the area's canary becomes live for everyone. abort: the canary is dropped.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { canaryStandings, describeRecord, minFailingSources } from '@studyhub/api/canary-guard';
import { canaryGuardSettings, databaseUrlFrom } from '@studyhub/api/config';
import { isPostgresUrl, openDatabase } from '@studyhub/api/database';
import { APP_NAMES, type AppName } from '@studyhub/deploy-folder';
import { abortCanary, promoteCanary, releaseStatus } from '@studyhub/tooling/deploy';
import { appNamed, deployDir, runCommand, UsageError } from './lib/cli';

const USAGE = 'usage: npm run releases -- status | promote <area> | abort <area>';
/** Recent history lines shown per app. */
const HISTORY_SHOWN = 5;

const INDENT = ' '.repeat(10);

/**
 * What browsers reported of each running canary over the canary guard's window (decision 025), in distinct
 * sources (networks), as lines per area; or one line saying why the counts cannot be read.
 */
async function canaryReports(): Promise<{ lines: Map<AppName, string[]>; unavailable: string | null }> {
  const lines = new Map<AppName, string[]>();
  const settings = canaryGuardSettings();
  const url = databaseUrlFrom();
  if (!isPostgresUrl(url) && !existsSync(url)) {
    return { lines, unavailable: `no database at ${url} (set DATABASE_URL or DATA_DIR as for the server)` };
  }
  const { db } = openDatabase(url);
  try {
    const window = `in the last ${settings.windowMs / 60_000} min`;
    const rule = settings.enabled
      ? `aborts itself from ${settings.minSources} sources (${minFailingSources(settings)} failing) on, ` +
        `failing for ${settings.ceilingPercent} % of them, or ${settings.minExcessPoints} points more than ` +
        `stable and ${settings.minRatio}× as often (CANARY_ABORT_*)`
      : 'automatic abort is off (CANARY_ABORT=0)';
    for (const standing of await canaryStandings(db, deployDir, settings, new Date())) {
      lines.set(standing.area, [
        `canary ${window}: ${describeRecord(standing.canary)}; stable: ${describeRecord(standing.stable)}`,
        rule,
      ]);
    }
    return { lines, unavailable: null };
  } catch (error) {
    return { lines, unavailable: `the database did not answer: ${(error as Error).message}` };
  } finally {
    await db.destroy();
  }
}

async function printStatus(): Promise<void> {
  console.log(`Deploy folder: ${deployDir}\n`);
  const statuses = releaseStatus(deployDir, APP_NAMES);
  const reports = statuses.some((status) => status.canary) ? await canaryReports() : null;
  for (const status of statuses) {
    const canary = status.canary ? `   canary ${status.canary.version} for ${status.canary.percent}%` : '';
    console.log(`${status.app.padEnd(9)} live ${status.live ?? '(none)'}${canary}`);
    if (status.canary && reports) {
      const lines = reports.lines.get(status.app) ?? [
        `canary failure counts unknown: ${reports.unavailable}`,
      ];
      for (const line of lines) console.log(`${INDENT}${line}`);
    }
    for (const event of status.history.slice(-HISTORY_SHOWN).reverse()) {
      const percent = event.percent === undefined ? '' : ` ${event.percent}%`;
      console.log(
        `${INDENT}${event.at}  ${event.action.padEnd(8)} ${event.version}${percent}  ${event.by ?? ''}`,
      );
      if (event.reason) console.log(`${INDENT}  ${event.reason}`);
    }
    const older = status.history.length - HISTORY_SHOWN;
    if (older > 0) console.log(`${INDENT}… ${older} earlier changes in history.json`);
    console.log(`${INDENT}on disk: ${status.releases.length > 0 ? status.releases.join(', ') : '(none)'}\n`);
  }
}

await runCommand(USAGE, async () => {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  const [command, name, ...rest] = positionals;
  if (command === 'status' && name === undefined) return await printStatus();
  if ((command === 'promote' || command === 'abort') && rest.length === 0) {
    const app = appNamed(name);
    if (app.name === 'shell') throw new UsageError('The shell has no canary.');
    if (command === 'promote') {
      console.log(`${app.name} ${promoteCanary(deployDir, app.name)} is live for everyone now.`);
    } else {
      console.log(
        `${app.name} canary ${abortCanary(deployDir, app.name)} dropped; everyone gets the live version.`,
      );
    }
    return;
  }
  throw new UsageError('Unknown command.');
});
