import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { joinChat, postMessage } from './chat-helpers.ts';
import { STORE_KINDS } from './stores.ts';
import { appsOnFreshStore } from './test-apps.ts';

const scrape = (app: FastifyInstance, remoteAddress: string) =>
  app.inject({ method: 'GET', url: '/metrics', remoteAddress });

describe.each(STORE_KINDS)('/metrics on $kind', ({ open }) => {
  const startApp = appsOnFreshStore(open);
  const start = (env: Record<string, string> = {}) => startApp(env, { pushTimer: false });

  it('serves Prometheus text to loopback by default: realtime clients, chat messages, process memory', async () => {
    const app = await start();
    const cookie = await joinChat(app, 'Counted');
    expect((await postMessage(app, cookie, { text: 'one' })).statusCode).toBe(201);
    expect((await postMessage(app, cookie, { text: 'two' })).statusCode).toBe(201);
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const response = await scrape(app, address);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(response.body).toMatch(/^onair_chat_messages_total 2$/m);
      expect(response.body).toMatch(/^onair_realtime_clients 0$/m);
      expect(response.body).toMatch(/^process_resident_memory_bytes \d+/m);
    }
  });

  it('refuses every other address with 403, and follows METRICS_ALLOWED_FROM', async () => {
    const app = await start();
    const refused = await scrape(app, '203.0.113.9');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: 'Metrics are not served to this address.',
      code: 'metrics_forbidden',
    });
    const listed = await start({ METRICS_ALLOWED_FROM: '10.0.0.0/8, 192.0.2.7' });
    expect((await scrape(listed, '10.20.30.40')).statusCode).toBe(200);
    expect((await scrape(listed, '192.0.2.7')).statusCode).toBe(200);
    expect((await scrape(listed, '127.0.0.1')).statusCode).toBe(403);
  });

  it('believes X-Forwarded-For only from a TRUST_PROXY peer: a public client through the proxy is refused', async () => {
    const app = await start({ TRUST_PROXY: 'loopback' });
    const viaProxy = await app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(viaProxy.statusCode).toBe(403);
    const forged = await app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(forged.statusCode).toBe(403);
  });
});
