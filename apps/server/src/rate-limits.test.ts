import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { KeyedLimit, LIMIT_KEYS_IN_MEMORY, REDIS_KEY_PREFIX, registerRateLimits } from './rate-limits.ts';

/** The Redis the tests count in (this machine kind runs one on the default port; CI too). */
const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A bare app with one in-memory limit of 1 per hour, reachable per key over HTTP (inject). */
async function limitApp(): Promise<FastifyInstance> {
  const app = Fastify();
  await registerRateLimits(app, undefined);
  const limit = new KeyedLimit(app, 'cap-test', 1, 60 * 60_000);
  app.post<{ Params: { key: string } }>('/take/:key', async (request) => ({
    waitMs: await limit.take(request.params.key),
  }));
  return app;
}

async function call(app: FastifyInstance, url: string): Promise<number> {
  const response = await app.inject({ method: 'POST', url });
  return (response.json() as { waitMs: number }).waitMs;
}

/** Takes one for each of `count` fresh keys named `${prefix}-0`, `${prefix}-1`…; each must be allowed. */
async function fill(app: FastifyInstance, prefix: string, count: number): Promise<void> {
  for (let index = 0; index < count; index += 1) {
    const waitMs = await call(app, `/take/${prefix}-${index}`);
    if (waitMs !== 0) throw new Error(`a fresh key ${prefix}-${index} was refused`);
  }
}

describe('KeyedLimit in memory', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it(`keeps exactly LIMIT_KEYS_IN_MEMORY (${LIMIT_KEYS_IN_MEMORY}) keys: the least recently used one is forgotten past the cap`, async () => {
    app = await limitApp();
    expect(await call(app, '/take/first')).toBe(0);
    expect(await call(app, '/take/first')).toBeGreaterThan(0);

    // With the cap full, `first` (the oldest) is still counted: the cap is not below the constant
    // (toad-cache's usual 5,000 would have dropped it). Taking it again makes it the newest.
    await fill(app, 'a', LIMIT_KEYS_IN_MEMORY - 1);
    expect(await call(app, '/take/first')).toBeGreaterThan(0);

    // `first` now has LIMIT_KEYS_IN_MEMORY - 1 keys older than it: that many new keys evict them,
    // and one more evicts `first`. The cap is not above the constant either.
    await fill(app, 'b', LIMIT_KEYS_IN_MEMORY);
    expect(await call(app, '/take/first')).toBe(0);
  }, 60_000);
});

describe.each([
  { kind: 'memory', url: undefined },
  { kind: 'Redis', url: TEST_REDIS_URL },
])('KeyedLimit in $kind', ({ url }) => {
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });
  /** A limit of `max` a minute under a fresh name, so runs never share counts. */
  const limitOf = async (max: number) => {
    const app = Fastify();
    apps.push(app);
    // A test machine running several suites can be slower than the production time-out, after which
    // a count is skipped (fails open) by design; these cases are about the counting.
    await registerRateLimits(app, url, { commandTimeoutMs: 10_000 });
    const name = `test-${randomUUID()}`;
    return { name, limit: new KeyedLimit(app, name, max, 60_000) };
  };

  it('counts a burst of concurrent takes one by one: exactly `max` pass', async () => {
    const { limit } = await limitOf(5);
    const waits = await Promise.all(Array.from({ length: 40 }, () => limit.take('burst')));
    expect(waits.filter((waitMs) => waitMs === 0)).toHaveLength(5);
    expect(Math.min(...waits.filter((waitMs) => waitMs > 0))).toBeGreaterThan(50_000);
  });

  it('gives a refunded take back, never below zero', async () => {
    const { limit } = await limitOf(1);
    await limit.refund('never-taken');
    expect(await limit.take('never-taken')).toBe(0);
    expect(await limit.take('never-taken')).toBeGreaterThan(0);
    // Two taken (the second refused): one refund leaves the key at its limit, two free it.
    await limit.refund('never-taken');
    expect(await limit.take('never-taken')).toBeGreaterThan(0);
    await limit.refund('never-taken');
    await limit.refund('never-taken');
    expect(await limit.take('never-taken')).toBe(0);
  });
});

describe('KeyedLimit keys in Redis', () => {
  it('are named onair:limit:<limit>:<key> and expire with their window', async () => {
    const app = Fastify();
    await registerRateLimits(app, TEST_REDIS_URL);
    const name = `named-${randomUUID()}`;
    await new KeyedLimit(app, name, 3, 60_000).take('203.0.113.9');
    const redis = new Redis(TEST_REDIS_URL);
    try {
      expect(await redis.keys(`*${name}*`)).toEqual([`${REDIS_KEY_PREFIX}${name}:203.0.113.9`]);
      expect(REDIS_KEY_PREFIX).toBe('onair:limit:');
      const ttl = await redis.pttl(`${REDIS_KEY_PREFIX}${name}:203.0.113.9`);
      expect(ttl).toBeGreaterThan(50_000);
      expect(ttl).toBeLessThanOrEqual(60_000);
    } finally {
      redis.disconnect();
      await app.close();
    }
  });
});
