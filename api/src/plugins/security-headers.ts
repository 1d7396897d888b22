import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * SECURITY.md items 18–19 on every response. Scripts only from this site (and Google sign-in, for later);
 * styles allow inline because styled-components injects <style> tags at run time.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' https://accounts.google.com/gsi/client",
  "style-src 'self' 'unsafe-inline' https://accounts.google.com/gsi/style",
  "img-src 'self' data:",
  "connect-src 'self' https://accounts.google.com/gsi/",
  "frame-src 'self' https://accounts.google.com/gsi/",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

export function setSecurityHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('X-Content-Type-Options', 'nosniff')
    .header('Referrer-Policy', 'strict-origin-when-cross-origin')
    .header('X-Frame-Options', 'SAMEORIGIN')
    .header('Content-Security-Policy', CONTENT_SECURITY_POLICY)
    .header('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
}

export function securityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    setSecurityHeaders(reply);
    return payload;
  });
}
