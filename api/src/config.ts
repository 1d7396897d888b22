/**
 * Server configuration from environment variables, validated once at start-up with readable errors.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Config {
  host: string;
  port: number;
  /** Folder with remotes.json, shell.json and releases/ (see @studyhub/shared/deploy). */
  deployDir: string;
  /** Development serves everything no-cache, so rebuilt files are picked up at once. */
  devMode: boolean;
  logLevel: string;
}

export class ConfigError extends Error {}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function port(value: string | undefined): number {
  if (value === undefined || value === '') return 8080;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, got "${value}"`);
  }
  return parsed;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const logLevel = env.LOG_LEVEL ?? 'info';
  const levels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
  if (!levels.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${levels.join(', ')}`);
  return {
    // Loopback by default: the demo data's logins must not be reachable from the network by accident.
    host: env.HOST ?? '127.0.0.1',
    port: port(env.PORT),
    deployDir: path.resolve(env.DEPLOY_DIR ?? path.join(repoRoot, 'deploy')),
    devMode: env.STUDYHUB_DEV === '1',
    logLevel,
  };
}
