/**
 * Where log lines go and the request log (decision 029, which has the measurements): one line per request,
 * written when the reply has gone out, and stdout handed the lines of one event-loop turn in one write.
 */
import { hostname } from 'node:os';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';

export interface LogStream {
  write(line: string): void;
}

/** Log text waiting for stdout past this (a stuck log reader) is dropped rather than held without limit. */
const LOG_BUFFER_MAX_BYTES = 16 * 1024 * 1024;

let stdoutLog: LogStream | undefined;

/**
 * Log lines go to stdout in batches, off the request path: the lines of one event-loop turn are handed to an
 * asynchronous destination in one write, after the turn. What is still pending when the process exits, a crash
 * included, is written before it exits. One stream per process, so two apps' lines never interleave.
 */
export function stdoutLogStream(): LogStream {
  if (stdoutLog) return stdoutLog;
  const destination = pino.destination({ dest: 1, sync: false, maxLength: LOG_BUFFER_MAX_BYTES });
  let pending: string[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const lines = pending.join('');
    pending = [];
    destination.write(lines);
  };
  // pino's own exit handler (registered with the destination, so it runs first) has flushed what it had.
  process.once('exit', () => {
    flush();
    try {
      destination.flushSync();
    } catch {
      // stdout is gone (a closed pipe): nothing can be written anywhere.
    }
  });
  stdoutLog = {
    write(line) {
      if (pending.push(line) === 1) setImmediate(flush);
    },
  };
  return stdoutLog;
}

const INFO = pino.levels.values.info!;

/**
 * Query parameters that are credentials themselves: a signed link's signature (services/download-links.ts) and the
 * digest's unfollow token (services/unfollow-links.ts).
 */
const CREDENTIAL_PARAMETERS = new Set(['sig', 'token']);

const readEscapes = (text: string) =>
  text.replace(/%([0-9a-f]{2})/gi, (_escape, byte: string) => String.fromCharCode(parseInt(byte, 16)));

/** A query parameter's name as the server's parser reads it: `+` is a space, escapes are read. */
const parameterName = (pair: string) => readEscapes(pair.split('=', 1)[0]!.replace(/\+/g, ' ')).toLowerCase();

/**
 * URLs as log lines show them: without the credentials some carry (docs/security.md items 13 and 49), however
 * they are spelled. Reset links carry their token in the path: `/api/auth/%72eset-password/…` is read first, so
 * it is redacted too, up to the next slash (an escaped `?` or `#` there is part of the token). Signed links carry
 * their signature in the query: each parameter is split off as the server's parser splits it, so the value
 * redacted is exactly the one the server would check, `%73ig` or `SIG` included.
 */
export function redactUrl(url: string): string {
  // Most URLs hold neither an escape nor a credential: nothing to read or redact.
  if (!/%|reset-password|sig|token/i.test(url)) return url;
  const queryStart = url.indexOf('?');
  const path = readEscapes(queryStart === -1 ? url : url.slice(0, queryStart)).replace(
    /(reset-password[/\\]+)[^/\\]*/gi,
    '$1[redacted]',
  );
  if (queryStart === -1) return path;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) =>
      pair.includes('=') && CREDENTIAL_PARAMETERS.has(parameterName(pair))
        ? `${readEscapes(pair.split('=', 1)[0]!)}=[redacted]`
        : readEscapes(pair),
    );
  return `${path}?${query.join('&')}`;
}

/** A request as every log line describes it (pino's `req`): the request line's fields, the same way. */
export function describeRequest(request: FastifyRequest): {
  method: string;
  url: string;
  remoteAddress: string;
} {
  return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
}

/**
 * One request-log line per request, in pino's JSON shape, built by hand: the fields are few and known, and only
 * the visitor's own text (the URL; the peer, which behind a trusted proxy comes from X-Forwarded-For) needs
 * escaping. A failing request and everything else Fastify logs keep Fastify's lines (reqId included), so a
 * request's error and its outcome read together.
 */
export class AccessLog extends LogController {
  /** The bindings pino puts after `time` on every line: fixed for the process. */
  private readonly base = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;

  constructor(private readonly stream: LogStream) {
    super();
  }

  /** Logged with the outcome instead: one line per request. */
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) return super.requestCompleted(error, request, reply);
    if ((pino.levels.values[request.log.level] ?? Infinity) > INFO) return;
    this.stream.write(
      `{"level":${INFO},"time":${Date.now()}${this.base},"reqId":"${request.id}",` +
        `"req":{"method":"${request.raw.method}","url":${JSON.stringify(redactUrl(request.url))},` +
        `"remoteAddress":${JSON.stringify(request.ip)}},"res":{"statusCode":${reply.statusCode}},` +
        `"responseTime":${reply.elapsedTime.toFixed(2)},"msg":"request completed"}\n`,
    );
  }
}
