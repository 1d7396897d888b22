/**
 * Short-lived signed download links: a frame or a new tab cannot send the bearer header, so the units call
 * hands out links that carry their own proof (an HMAC over the path and expiry).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from './clock';

export const DOWNLOAD_LINK_TTL_MS = 15 * 60_000;

export function createDownloadLinks(secret: string, clock: Clock) {
  const signature = (pathname: string, expires: number) =>
    createHmac('sha256', secret).update(`download:${pathname}:${expires}`).digest('base64url');

  return {
    sign(pathname: string, options: { download?: boolean } = {}): string {
      const expires = Math.floor((clock().getTime() + DOWNLOAD_LINK_TTL_MS) / 1000);
      const download = options.download ? '&download=1' : '';
      return `${pathname}?expires=${expires}&sig=${signature(pathname, expires)}${download}`;
    },
    /** 'valid', 'expired' (a real signature past its time) or 'invalid'. */
    check(pathname: string, expires: unknown, sig: unknown): 'valid' | 'expired' | 'invalid' {
      if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires) || typeof sig !== 'string')
        return 'invalid';
      const expected = Buffer.from(signature(pathname, Number(expires)));
      const given = Buffer.from(sig);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
      return Number(expires) * 1000 < clock().getTime() ? 'expired' : 'valid';
    },
  };
}

export type DownloadLinks = ReturnType<typeof createDownloadLinks>;
