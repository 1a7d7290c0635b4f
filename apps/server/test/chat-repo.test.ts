import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChatRepo } from '../src/store/chat-repo.ts';
import { STORE_KINDS, type TestStore } from './stores.ts';

const DAY_MS = 24 * 60 * 60_000;
const NOW = new Date('2026-11-23T12:00:00Z');

describe.each(STORE_KINDS)('ChatRepo on $kind', ({ open }) => {
  let store: TestStore;
  let repo: ChatRepo;
  beforeEach(async () => {
    store = await open();
    repo = new ChatRepo(store.db);
  });
  afterEach(async () => {
    await store.dispose();
  });

  const write = (daysAgo: number) =>
    repo.insertMessage({ id: randomUUID(), chatterKey: 'ann', name: 'Ann', text: `${daysAgo} days ago`, replyTo: null, mentions: [], admin: false, createdAt: NOW.getTime() - daysAgo * DAY_MS });

  it('prunes messages past retention with their reactions and events; newer ones, the head and live names stay', async () => {
    const old = await write(31);
    const recent = await write(29);
    if (!old || !recent) throw new Error('not written');
    await repo.setReaction(old.id, { key: 'bob', name: 'Bob' }, '🔥', true, NOW.getTime());
    await repo.setReaction(recent.id, { key: 'bob', name: 'Bob' }, '🔥', true, NOW.getTime());
    await repo.claimName('ann', 'Ann', { previousKey: null, expiresAt: new Date(NOW.getTime() + DAY_MS), now: NOW });
    await repo.claimName('gone', 'Gone', { previousKey: null, expiresAt: new Date(NOW.getTime() - 1), now: new Date(NOW.getTime() - DAY_MS) });

    expect(await repo.prune(NOW.getTime() - 30 * DAY_MS, NOW)).toBe(1);
    expect((await repo.page(undefined, 100)).map((message) => message.text)).toEqual(['29 days ago']);
    expect((await repo.eventsAfter(0, 100)).map((logged) => logged.seq)).toEqual([2, 4]);
    expect(await store.db.selectFrom('chat_reaction').select('message_id').execute()).toEqual([{ message_id: recent.id }]);
    expect(await repo.head()).toBe(4);
    expect(await repo.liveNamesWithKeys(['ann', 'gone'], NOW)).toEqual(['Ann']);
    expect(await store.db.selectFrom('chat_name').select('name').execute()).toEqual([{ name: 'Ann' }]);
  });

  it('reads the live names under the keys asked for, and no other', async () => {
    const day = new Date(NOW.getTime() + DAY_MS);
    await repo.claimName('ann', 'Ann', { previousKey: null, expiresAt: day, now: NOW });
    await repo.claimName('bob', 'Bob', { previousKey: null, expiresAt: day, now: NOW });
    await repo.claimName('gone', 'Gone', { previousKey: null, expiresAt: new Date(NOW.getTime() - 1), now: new Date(NOW.getTime() - DAY_MS) });
    expect((await repo.liveNamesWithKeys(['ann', 'bob', 'gone', 'nobody'], NOW)).sort()).toEqual(['Ann', 'Bob']);
    expect(await repo.liveNamesWithKeys(['bob'], NOW)).toEqual(['Bob']);
    expect(await repo.liveNamesWithKeys([], NOW)).toEqual([]);
  });

  it('numbers concurrent writes gaplessly: every event one seq, none shared', async () => {
    const written = await Promise.all(Array.from({ length: 40 }, () => write(0)));
    const seqs = written.map((message) => message?.seq ?? 0).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
    expect(await repo.head()).toBe(40);
  });
});
