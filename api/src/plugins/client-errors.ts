import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyInstance } from 'fastify';
import { API_MESSAGES } from '../messages';
import { REQUEST_ID_HEADER } from './request-ids';
import type { SecurityHeaders } from './security-headers';

/** What Node's own parser and timers refuse, by error code (as Node itself maps them); anything else is a 400. */
const STATUS_BY_CODE: Record<string, number> = {
  ERR_HTTP_REQUEST_TIMEOUT: 408,
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
};

function messageFor(status: number): string {
  if (status === 408) return API_MESSAGES.requestTimeout;
  if (status === 413 || status === 431) return API_MESSAGES.bodyTooLarge;
  return STATUS_CODES[status] ?? 'Bad Request';
}

/**
 * Fastify's clientErrorHandler: a request Node could not parse (a garbage request line, headers past the size
 * limit) or that ran out of time (docs/security.md item 40) never reaches a route or hook. It is answered here,
 * on the raw socket, in the API's shape `{ message }` with the security headers (item 45), and the connection
 * closed, with a request id of its own like every response (decision 024). Like Node, nothing is written once
 * a response has begun on the socket.
 */
export function clientErrorHandler(headers: SecurityHeaders) {
  return function answerClientError(this: FastifyInstance, error: ConnectionError, socket: Socket): void {
    // A reset connection has nobody left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const status = STATUS_BY_CODE[error.code] ?? 400;
    const requestId = randomUUID();
    this.log.debug({ err: error, status, requestId }, 'client error');
    // The response in flight on this socket, as Node's own handler reads it.
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent: boolean } })._httpMessage;
    if (socket.writable && !inFlight?.headersSent) {
      const body = JSON.stringify({ message: messageFor(status) });
      const lines = [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        `${REQUEST_ID_HEADER}: ${requestId}`,
        'Connection: close',
      ];
      socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    }
    socket.destroy(error);
  };
}
