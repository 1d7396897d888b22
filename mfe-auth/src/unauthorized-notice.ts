/**
 * The guard sends anonymous visitors to /login?reason=unauthorized&t={timestamp}. Its message shows once per
 * timestamp: the values already shown are kept for the tab's life, so a reload of the same URL stays quiet and
 * a new redirect (a new t) speaks again.
 */
export const SHOWN_NOTICES_KEY = 'studyhub.unauthorizedNoticesShown';
const KEEP = 20;

function readShown(storage: Storage): string[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(SHOWN_NOTICES_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** True (and remembered) the first time a given unauthorized redirect is seen; false otherwise. */
export function takeUnauthorizedNotice(search: string, storage: Storage = sessionStorage): boolean {
  const params = new URLSearchParams(search);
  const timestamp = params.get('t');
  if (params.get('reason') !== 'unauthorized' || !timestamp) return false;
  const shown = readShown(storage);
  if (shown.includes(timestamp)) return false;
  try {
    storage.setItem(SHOWN_NOTICES_KEY, JSON.stringify([...shown, timestamp].slice(-KEEP)));
  } catch {
    // Storage full or blocked: showing it again on reload is the lesser evil.
  }
  return true;
}
