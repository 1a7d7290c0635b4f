import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { ChatService } from '../src/chat/chat-service.ts';
import { RealtimeHub } from '../src/realtime/hub.ts';
import { ChatRepo } from '../src/store/chat-repo.ts';
import { STORE_KINDS, type TestStore } from './stores.ts';

const DAY_MS = 24 * 60 * 60_000;
const NOW = new Date('2026-11-23T12:00:00Z');
const silent = { info: () => undefined, error: () => undefined };

describe.each(STORE_KINDS)('chat retention on $kind', ({ open }) => {
  let store: TestStore;
  let hub: RealtimeHub;
  let chat: ChatService;
  beforeEach(async () => {
    store = await open();
    hub = new RealtimeHub(silent);
  });
  afterEach(async () => {
    chat.stop();
    hub.close();
    await store.dispose();
  });

  it('prunes in the background what is older than the retention', async () => {
    const repo = new ChatRepo(store.db);
    for (const daysAgo of [8, 6]) {
      await repo.insertMessage({
        id: randomUUID(),
        chatterKey: 'ann',
        name: 'Ann',
        text: `${daysAgo}d`,
        replyTo: null,
        mentions: [],
        admin: false,
        createdAt: NOW.getTime() - daysAgo * DAY_MS,
      });
    }
    chat = await ChatService.open(repo, hub, silent);
    chat.startRetention(7, () => NOW, 0);
    await expect
      .poll(async () => (await repo.page(undefined, 10)).map((message) => message.text))
      .toEqual(['6d']);
  });

  it('forgets in memory what it pruned: a resume no longer sends an old message, and one from before it resyncs', async () => {
    const repo = new ChatRepo(store.db);
    chat = await ChatService.open(repo, hub, silent);
    const ann = { key: 'ann', name: 'Ann', admin: false };
    for (const daysAgo of [8, 6])
      await chat.post(
        ann,
        { id: randomUUID(), text: `${daysAgo}d` },
        new Date(NOW.getTime() - daysAgo * DAY_MS),
      );
    const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    server.on('connection', (socket) => hub.attach(socket));
    await new Promise((resolve) => server.once('listening', resolve));
    /** What one subscribe holding `since` gets, up to the frame at the head (seq 2). */
    const resume = async (since: number) => {
      const socket = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
      await new Promise((resolve) => socket.once('open', resolve));
      const frames: { version: number; data: { type: string; message?: { text: string } } }[] = [];
      await new Promise<void>((resolve) => {
        socket.on('message', (raw) => {
          frames.push(JSON.parse(raw.toString()) as (typeof frames)[number]);
          if (frames.at(-1)?.version === 2) resolve();
        });
        socket.send(JSON.stringify({ type: 'subscribe', topics: ['chat'], versions: { chat: since } }));
      });
      socket.close();
      return frames.map(({ data }) => data.message?.text ?? data.type);
    };
    try {
      expect(await resume(0)).toEqual(['8d', '6d']);
      chat.startRetention(7, () => NOW, 0);
      await expect.poll(() => resume(0)).toEqual(['resync']);
      expect(await resume(1)).toEqual(['6d']);
    } finally {
      server.close();
    }
  });
});
