/**
 * What global-setup hands to the tests through process.env (Playwright starts its workers after global-setup,
 * with its environment).
 */
export const ENV_BASE_URL = 'STUDYHUB_E2E_BASE_URL';
export const ENV_DEPLOY_DIR = 'STUDYHUB_E2E_DEPLOY_DIR';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function required(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(
      `${name} is not set: run the e2e suite with Playwright (npm test -w e2e) so global-setup starts the site`,
    );
  return value;
}

/** The composed site, e.g. http://localhost:41234 (no trailing slash). */
export function baseUrl(): string {
  return required(ENV_BASE_URL);
}

/** Absolute URL of a path on the site. */
export function url(path: string): string {
  return new URL(path, baseUrl()).href;
}

/** The temporary deploy folder the server reads remotes.json from. */
export function deployDir(): string {
  return required(ENV_DEPLOY_DIR);
}
