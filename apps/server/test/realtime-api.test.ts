import { Writable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Schedule } from '@onair/core';
import { loadBundledSchedule } from '../src/bundled-schedule.ts';
import { ADMIN_ENV, buildTestApp, loginAsAdmin } from './auth-helpers.ts';
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
  /** Heartbeat frames, counted apart from the topic frames the tests read in order. */
  heartbeats = 0;
  readonly #waiters: (() => void)[] = [];
  constructor(readonly socket: WebSocket) {
    socket.on('message', (raw) => {
      const frame = JSON.parse(raw.toString()) as Frame | { type: 'heartbeat' };
      if ('type' in frame && frame.type === 'heartbeat') this.heartbeats += 1;
      else this.frames.push(frame as Frame);
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
  closed(): Promise<{ code: number; reason: string }> {
    return new Promise((resolve) =>
      this.socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
  }
}

/** Listens on a free loopback port and answers 'host:port'. */
async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** Signs in as the admin and returns a PUT /api/schedule that sends `payload` with that session. */
async function adminSaver(
  app: FastifyInstance,
): Promise<(payload: object) => Promise<LightMyRequestResponse>> {
  const cookie = await loginAsAdmin(app);
  return (payload) => app.inject({ method: 'PUT', url: '/api/schedule', headers: { cookie }, payload });
}

interface LogLine {
  level: number;
  msg: string;
  event?: string;
  err?: { type?: string; stack?: string };
}

/** Pino's numeric levels. */
const INFO = 30;
const WARN = 40;
const ERROR = 50;

describe.each(STORE_KINDS)('realtime logging on $kind', ({ open }) => {
  let store: TestStore;
  let app: FastifyInstance;
  let url: string;
  let lines: LogLine[];
  beforeEach(async () => {
    lines = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean))
          lines.push(JSON.parse(line) as LogLine);
        done();
      },
    });
    store = await open();
    app = await buildTestApp(store, { ...ADMIN_ENV, LOG_LEVEL: 'debug' }, { logStream });
    url = `ws://${await listenOnLoopback(app)}/api/realtime`;
  });
  afterEach(async () => {
    await app.close();
    await store.dispose();
  });

  it("logs a client's mistakes at info, without a stack, and nothing at warn or above", async () => {
    const mistakes: [string, (client: TestClient) => void, number][] = [
      ['not JSON', (client) => client.socket.send('not json'), 1008],
      ['an unknown topic', (client) => client.send({ type: 'subscribe', topics: ['weather'] }), 1008],
      ['an oversize frame', (client) => client.socket.send('x'.repeat(10_000)), 1009],
      [
        'too many frames',
        (client) => Array.from({ length: 21 }, () => client.send({ type: 'subscribe', topics: [] })),
        1008,
      ],
    ];
    for (const [name, mistake, code] of mistakes) {
      const client = await TestClient.open(url);
      const closed = client.closed();
      mistake(client);
      expect((await closed).code, name).toBe(code);
    }
    const realtime = () => lines.filter((line) => line.event?.startsWith('realtime_'));
    await expect
      .poll(() => realtime().map((line) => line.event))
      .toEqual([
        'realtime_invalid_frame',
        'realtime_invalid_frame',
        'realtime_protocol_error',
        'realtime_frame_budget',
      ]);
    for (const line of realtime()) {
      expect(line.level).toBe(INFO);
      expect(line.err).toBeUndefined();
    }
    expect(lines.filter((line) => line.level >= WARN)).toEqual([]);
  });

  it('logs an unreadable store on the first subscribe as an error, holds nothing, and the next save reaches the subscriber', async () => {
    await store.db.updateTable('schedule').set({ data: 'not json' }).execute();
    const client = await TestClient.open(url);
    client.send({ type: 'subscribe', topics: ['schedule'] });
    await expect
      .poll(() => lines.filter((line) => line.msg === 'realtime snapshot could not be loaded'))
      .toHaveLength(1);
    expect(lines.find((line) => line.msg === 'realtime snapshot could not be loaded')).toMatchObject({
      level: ERROR,
      err: { type: 'StoredScheduleError' },
    });
    const save = await adminSaver(app);
    expect((await save({ data: bundled, version: 1 })).statusCode).toBe(200);
    // The unreadable row was neither sent nor held: the first frame is the repaired week.
    expect(await client.next()).toEqual({ topic: 'schedule', version: 2, data: bundled });
    client.socket.close();
  });
});

