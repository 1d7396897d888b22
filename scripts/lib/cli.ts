import { deployDirFrom } from '@studyhub/api/config';
import { APP_NAMES } from '@studyhub/deploy-folder';
import { ReleaseRefusedError } from '@studyhub/tooling/deploy';
import { APPS, type App } from './apps';

/** The deploy folder the release commands work on: DEPLOY_DIR, or ./deploy (the one `npm start` serves). */
export const deployDir = deployDirFrom();

/** A command line that does not say what to do; the usage line is printed with it. */
export class UsageError extends Error {}

/** The app a command line names. */
export function appNamed(name: string | undefined): App {
  const app = APPS.find((candidate) => candidate.name === name);
  if (!app) {
    throw new UsageError(
      `Name an app: ${APP_NAMES.join(', ')}${name ? ` ("${name}" is none of them).` : '.'}`,
    );
  }
  return app;
}

const isParseArgsError = (error: unknown) =>
  String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS');

/** Runs a command's body; a refusal or any error is printed as sentences and exits non-zero. */
export async function runCommand(usage: string, body: () => Promise<void> | void): Promise<void> {
  try {
    await body();
  } catch (error) {
    const message = (error as Error).message;
    if (error instanceof ReleaseRefusedError) console.error(`\n${message}\nNothing was changed.`);
    else if (error instanceof UsageError || isParseArgsError(error))
      console.error(`\n${message}\n\n${usage}`);
    else console.error(`\n${message}`);
    process.exitCode = 1;
  }
}

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
