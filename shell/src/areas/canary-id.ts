import { readStoredSession } from '@studyhub/shared';
import { STORAGE_KEYS } from '@studyhub/contract';

/** 128 random bits as hex; getRandomValues works on plain http too, where randomUUID does not. */
function randomId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/**
 * Who a canary is decided for: the signed-in user (the same on every browser they use), else this browser's
 * stable random id. Without usable storage the id lives for this page load only.
 */
export function canaryId(storage: Storage = localStorage): string {
  try {
    const session = readStoredSession(storage);
    if (session.kind === 'valid' && session.user._id) return session.user._id;
    const stored = storage.getItem(STORAGE_KEYS.canaryId);
    if (stored) return stored;
    const id = randomId();
    storage.setItem(STORAGE_KEYS.canaryId, id);
    return id;
  } catch {
    return randomId();
  }
}