describe.each(STORE_KINDS)('the realtime hub on $kind', ({ open }) => {
  let store: TestStore;
  let app: FastifyInstance;
  let base: string;
  beforeEach(async () => {
    store = await open();
    app = await buildTestApp(store, undefined, { realtimeHeartbeatMs: 200 });
    base = await listenOnLoopback(app);
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

    const save = await adminSaver(app);
    const changed = bundled.map((day, index) => (index === 0 ? { ...day, shows: [] } : day));
    expect((await save({ data: changed, version: 1 })).statusCode).toBe(200);
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
    const save = await adminSaver(app);
    expect((await save({ data: bundled, version: 1 })).statusCode).toBe(200);
    // The first frame is the change, not a copy of version 1.
    expect((await client.next()).version).toBe(2);

    const late = await TestClient.open(url());
    late.send({ type: 'subscribe', topics: ['schedule'], versions: { schedule: 1 } });
    expect((await late.next()).version).toBe(2);
    client.socket.close();
    late.socket.close();
  });

  it('closes every socket with 1012 (service restart) when the server shuts down', async () => {
    const client = await TestClient.open(url());
    const closed = client.closed();
    await app.close();
    expect(await closed).toEqual({ code: 1012, reason: 'Service restart' });
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
    for (const junk of [
      'not json',
      JSON.stringify({ type: 'subscribe', topics: ['weather'] }),
      JSON.stringify({ type: 'publish' }),
    ]) {
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

  it('answers 20 frames in 10 s and closes the socket with 1008 on the 21st', async () => {
    const client = await TestClient.open(url());
    const closed = client.closed();
    for (let frame = 0; frame < 20; frame += 1) client.send({ type: 'subscribe', topics: ['schedule'] });
    // Each of the 20 subscribes (no version held) was answered with the document.
    expect((await client.next(20)).version).toBe(1);
    client.send({ type: 'subscribe', topics: ['schedule'] });
    expect(await closed).toEqual({ code: 1008, reason: 'Too many frames' });
    expect(client.frames).toHaveLength(20);
  });

  it('serves subscribers from memory: saves refresh it, refused saves do not, the store is not read', async () => {
    const first = await TestClient.open(url());
    first.send({ type: 'subscribe', topics: ['schedule'] });
    expect((await first.next()).version).toBe(1);

    const save = await adminSaver(app);
    const changed = bundled.map((day, index) => (index === 0 ? { ...day, shows: [] } : day));
    expect((await save({ data: changed, version: 1 })).statusCode).toBe(200);
    expect((await save({ data: bundled, version: 1 })).statusCode).toBe(409);
    expect((await save({ data: 'junk', version: 2 })).statusCode).toBe(400);

    // Break the stored row behind the server's back: any store read now fails (GET shows it does).
    await store.db.updateTable('schedule').set({ data: 'not json' }).execute();
    expect((await app.inject('/api/schedule')).statusCode).toBe(500);

    const late = await TestClient.open(url());
    late.send({ type: 'subscribe', topics: ['schedule'] });
    expect(await late.next()).toEqual({ topic: 'schedule', version: 2, data: changed });
    first.socket.close();
    late.socket.close();
  });

  it('sends every socket a heartbeat frame each beat, so a page can tell a live socket from a dead one', async () => {
    const client = await TestClient.open(url());
    // Nothing subscribed: the heartbeats are all it hears (the beat here is 200 ms).
    const deadline = Date.now() + 5_000;
    while (client.heartbeats < 3 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(client.heartbeats).toBeGreaterThanOrEqual(3);
    expect(client.frames).toEqual([]);
    client.socket.close();
  });

  it('drops a socket that stops answering pings', async () => {
    // The heartbeat here is 200 ms; without it the socket would stay open and the test time out.
    const silent = await TestClient.open(url(), { autoPong: false });
    expect((await silent.closed()).code).toBe(1006);
  });
});
