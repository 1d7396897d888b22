import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { THEME_BOOT_SCRIPT } from '@studyhub/contract/theme-boot';
import type { Config } from '../config';

/** The one inline script the site runs: the theme marker in the page's head (decision 014), allowed by hash. */
const THEME_BOOT_HASH = `'sha256-${createHash('sha256').update(THEME_BOOT_SCRIPT).digest('base64')}'`;

/**
 * docs/security.md items 18–19 on every response. Scripts only from this site (and Google sign-in, for later)
 * plus the theme script by its hash; styles allow inline because styled-components injects <style> tags at
 * run time.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' ${THEME_BOOT_HASH} https://accounts.google.com/gsi/client`,
  "style-src 'self' 'unsafe-inline' https://accounts.google.com/gsi/style",
  "img-src 'self' data:",
  "connect-src 'self' https://accounts.google.com/gsi/",
  "frame-src 'self' https://accounts.google.com/gsi/",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/**
 * Uploaded files (docs/security.md item 42) are never active content of this origin, whatever a browser makes
 * of their bytes: a sandbox (opaque origin, no scripts, forms or popups), nothing loaded from them, framed by
 * our own pages only. Measured in Chromium 156 with the subject page's preview frame: its built-in PDF viewer
 * renders under this policy exactly as without one (same pixels, the document's page count read), as under
 * `sandbox` alone and every `sandbox allow-*` variant, so none is needed. Chromium keeps only `frame-ancestors`
 * of a PDF's policy for its viewer; the sandbox guards whatever else would render the bytes.
 */
export const FILE_CONTENT_SECURITY_POLICY = "sandbox; default-src 'none'; frame-ancestors 'self'";

/**
 * docs/security.md item 45: features the site never uses are off for it and any frame in it. FedCM
 * (`identity-credentials-get`), which Google sign-in uses, and fullscreen, which the PDF viewer offers, keep
 * their defaults.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'browsing-topics',
  'camera',
  'display-capture',
  'gamepad',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'local-fonts',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'screen-wake-lock',
  'serial',
  'usb',
  'window-management',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

export type SecurityHeaders = Readonly<Record<string, string>>;

/** The headers every response carries; HSTS only when the site is served over https (item 45). */
export function securityHeadersFor(config: Pick<Config, 'publicUrl'>): SecurityHeaders {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'SAMEORIGIN',
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    // Google sign-in opens a popup and reads its answer.
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    ...(config.publicUrl.startsWith('https:') ? { 'Strict-Transport-Security': 'max-age=31536000' } : {}),
  };
}

/** Sets the headers; a route that set a stricter Content-Security-Policy of its own (file downloads) keeps it. */
export function setSecurityHeaders(reply: FastifyReply, headers: SecurityHeaders): FastifyReply {
  const ownPolicy = reply.getHeader('Content-Security-Policy');
  reply.headers(headers);
  return ownPolicy === undefined ? reply : reply.header('Content-Security-Policy', ownPolicy);
}

export function securityHeaders(app: FastifyInstance, headers: SecurityHeaders): void {
  // A callback hook: on every response, a promise would cost more than the work.
  app.addHook('onSend', (_request, reply, payload, done) => {
    setSecurityHeaders(reply, headers);
    done(null, payload);
  });
}
