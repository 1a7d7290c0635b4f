import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';

/** Keys of every limit live under this prefix in a shared Redis. */
const REDIS_KEY_PREFIX = 'onair:limit:';
/** A Redis that is gone answers within this; the limit is then skipped rather than the request failed. */
const REDIS_COMMAND_TIMEOUT_MS = 500;

/**
 * Without Redis, each limit keeps its counters in memory in an LRU of at most this many keys
 * (addresses, chatters, devices); a new key past the cap evicts the least recently used one in
 * O(1). It is the hard cap on memory that made-up addresses can take: a key costs about 300 bytes
 * (measured with toad-cache, the plugin's LRU), so about 3 MB a limit and 25 MB for all eight of
 * them full at once. It is also the number of distinct addresses an attacker must cycle through
 * to make a limit forget one (SECURITY.md, "Not defended"), so it is twice the plugin's default
 * of 5,000, while a busy station's honest clients within one window (1 to 60 minutes) stay far
 * below it. An evicted honest client only has its count forgotten.
 */
export const LIMIT_KEYS_IN_MEMORY = 10_000;

/**
 * Registers @fastify/rate-limit once for the app, with no global limit: each route counts the
 * limits it names (`KeyedLimit`). With REDIS_URL the counts live in Redis, so every instance
 * counts against the same budget (Redis expires keys at the end of their window); without, in
 * memory, in an LRU of `LIMIT_KEYS_IN_MEMORY` keys per limit, so made-up keys cannot grow memory. A Redis outage skips the limits (fails open) rather than refusing every listener.
 */
export async function registerRateLimits(app: FastifyInstance, redisUrl: string | undefined): Promise<void> {
  let redis: Redis | undefined;
  if (redisUrl) {
    redis = new Redis(redisUrl, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      retryStrategy: (times: number) => Math.min(times * 100, 1_000),
    });
    // The realtime bus logs the outage once; here an error only means "skip the limit".
    redis.on('error', () => undefined);
    const connection = redis;
    app.addHook('onClose', async () => connection.disconnect());
  }
  await app.register(rateLimit, {
    global: false,
    skipOnError: true,
    // Only the plugin's own root store reads this; every `KeyedLimit` makes a child store, which
    // takes its size from its own options (below).
    cache: LIMIT_KEYS_IN_MEMORY,
    ...(redis ? { redis, nameSpace: REDIS_KEY_PREFIX } : {}),
  });
}

/**
 * One fixed-window limit (`max` per `windowMs`) over keys the caller names: an address, a chatter,
 * a device. A thin shape over the plugin's `createRateLimit`, whose key comes from the request.
 */
export class KeyedLimit {
  readonly #keys = new WeakMap<FastifyRequest, string>();
  readonly #check: ReturnType<FastifyInstance['createRateLimit']>;

  constructor(app: FastifyInstance, name: string, max: number, windowMs: number) {
    const options: RateLimitOptions = {
      max,
      timeWindow: windowMs,
      keyGenerator: (request) => `${name}:${this.#keys.get(request) ?? ''}`,
      // `createRateLimit` gives this limit its own in-memory store, sized by its own `cache` (the
      // plugin's option does not reach it); its type leaves `cache` out, the code reads it.
      cache: LIMIT_KEYS_IN_MEMORY,
    };
    this.#check = app.createRateLimit(options);
  }

  /** Counts one for `key`: 0 while within the limit, else the milliseconds until the window ends. */
  async take(request: FastifyRequest, key: string): Promise<number> {
    const result = await this.#run(request, key, true);
    return result.isAllowed || !result.isExceeded ? 0 : Math.max(1, result.ttl);
  }

  /** Milliseconds until `take` would succeed (0: now), counting nothing. */
  async waitMs(request: FastifyRequest, key: string): Promise<number> {
    const result = await this.#run(request, key, false);
    return result.isAllowed || result.remaining > 0 ? 0 : Math.max(1, result.ttl);
  }

  #run(request: FastifyRequest, key: string, increment: boolean) {
    this.#keys.set(request, key);
    return this.#check(request, { increment });
  }
}
