/**
 * The server's signatures over text it hands out and reads back (signed download links, area report tokens,
 * unfollow links): an HMAC-SHA256 under the server secret over `<purpose>:<text>`, so a signature made for one
 * purpose never verifies for another, compared in constant time.
 */
import { createHmac } from 'node:crypto';
import { sameSecret } from './secrets';

export type SignedPurpose = 'download' | 'area-report' | 'unfollow';

export interface Signer {
  sign(purpose: SignedPurpose, text: string): string;
  /** Whether `signature` is this server's for `text` under `purpose`. */
  verifies(purpose: SignedPurpose, text: string, signature: string): boolean;
}

export function createSigner(secret: string): Signer {
  const sign = (purpose: SignedPurpose, text: string) =>
    createHmac('sha256', secret).update(`${purpose}:${text}`).digest('base64url');
  return {
    sign,
    verifies: (purpose, text, signature) => sameSecret(signature, sign(purpose, text)),
  };
}
