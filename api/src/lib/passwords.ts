import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';

/**
 * argon2id with OWASP's minimum (m = 19 MiB, t = 2, p = 1; docs/security.md item 1). `algorithm: 2` is argon2id:
 * the package's const enum cannot be imported under isolatedModules (architecture §8).
 */
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * argon2 runs on libuv's thread pool (4 threads), which file writes, DNS lookups and zlib share: a burst of
 * sign-ups once filled it, so the readiness probe's file write waited seconds and a healthy replica said "files
 * down" (docs/security.md item 52). Two hashes at once leave two threads free; the rest wait here, in order.
 * Two also keep a 2-core machine's cores for the requests themselves.
 */
const ARGON2_CONCURRENCY = 2;
const argon2Slot = pLimit(ARGON2_CONCURRENCY);

export function hashPassword(password: string): Promise<string> {
  return argon2Slot(() => hash(password, ARGON2_OPTIONS));
}

/** A real hash of nothing anyone knows, verified against when the account does not exist (equal timing). */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  dummyHash ??= hashPassword('no account has this password, it only spends the same time');
  const target = storedHash ?? (await dummyHash);
  try {
    const ok = await argon2Slot(() => verify(target, password));
    return ok && storedHash !== null;
  } catch {
    return false;
  }
}
