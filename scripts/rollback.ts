/**
 * npm run rollback -- <app> [version]
 *
 * Makes the version that was live before the current one live again (or the named released version), after
 * checking it against what is live now. Only that app's pointer changes; the next page load gets it.
 */
import { parseArgs } from 'node:util';
import { rollbackApp } from '@studyhub/tooling/deploy';
import { appNamed, deployDir, runCommand, UsageError } from './lib/cli';

const USAGE = 'usage: npm run rollback -- <shell|auth|notes|syllabus|admin> [version]';

await runCommand(USAGE, () => {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  if (positionals.length < 1 || positionals.length > 2)
    throw new UsageError('Name the app, and optionally a version.');
  const app = appNamed(positionals[0]);
  const { from, to } = rollbackApp(deployDir, app.name, positionals[1]);
  console.log(`${app.name} rolled back from ${from ?? 'nothing'} to ${to}; the next page load gets it.`);
});
