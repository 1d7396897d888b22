import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { PAGE_BOOT_SCRIPT } from '@studyhub/contract/page-boot';
import type { Config } from '../config';

/** The one inline script the site runs: the theme marker in the page's head (decision 014), allowed by hash. */
const PAGE_BOOT_HASH = `'sha256-${createHash('sha256').update(PAGE_BOOT_SCRIPT).digest('base64')}'`;

/**
 * docs/security.md items 18–19 on every response. Scripts only from this site (and Google sign-in, for later)
 * plus the theme script by its hash; styles allow inline because styled-components injects <style> tags at
 * run time.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' ${PAGE_BOOT_HASH} https://accounts.google.com/gsi/client`,
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

const HSTS = { 'Strict-Transport-Security': 'max-age=31536000' };

/** The site's pages and files (item 45): HSTS only when the site is served over https. */
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
    ...(config.publicUrl.startsWith('https:') ? HSTS : {}),
  };
}

/** What an API reply is to a browser that opens it as a page: a document that loads, runs and frames nothing. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * API replies (JSON, decision 029): OWASP's set for REST replies. Nothing runs in them, so the document-only
 * headers (the site's script policy, Cross-Origin-Opener-Policy, Permissions-Policy) govern nothing there; a
 * quarter of their bytes, they cost the server a tenth of a cached read's time in header checks and writes.
 * Cross-Origin-Resource-Policy stays: it keeps other sites from reading a reply through a no-cors request.
 */
export function apiSecurityHeadersFor(config: Pick<Config, 'publicUrl'>): SecurityHeaders {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Content-Security-Policy': API_CONTENT_SECURITY_POLICY,
    'Cross-Origin-Resource-Policy': 'same-origin',
    ...(config.publicUrl.startsWith('https:') ? HSTS : {}),
  };
}

/**
 * Every response: under /api/ the API's set, elsewhere the site's. A reply that set a Content-Security-Policy of
 * its own (a served file, item 42) is framed by the site's pages: it gets the site's set with its own policy.
 */
export function securityHeaders(
  app: FastifyInstance,
  headers: { site: SecurityHeaders; api: SecurityHeaders },
): void {
  // A callback hook: on every response, a promise would cost more than the work.
  app.addHook('onSend', (request, reply, payload, done) => {
    const ownPolicy = reply.getHeader('Content-Security-Policy');
    if (ownPolicy !== undefined) reply.headers(headers.site).header('Content-Security-Policy', ownPolicy);
    else reply.headers(request.url.startsWith('/api/') ? headers.api : headers.site);
    done(null, payload);
  });
}
