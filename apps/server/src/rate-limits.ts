import { once } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { LruMap } from 'toad-cache';

/** Keys of every limit live under this prefix in a shared Redis: `onair:limit:<limit>:<key>`. */
export const REDIS_KEY_PREFIX = 'onair:limit:';
/** A Redis that is gone answers within this; the limit is then skipped rather than the request failed. */
const REDIS_COMMAND_TIMEOUT_MS = 500;
/** How long start-up waits for Redis before counting in it (see registerRateLimits). */
const REDIS_CONNECT_WAIT_MS = 2_000;

/**
 * Without Redis, each limit keeps its counters in memory in an LRU of at most this many keys
 * (addresses, chatters, devices); a new key past the cap evicts the least recently used one in
 * O(1). It is the hard cap on memory that made-up addresses can take: a key costs about 300 bytes
 * (measured with toad-cache, the LRU used here), so about 3 MB a limit and 25 MB for all eight of
 * them full at once. It is also the number of distinct addresses an attacker must cycle through
 * to make a limit forget one (SECURITY.md, "Not defended"), while a busy station's honest clients
 * within one window (1 to 60 minutes) stay far below it. An evicted honest client only has its
 * count forgotten.
 */
export const LIMIT_KEYS_IN_MEMORY = 10_000;

/** One count of a fixed window: how many were taken, and when the window ends (epoch ms). */
interface WindowCount {
  count: number;
  resetAtMs: number;
}

/**
 * Where the counts live. Every operation on a key is atomic (one Redis script, or one synchronous
 * step in memory), so a burst of concurrent requests is counted one by one: nobody passes a check
 * that the others have not yet counted against.
 */
interface LimitStore {
  /** Counts one for `key` and answers the count including it. */
  take(key: string, windowMs: number): Promise<WindowCount>;
  /** Gives back one that was taken (never below zero). */
  refund(key: string): Promise<void>;
}

const EMPTY: WindowCount = { count: 0, resetAtMs: 0 };

/** One LRU per limit, so a flood of made-up keys on one limit never evicts another limit's counts. */
class MemoryStore implements LimitStore {
  readonly #counts = new LruMap<WindowCount>(LIMIT_KEYS_IN_MEMORY);

  async take(key: string, windowMs: number): Promise<WindowCount> {
    const nowMs = Date.now();
    const held = this.#counts.get(key);
    const next =
      held && held.resetAtMs > nowMs
        ? { count: held.count + 1, resetAtMs: held.resetAtMs }
        : { count: 1, resetAtMs: nowMs + windowMs };
    this.#counts.set(key, next);
    return next;
  }

  async refund(key: string): Promise<void> {
    const held = this.#counts.get(key);
    if (held && held.count > 0) this.#counts.set(key, { ...held, count: held.count - 1 });
  }
}

/** INCR with the window's expiry set by the first count: one round trip, atomic on the Redis server. */
const TAKE_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}`;
/** Never below zero, and never past the key's expiry (a refund after the window is a no-op). */
const REFUND_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

/**
 * Counts in Redis, shared by every instance; each key expires at the end of its window. A Redis
 * that is down or slow fails open (the count reads as zero): refusing every listener because the
 * limits cannot be counted would be an outage of its own.
 */
class RedisStore implements LimitStore {
  constructor(private readonly redis: Redis) {}

  async take(key: string, windowMs: number): Promise<WindowCount> {
    return this.#run(TAKE_SCRIPT, key, windowMs);
  }

  async refund(key: string): Promise<void> {
    await this.#run(REFUND_SCRIPT, key);
  }

  async #run(script: string, key: string, ...args: number[]): Promise<WindowCount> {
    try {
      const result = (await this.redis.eval(script, 1, REDIS_KEY_PREFIX + key, ...args)) as
        [number, number] | number;
      if (!Array.isArray(result)) return EMPTY;
      const [count, ttlMs] = result;
      return { count, resetAtMs: Date.now() + Math.max(0, ttlMs) };
    } catch {
      return EMPTY;
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Each limit's store: a fresh LRU per limit in memory, the one shared Redis otherwise. */
    limitStoreFor: () => LimitStore;
  }
}

/**
 * Sets up where the app's limits count: in Redis with REDIS_URL, so every instance counts against
 * the same budget, else in memory (an LRU of `LIMIT_KEYS_IN_MEMORY` keys per limit, so made-up
 * keys cannot grow memory). Call once, before any `KeyedLimit` is made.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  redisUrl: string | undefined,
  { commandTimeoutMs = REDIS_COMMAND_TIMEOUT_MS }: { commandTimeoutMs?: number } = {},
): Promise<void> {
  if (!redisUrl) {
    app.decorate('limitStoreFor', () => new MemoryStore());
    return;
  }
  const redis = new Redis(redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: commandTimeoutMs,
    retryStrategy: (times: number) => Math.min(times * 100, 1_000),
  });
  // The realtime bus logs the outage once; here an error only means "skip the limit".
  redis.on('error', () => undefined);
  app.addHook('onClose', async () => redis.disconnect());
  // Commands are not queued while connecting (they fail open): wait for the first connection, a
  // little, so the first requests after start are counted; a Redis that is down delays no start.
  await Promise.race([once(redis, 'ready'), delay(REDIS_CONNECT_WAIT_MS, undefined, { ref: false })]).catch(
    () => undefined,
  );
  const shared = new RedisStore(redis);
  app.decorate('limitStoreFor', () => shared);
}

/**
 * One fixed-window limit: at most `max` takes per `windowMs` for each key the caller names (an
 * address, a chatter, a device). Its Redis keys are `onair:limit:<name>:<key>`.
 */
export class KeyedLimit {
  readonly #store: LimitStore;

  constructor(
    app: FastifyInstance,
    private readonly name: string,
    private readonly max: number,
    private readonly windowMs: number,
  ) {
    // A decorator of the root app: every route's plugin context inherits it.
    this.#store = app.limitStoreFor();
  }

  /**
   * Counts one for `key`, atomically: 0 when it was within the limit, else the milliseconds until
   * the window ends. A refused take is counted too, so a client hammering past its limit gains nothing.
   */
  async take(key: string): Promise<number> {
    const { count, resetAtMs } = await this.#store.take(this.#key(key), this.windowMs);
    return count <= this.max ? 0 : Math.max(1, resetAtMs - Date.now());
  }

  /** Gives back one take that turned out not to count (a sign-in with the right password). */
  refund(key: string): Promise<void> {
    return this.#store.refund(this.#key(key));
  }

  #key(key: string): string {
    return `${this.name}:${key}`;
  }
}
