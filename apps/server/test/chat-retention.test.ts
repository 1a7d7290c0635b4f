import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
      await repo.insertMessage({ id: randomUUID(), chatterKey: 'ann', name: 'Ann', text: `${daysAgo}d`, replyTo: null, mentions: [], admin: false, createdAt: NOW.getTime() - daysAgo * DAY_MS });
    }
    chat = await ChatService.open(repo, hub, silent);
    chat.startRetention(7, () => NOW, 0);
    await expect.poll(async () => (await repo.page(undefined, 10)).map((message) => message.text)).toEqual(['6d']);
  });
});
