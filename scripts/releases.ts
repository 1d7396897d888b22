/**
 * npm run releases -- status | promote <area> | abort <area>
 *
 * status: every app's live version, canary, recent history and the versions on disk.
 * promote: the area's canary becomes live for everyone. abort: the canary is dropped.
 */
import { parseArgs } from 'node:util';
import { abortCanary, APP_NAMES, promoteCanary, releaseStatus } from '@studyhub/shared/deploy';
import { appNamed, deployDir, runCommand, UsageError } from './lib/cli';

const USAGE = 'usage: npm run releases -- status | promote <area> | abort <area>';
/** Recent history lines shown per app. */
const HISTORY_SHOWN = 5;

function printStatus(): void {
  console.log(`Deploy folder: ${deployDir}\n`);
  for (const status of releaseStatus(deployDir, APP_NAMES)) {
    const canary = status.canary ? `   canary ${status.canary.version} for ${status.canary.percent}%` : '';
    console.log(`${status.app.padEnd(9)} live ${status.live ?? '(none)'}${canary}`);
    for (const event of status.history.slice(-HISTORY_SHOWN).reverse()) {
      const percent = event.percent === undefined ? '' : ` ${event.percent}%`;
      console.log(
        `          ${event.at}  ${event.action.padEnd(8)} ${event.version}${percent}  ${event.by ?? ''}`,
      );
    }
    const older = status.history.length - HISTORY_SHOWN;
    if (older > 0) console.log(`          … ${older} earlier changes in history.json`);
    console.log(`          on disk: ${status.releases.length > 0 ? status.releases.join(', ') : '(none)'}\n`);
  }
}

await runCommand(USAGE, () => {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  const [command, name, ...rest] = positionals;
  if (command === 'status' && name === undefined) return printStatus();
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
