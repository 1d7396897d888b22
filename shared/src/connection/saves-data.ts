interface ConnectionHints {
  saveData?: boolean;
  effectiveType?: string;
}

/**
 * Whether this visitor asked to save data (Save-Data) or is on a 2G connection: such a visitor fetches what they
 * open, nothing ahead of it. Works in the page and in the service worker (both have `navigator.connection` in
 * Chromium; elsewhere there is no hint and nothing is held back). The page takes it from the platform's index;
 * the service worker, which must not load the platform, from the `@studyhub/shared/saves-data` subpath.
 */
export function savesData(
  connection = (globalThis.navigator as { connection?: ConnectionHints } | undefined)?.connection,
): boolean {
  return connection?.saveData === true || /2g/.test(connection?.effectiveType ?? '');
}
