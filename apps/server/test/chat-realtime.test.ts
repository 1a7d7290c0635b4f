import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHAT_REMOVED_TEXT, CHAT_RESUME_MAX_EVENTS, type ChatFrame } from '@onair/core';
import { ChatRepo } from '../src/store/chat-repo.ts';
import { buildTestApp, loginAsAdmin } from './auth-helpers.ts';
import { ChatListener, joinChat, postMessage } from './chat-helpers.ts';
import { STORE_KINDS, type TestStore } from './stores.ts';

const versions = (frames: ChatFrame[]) => frames.map((frame) => frame.version);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

describe.each(STORE_KINDS)('chat over /api/realtime on $kind', ({ open }) => {
  let store: TestStore;
  let app: FastifyInstance;
  let url: string;
  const listeners: ChatListener[] = [];
  const listen = async (...args: Parameters<typeof ChatListener.open>) => {
    const listener = await ChatListener.open(...args);
    listeners.push(listener);
    return listener;
  };
  const start = async () => {
    app = await buildTestApp(store);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/realtime`;
  };
  beforeEach(async () => {
    store = await open();
    await start();
  });
  afterEach(async () => {
    for (const listener of listeners.splice(0)) listener.close();
    await app.close();
    await store.dispose();
  });

  /**
   * Writes `count` messages straight into the store (the rate limit is not what these tests are
   * about), then restarts the server on it, as if they had been written before it started.
   */
  const seed = async (count: number) => {
    const repo = new ChatRepo(store.db);
    for (let index = 0; index < count; index += 1) {
      await repo.insertMessage({ id: randomUUID(), chatterKey: 'seed', name: 'Seed', text: `s${index}`, replyTo: null, mentions: [], admin: false, createdAt: Date.now() });
    }
    await app.close();
    await start();
  };

  it('a subscriber holding nothing is told to resync at the head, then gets live events', async () => {
    await seed(3);
    const listener = await listen(url);
    await listener.until((frames) => frames.length === 1);
    expect(listener.frames[0]).toEqual({ topic: 'chat', version: 3, data: { type: 'resync' } });
    const cookie = await joinChat(app, 'Ann');
    await postMessage(app, cookie, { text: 'live' });
    const frames = await listener.until((all) => all.length === 2);
    expect(frames[1]).toMatchObject({ version: 4, data: { type: 'message', message: { text: 'live', seq: 4 } } });
  });

  it('resumes with exactly the missed events in order: messages, reactions and a removal as its tombstone', async () => {
    const ann = await joinChat(app, 'Ann');
    const first = (await postMessage(app, ann, { text: 'one' })).json<{ message: { id: string } }>().message;
    await postMessage(app, ann, { text: 'two' });
    await app.inject({ method: 'PUT', url: `/api/chat/messages/${first.id}/reactions/${encodeURIComponent('🔥')}`, headers: { cookie: ann } });
    const admin = await loginAsAdmin(app);
    await app.inject({ method: 'DELETE', url: `/api/chat/messages/${first.id}`, headers: { cookie: admin } });
    const listener = await listen(url, { chat: 1 });
    const frames = await listener.until((all) => all.length === 3);
    expect(versions(frames)).toEqual([2, 3, 4]);
    expect(frames.map((frame) => frame.data.type)).toEqual(['message', 'reactions', 'deleted']);
    expect(frames[2]?.data).toMatchObject({ type: 'deleted', message: { id: first.id, text: CHAT_REMOVED_TEXT, deleted: true } });
    expect(JSON.stringify(frames)).not.toContain('"one"');
    // Up to date: nothing is sent, and the next event is live.
    const current = await listen(url, { chat: 4 });
    await postMessage(app, ann, { text: 'three' });
    await current.until((all) => all.length === 1);
    expect(versions(current.frames)).toEqual([5]);
  });

  it(`a subscriber more than ${CHAT_RESUME_MAX_EVENTS} events behind, or ahead of a reset store, gets one resync frame`, async () => {
    await seed(CHAT_RESUME_MAX_EVENTS + 2);
    const behind = await listen(url, { chat: 1 });
    const ahead = await listen(url, { chat: 9_999 });
    const exact = await listen(url, { chat: 2 });
    for (const listener of [behind, ahead]) {
      await listener.until((all) => all.length === 1);
      expect(listener.frames).toEqual([{ topic: 'chat', version: CHAT_RESUME_MAX_EVENTS + 2, data: { type: 'resync' } }]);
    }
    const frames = await exact.until((all) => all.length === CHAT_RESUME_MAX_EVENTS);
    expect(versions(frames)).toEqual(range(3, CHAT_RESUME_MAX_EVENTS + 2));
  });

  it('a resume reaching back into pruned history is a resync, not a silent gap', async () => {
    await seed(4);
    await store.db.deleteFrom('chat_event').where('seq', '<=', 2).execute();
    const listener = await listen(url, { chat: 1 });
    await listener.until((all) => all.length === 1);
    expect(listener.frames[0]).toEqual({ topic: 'chat', version: 4, data: { type: 'resync' } });
  });

  it('events written while resuming and concurrent writers reach every subscriber once, in seq order, without gaps', async () => {
    await seed(50);
    const writers = await Promise.all(['Ann', 'Bob', 'Cian', 'Dara'].map((name, index) => joinChat(app, name, `10.2.0.${index}`)));
    const early = await listen(url, { chat: 0 });
    const sends = writers.flatMap((cookie) => range(1, 5).map((index) => postMessage(app, cookie, { text: `w${index}` })));
    const late = await listen(url, { chat: 10 });
    const statuses = (await Promise.all(sends)).map((response) => response.statusCode);
    expect(statuses.every((status) => status === 201)).toBe(true);
    for (const listener of [early, late]) {
      const frames = await listener.until((all) => all.at(-1)?.version === 70);
      expect(versions(frames)).toEqual(range(listener === early ? 1 : 11, 70));
    }
  });

  it('the schedule topic keeps its snapshot on the same socket', async () => {
    await seed(1);
    const listener = await listen(url, { chat: 1 }, ['schedule', 'chat']);
    const schedule = await new Promise<{ topic: string; version: number }>((resolve) => {
      listener.socket.on('message', (raw) => {
        const frame = JSON.parse(raw.toString()) as { topic: string; version: number };
        if (frame.topic === 'schedule') resolve(frame);
      });
    });
    expect(schedule.version).toBeGreaterThan(0);
    expect(listener.frames).toEqual([]);
  });
});
