import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Schedule } from '@onair/core';
import { loadBundledSchedule } from '../src/bundled-schedule.ts';
import { buildTestApp, loginAsAdmin } from './auth-helpers.ts';
import { STORE_KINDS, type TestStore } from './stores.ts';

const bundled = loadBundledSchedule();

interface Frame {
  topic: string;
  version: number;
  data: Schedule;
}

/** A ws client that queues every frame it receives, so tests can await the next one. */
class TestClient {
  readonly frames: Frame[] = [];
  readonly #waiters: (() => void)[] = [];
  constructor(readonly socket: WebSocket) {
    socket.on('message', (raw) => {
      this.frames.push(JSON.parse(raw.toString()) as Frame);
      this.#waiters.splice(0).forEach((wake) => wake());
    });
  }
  static async open(url: string, options: WebSocket.ClientOptions = {}): Promise<TestClient> {
    const socket = new WebSocket(url, options);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return new TestClient(socket);
  }
  send(frame: unknown): void {
    this.socket.send(JSON.stringify(frame));
  }
  async next(count = 1, timeoutMs = 5_000): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    while (this.frames.length < count) {
      if (Date.now() > deadline) throw new Error(`only ${this.frames.length} frames arrived`);
      await new Promise<void>((resolve) => {
        this.#waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
    return this.frames[count - 1] as Frame;
  }
  closed(): Promise<{ code: number }> {
    return new Promise((resolve) => this.socket.once('close', (code) => resolve({ code })));
  }
}

describe.each(STORE_KINDS)('the realtime hub on $kind', ({ open }) => {
  let store: TestStore;
  let app: FastifyInstance;
  let base: string;
  beforeEach(async () => {
    store = await open();
    app = await buildTestApp(store, undefined, { realtimeHeartbeatMs: 200 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    base = `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterEach(async () => {
    await app.close();
    await store.dispose();
  });

  const url = () => `ws://${base}/api/realtime`;

  it('sends the schedule on subscribe and every saved change, to every client', async () => {
    const first = await TestClient.open(url(), { origin: `http://${base}` });
    const second = await TestClient.open(url());
    first.send({ type: 'subscribe', topics: ['schedule'] });
    second.send({ type: 'subscribe', topics: ['schedule'] });
    expect(await first.next()).toEqual({ topic: 'schedule', version: 1, data: bundled });
    await second.next();

    const cookie = await loginAsAdmin(app);
    const changed = bundled.map((day, index) => (index === 0 ? { ...day, shows: [] } : day));
    const saved = await app.inject({ method: 'PUT', url: '/api/schedule', headers: { cookie }, payload: { data: changed, version: 1 } });
    expect(saved.statusCode).toBe(200);
    for (const client of [first, second]) {
      const frame = await client.next(2);
      expect(frame.version).toBe(2);
      expect(frame.data[0]?.shows).toEqual([]);
    }
    first.socket.close();
    second.socket.close();
  });

  it('resyncs by version: nothing is resent to a client that is up to date', async () => {
    const client = await TestClient.open(url());
    client.send({ type: 'subscribe', topics: ['schedule'], versions: { schedule: 1 } });
    const cookie = await loginAsAdmin(app);
    await app.inject({ method: 'PUT', url: '/api/schedule', headers: { cookie }, payload: { data: bundled, version: 1 } });
    // The first frame is the change, not a copy of version 1.
    expect((await client.next()).version).toBe(2);

    const late = await TestClient.open(url());
    late.send({ type: 'subscribe', topics: ['schedule'], versions: { schedule: 1 } });
    expect((await late.next()).version).toBe(2);
    client.socket.close();
    late.socket.close();
  });

  it('refuses a cross-site Origin before the upgrade, and accepts the same origin', async () => {
    const refused = new WebSocket(url(), { origin: 'https://evil.example' });
    const status = await new Promise<number>((resolve) => {
      refused.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      refused.once('open', () => resolve(101));
    });
    expect(status).toBe(403);
    const ok = await TestClient.open(url(), { origin: `http://${base}` });
    ok.socket.close();
  });

  it('closes the socket on a frame that breaks the protocol', async () => {
    for (const junk of ['not json', JSON.stringify({ type: 'subscribe', topics: ['weather'] }), JSON.stringify({ type: 'publish' })]) {
      const client = await TestClient.open(url());
      const closed = client.closed();
      client.socket.send(junk);
      expect((await closed).code).toBe(1008);
    }
    const huge = await TestClient.open(url());
    const closed = huge.closed();
    huge.socket.send('x'.repeat(10_000));
    expect((await closed).code).toBe(1009);
  });

  it('drops a socket that stops answering pings', async () => {
    const silent = await TestClient.open(url(), { autoPong: false });
    const closed = silent.closed();
    const started = Date.now();
    await closed;
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
