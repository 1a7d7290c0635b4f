import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { KeyedLimit, LIMIT_KEYS_IN_MEMORY, registerRateLimits } from './rate-limits.ts';

/** A bare app with one in-memory limit of 1 per hour, reachable per key over HTTP (inject). */
async function limitApp(): Promise<FastifyInstance> {
  const app = Fastify();
  await registerRateLimits(app, undefined);
  const limit = new KeyedLimit(app, 'cap-test', 1, 60 * 60_000);
  app.post<{ Params: { key: string } }>('/take/:key', async (request) => ({
    waitMs: await limit.take(request, request.params.key),
  }));
  app.get<{ Params: { key: string } }>('/wait/:key', async (request) => ({
    waitMs: await limit.waitMs(request, request.params.key),
  }));
  return app;
}

async function call(app: FastifyInstance, method: 'GET' | 'POST', url: string): Promise<number> {
  const response = await app.inject({ method, url });
  return (response.json() as { waitMs: number }).waitMs;
}

/** Takes one for each of `count` fresh keys named `${prefix}-0`, `${prefix}-1`…; each must be allowed. */
async function fill(app: FastifyInstance, prefix: string, count: number): Promise<void> {
  for (let index = 0; index < count; index += 1) {
    const waitMs = await call(app, 'POST', `/take/${prefix}-${index}`);
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
    expect(await call(app, 'POST', '/take/first')).toBe(0);
    expect(await call(app, 'POST', '/take/first')).toBeGreaterThan(0);

    // With the cap full, `first` (the oldest) is still counted: the cap is not below the constant
    // (the plugin's default of 5,000 would have dropped it). Reading it makes it the newest.
    await fill(app, 'a', LIMIT_KEYS_IN_MEMORY - 1);
    expect(await call(app, 'GET', '/wait/first')).toBeGreaterThan(0);

    // `first` now has LIMIT_KEYS_IN_MEMORY - 1 keys older than it: that many new keys evict them,
    // and one more evicts `first`. The cap is not above the constant either.
    await fill(app, 'b', LIMIT_KEYS_IN_MEMORY);
    expect(await call(app, 'GET', '/wait/first')).toBe(0);
    expect(await call(app, 'POST', '/take/first')).toBe(0);
  }, 60_000);
});
