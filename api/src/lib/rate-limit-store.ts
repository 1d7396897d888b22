/**
 * Where the per-address rate-limit counters live (docs/security.md item 29, decision 024). With REDIS_URL they
 * are in Redis, one count per address for all replicas together (@fastify/rate-limit's own Redis store and
 * script). When Redis fails a check (unreachable, or no answer within its command timeout), that check counts in
 * this process's memory instead, and so do the checks of the next RETRY_REDIS_AFTER_MS: the limits then hold per
 * process (at most N times the limit with N replicas) rather than not at all, and no request waits for a Redis
 * that is gone or answers 500. Lockouts, codes and mail caps are in the database and never depend on this.
 */
import type { FastifyRateLimitOptions, FastifyRateLimitStore, RateLimitOptions } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { Redis } from 'ioredis';

/** After a failed check, Redis is left alone this long: a Redis that hangs would otherwise cost each request. */
export const RETRY_REDIS_AFTER_MS = 5000;

type Counted = Parameters<FastifyRateLimitStore['incr']>[1];

/** The store class @fastify/rate-limit instantiates (its `store` option), counting in `redis` under `nameSpace`. */
export function redisOrMemoryStore(redis: Redis, nameSpace: string, onFallback: (error: Error) => void) {
  let redisFailedAt = -Infinity;

  class RedisOrMemory implements FastifyRateLimitStore {
    constructor(
      private readonly shared: FastifyRateLimitStore,
      private readonly local: FastifyRateLimitStore,
    ) {}

    incr(key: string, counted: Counted, timeWindow: number, max: number): void {
      if (Date.now() - redisFailedAt < RETRY_REDIS_AFTER_MS) {
        return this.local.incr(key, counted, timeWindow, max);
      }
      this.shared.incr(
        key,
        (error, result) => {
          if (!error) return counted(null, result);
          redisFailedAt = Date.now();
          onFallback(error);
          this.local.incr(key, counted, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      return new RedisOrMemory(this.shared.child(routeOptions), this.local.child(routeOptions));
    }
  }

  return class extends RedisOrMemory {
    constructor(options: FastifyRateLimitOptions) {
      // The plugin hands its merged settings, typed as an empty interface.
      const { continueExceeding = false, exponentialBackoff = false } = options as RateLimitOptions;
      super(
        new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff),
      );
    }
  };
}
