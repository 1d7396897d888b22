/**
 * The connection to REDIS_URL (decision 024), which holds the per-address rate-limit counters every replica
 * shares. A request never waits for Redis: while it is unreachable commands fail at once (no offline queue),
 * and a Redis that stops answering fails them after REDIS_COMMAND_TIMEOUT_MS; ioredis keeps reconnecting in the
 * background. Log lines mark each change, not each failed attempt.
 */
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** A rate-limit check answers in well under a millisecond on a LAN; past this Redis counts as not answering. */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
const CONNECT_TIMEOUT_MS = 2000;
/** At start-up, the wait for the first connection; past it the server starts and counts in memory meanwhile. */
const FIRST_CONNECTION_WAIT_MS = 2000;

export interface SharedRedis {
  client: Redis;
  /** Whether Redis answers PING now (readiness). */
  answers(): Promise<boolean>;
  close(): Promise<void>;
}

export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<SharedRedis> {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
    // How long closing waits for the socket to end (ioredis waits 2 s by default, even for a socket long gone).
    disconnectTimeout: REDIS_COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  let connected: boolean | undefined;
  client.on('ready', () => {
    if (connected !== true) log.info('Redis connected: rate limits are shared with the other replicas');
    connected = true;
  });
  client.on('error', (error: Error) => {
    if (connected !== false)
      log.warn({ err: error }, 'Redis unreachable: rate limits count in this process until it is back');
    connected = false;
  });
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, FIRST_CONNECTION_WAIT_MS);
    client.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return {
    client,
    answers: () =>
      client.ping().then(
        (reply) => reply === 'PONG',
        () => false,
      ),
    async close() {
      // QUIT waits for the replies still due; then nothing reconnects, whether Redis answered it or was gone.
      await client.quit().catch(() => {});
      client.disconnect();
    },
  };
}
