/** Raw sockets, for what Node answers before Fastify sees a request (http-limits.test.ts). */
import { connect, type Socket } from 'node:net';
import { expect } from '@jest/globals';

export interface RawSocket {
  socket: Socket;
  /** Everything the server sent, and how long after connecting it closed the connection. */
  closed: Promise<{ raw: string; closedAfterMs: number }>;
}

export function openSocket(port: number): RawSocket {
  const socket = connect({ host: '127.0.0.1', port });
  const started = performance.now();
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  // The server may reset a connection it cut off while bytes were still on the way.
  socket.on('error', () => {});
  const closed = new Promise<{ raw: string; closedAfterMs: number }>((resolve) =>
    socket.on('close', () =>
      resolve({ raw: Buffer.concat(chunks).toString('latin1'), closedAfterMs: performance.now() - started }),
    ),
  );
  return { socket, closed };
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** The status line and headers of an HTTP/1.1 response (the text before its blank line). */
export function parseResponseHead(head: string): { status: number; headers: Record<string, string> } {
  const [statusLine, ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine!.split(' ')[1]), headers };
}

/** One HTTP/1.1 response with a JSON body, as it came over the wire. */
export function parseRawResponse(raw: string): RawResponse {
  const end = raw.indexOf('\r\n\r\n');
  expect(end).toBeGreaterThan(0);
  return { ...parseResponseHead(raw.slice(0, end)), body: JSON.parse(raw.slice(end + 4)) };
}
