/**
 * Request ids (decision 024). A request from a trusted proxy (TRUST_PROXY, the same rule as X-Forwarded-For,
 * docs/security.md item 6) keeps the X-Request-Id it brings, when that is a plain token of at most 128
 * characters (nginx's $request_id is 32 hex digits); any other request gets a new UUID. The id goes back in
 * X-Request-Id on every response and is in every log line of the request (`reqId`, Fastify's child logger).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'X-Request-Id';
/** Letters, digits and `._:-`: nothing that could break a header, a log line or a grep. */
const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's genReqId: the trusted proxy's id, or a new one. */
export function requestIdFrom(trustProxy: boolean | string[]): (raw: IncomingMessage) => string {
  const trusted: (address: string) => boolean =
    trustProxy === true
      ? () => true
      : trustProxy === false
        ? () => false
        : (
            (compiled) => (address: string) =>
              compiled(address, 0)
          )(proxyAddr.compile(trustProxy));
  return (raw) => {
    const given = raw.headers['x-request-id'];
    const peer = raw.socket?.remoteAddress;
    if (typeof given === 'string' && VALID_REQUEST_ID.test(given) && peer && trusted(peer)) return given;
    return randomUUID();
  };
}

/** Sends the id back, first of all, so even a request refused by a later hook carries it. */
export function echoRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
