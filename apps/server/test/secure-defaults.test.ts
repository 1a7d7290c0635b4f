import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from './auth-helpers.ts';
import { STORE_KINDS, type TestStore } from './stores.ts';

const [sqlite] = STORE_KINDS;

/**
 * What a route gets without asking: a route added later, with no Origin check and no error handler of
 * its own, is still refused cross-site and still answers faults in the app's JSON shape.
 */
describe('secure by default', () => {
  let store: TestStore;
  let app: FastifyInstance;
  let calls: number;
  beforeEach(async () => {
    store = await sqlite.open();
    app = await buildTestApp(store);
    calls = 0;
    const handler = async () => {
      calls += 1;
      return { ok: true };
    };
    // New routes, written as a careless next endpoint would be: no Origin code, no error handler.
    app.post('/api/new-route', handler);
    app.put('/api/new-route', handler);
    app.patch('/api/new-route', handler);
    app.delete('/api/new-route', handler);
    app.post('/api/open-to-other-sites', { config: { crossSite: 'allowed' } }, handler);
    app.get('/api/fails', async () => {
      throw new Error('the secret path /srv/onair/db and a stack');
    });
  });
  afterEach(async () => {
    await app.close();
    await store.dispose();
  });

  it('refuses every cross-site write to a new route before it runs, and lets same-site ones through', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const refused = await app.inject({
        method,
        url: '/api/new-route',
        headers: { origin: 'https://evil.example' },
        payload: {},
      });
      expect(refused.statusCode, method).toBe(403);
      expect(refused.json()).toEqual({
        error: 'Requests from another site are refused.',
        code: 'cross_site',
      });
      const sameSite = await app.inject({
        method,
        url: '/api/new-route',
        headers: { origin: 'http://localhost:80' },
        payload: {},
      });
      expect(sameSite.statusCode, method).toBe(200);
    }
    expect(calls).toBe(4);
    // 'null' (a sandboxed frame, a file:// page) is no origin of ours either.
    expect(
      (await app.inject({ method: 'POST', url: '/api/new-route', headers: { origin: 'null' }, payload: {} }))
        .statusCode,
    ).toBe(403);
  });

  it('lets a route opt out only by name', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/open-to-other-sites',
      headers: { origin: 'https://evil.example' },
      payload: {},
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers a body that is not JSON, and a fault, in the app’s shape, never with the fault’s text', async () => {
    const junk = await app.inject({
      method: 'POST',
      url: '/api/new-route',
      headers: { 'content-type': 'application/json' },
      payload: '{oops',
    });
    expect(junk.statusCode).toBe(400);
    expect(junk.json()).toEqual({ error: expect.any(String), code: 'invalid_request' });
    const fault = await app.inject({ method: 'GET', url: '/api/fails' });
    expect(fault.statusCode).toBe(500);
    expect(fault.json()).toEqual({
      error: 'Something went wrong on the server. Nothing was changed; try again.',
      code: 'server_error',
    });
    expect(fault.body).not.toContain('/srv/onair');
  });
});
