import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
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
      await repo.insertMessage({
        id: randomUUID(),
        chatterKey: 'seed',
        name: 'Seed',
        text: `s${index}`,
        replyTo: null,
        mentions: [],
        admin: false,
        createdAt: Date.now(),
      });
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
    expect(frames[1]).toMatchObject({
      version: 4,
      data: { type: 'message', message: { text: 'live', seq: 4 } },
    });
  });

  it('resumes with what changed, in seq order: a removal comes as its tombstone, standing for the message and its reactions', async () => {
    const ann = await joinChat(app, 'Ann');
    const first = (await postMessage(app, ann, { text: 'one' })).json<{ message: { id: string } }>().message;
    await postMessage(app, ann, { text: 'two' });
    await app.inject({
      method: 'PUT',
      url: `/api/chat/messages/${first.id}/reactions/${encodeURIComponent('🔥')}`,
      headers: { cookie: ann },
    });
    const admin = await loginAsAdmin(app);
    await app.inject({ method: 'DELETE', url: `/api/chat/messages/${first.id}`, headers: { cookie: admin } });
    const listener = await listen(url, { chat: 1 });
    const frames = await listener.until((all) => all.length === 3);
    expect(versions(frames)).toEqual([2, 3, 4]);
    expect(frames.map((frame) => frame.data.type)).toEqual(['message', 'superseded', 'deleted']);
    expect(frames[2]?.data).toMatchObject({
      type: 'deleted',
      message: { id: first.id, text: CHAT_REMOVED_TEXT, deleted: true },
    });
    // From the start: the removed message is its tombstone only, its text is never sent again.
    const fresh = await listen(url, { chat: 0 });
    const all = await fresh.until((received) => received.length === 4);
    expect(all.map((frame) => [frame.version, frame.data.type])).toEqual([
      [1, 'superseded'],
      [2, 'message'],
      [3, 'superseded'],
      [4, 'deleted'],
    ]);
    expect(JSON.stringify([...frames, ...all])).not.toContain('"one"');
    // Up to date: nothing is sent, and the next event is live.
    const current = await listen(url, { chat: 4 });
    await postMessage(app, ann, { text: 'three' });
    await current.until((received) => received.length === 1);
    expect(versions(current.frames)).toEqual([5]);
  });

  it("collapses a message's reaction changes to its newest list: a resume after a reaction flood is a few frames, not one per change", async () => {
    const chatters = await Promise.all(
      ['Ann', 'Bob', 'Cian'].map((name, index) => joinChat(app, name, `10.3.0.${index}`)),
    );
    const [ann = ''] = chatters;
    const target = (await postMessage(app, ann, { text: 'tune!' })).json<{ message: { id: string } }>()
      .message;
    const react = (cookie: string, emoji: string, method: 'PUT' | 'DELETE') =>
      app.inject({
        method,
        url: `/api/chat/messages/${target.id}/reactions/${encodeURIComponent(emoji)}`,
        headers: { cookie },
      });
    for (const cookie of chatters) {
      for (const emoji of ['🔥', '🎉', '🙌'])
        expect((await react(cookie, emoji, 'PUT')).statusCode).toBe(200);
      expect((await react(cookie, '🎉', 'DELETE')).statusCode).toBe(200);
    }
    await postMessage(app, ann, { text: 'next' });
    // Seqs: 1 the message, 2..13 twelve reaction changes, 14 the next message.
    const listener = await listen(url, { chat: 1 });
    const frames = await listener.until((all) => all.at(-1)?.version === 14);
    expect(frames.map((frame) => [frame.version, frame.data.type])).toEqual([
      [12, 'superseded'],
      [13, 'reactions'],
      [14, 'message'],
    ]);
    const [stored] = (await app.inject({ method: 'GET', url: '/api/chat/messages?limit=1&before=2' })).json<{
      messages: { reactions: unknown }[];
    }>().messages;
    expect(frames[1]?.data).toEqual({
      type: 'reactions',
      messageId: target.id,
      reactions: stored?.reactions,
    });
    expect(stored?.reactions).toEqual([
      { emoji: '🔥', names: ['Ann', 'Bob', 'Cian'] },
      { emoji: '🙌', names: ['Ann', 'Bob', 'Cian'] },
    ]);
  });

  it('answers a resume from memory: with the event log unreadable, a subscriber inside the window still gets its frames', async () => {
    const ann = await joinChat(app, 'Ann');
    for (const text of ['one', 'two', 'three']) await postMessage(app, ann, { text });
    await sql`alter table chat_event rename to chat_event_away`.execute(store.db);
    const listener = await listen(url, { chat: 1 });
    const frames = await listener.until((all) => all.length === 2);
    expect(frames.map((frame) => [frame.version, frame.data.type])).toEqual([
      [2, 'message'],
      [3, 'message'],
    ]);
    expect(listener.socket.readyState).toBe(listener.socket.OPEN);
  });

  it(`a subscriber more than ${CHAT_RESUME_MAX_EVENTS} events behind, or ahead of a reset store, gets one resync frame`, async () => {
    await seed(CHAT_RESUME_MAX_EVENTS + 2);
    const behind = await listen(url, { chat: 1 });
    const ahead = await listen(url, { chat: 9_999 });
    const exact = await listen(url, { chat: 2 });
    for (const listener of [behind, ahead]) {
      await listener.until((all) => all.length === 1);
      expect(listener.frames).toEqual([
        { topic: 'chat', version: CHAT_RESUME_MAX_EVENTS + 2, data: { type: 'resync' } },
      ]);
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
    const writers = await Promise.all(
      ['Ann', 'Bob', 'Cian', 'Dara'].map((name, index) => joinChat(app, name, `10.2.0.${index}`)),
    );
    const early = await listen(url, { chat: 0 });
    const sends = writers.flatMap((cookie) =>
      range(1, 5).map((index) => postMessage(app, cookie, { text: `w${index}` })),
    );
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
