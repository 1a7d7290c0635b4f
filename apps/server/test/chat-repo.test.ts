import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChatRepo } from '../src/store/chat-repo.ts';
import * as tidyChatReactions from '../src/store/migrations/0008-tidy-chat-reactions.ts';
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
    repo.insertMessage({
      id: randomUUID(),
      chatterKey: 'ann',
      name: 'Ann',
      text: `${daysAgo} days ago`,
      replyTo: null,
      mentions: [],
      admin: false,
      createdAt: NOW.getTime() - daysAgo * DAY_MS,
    });

  it('prunes messages past retention with their reactions and events; newer ones, the head and live names stay', async () => {
    const old = await write(31);
    const recent = await write(29);
    if (!old || !recent) throw new Error('not written');
    await repo.setReaction(old.id, { key: 'bob', name: 'Bob' }, '🔥', true, NOW.getTime());
    await repo.setReaction(recent.id, { key: 'bob', name: 'Bob' }, '🔥', true, NOW.getTime());
    await repo.claimName('ann', 'Ann', {
      holder: 'person-ann',
      previousKey: null,
      expiresAt: new Date(NOW.getTime() + DAY_MS),
      now: NOW,
    });
    await repo.claimName('gone', 'Gone', {
      holder: 'person-gone',
      previousKey: null,
      expiresAt: new Date(NOW.getTime() - 1),
      now: new Date(NOW.getTime() - DAY_MS),
    });

    expect(await repo.prune(NOW.getTime() - 30 * DAY_MS, NOW)).toBe(1);
    expect((await repo.page(undefined, 100)).map((message) => message.text)).toEqual(['29 days ago']);
    expect((await repo.eventsAfter(0, 100)).map((logged) => logged.seq)).toEqual([2, 4]);
    expect(await store.db.selectFrom('chat_reaction').select('message_id').execute()).toEqual([
      { message_id: recent.id },
    ]);
    expect(await repo.head()).toBe(4);
    expect(await repo.liveNamesWithKeys(['ann', 'gone'], NOW)).toEqual(['Ann']);
    expect(await store.db.selectFrom('chat_name').select('name').execute()).toEqual([{ name: 'Ann' }]);
  });

  it('migration 0008 tidies reactions stored before the RGI rule and the caps, and tells resuming clients', async () => {
    const message = await write(0);
    const other = await write(0);
    if (!message || !other) throw new Error('not written');
    let seq = 100;
    const give = (messageId: string, chatter: string, emoji: string) =>
      store.db
        .insertInto('chat_reaction')
        .values({ message_id: messageId, chatter_key: chatter, name: chatter, emoji, seq: (seq += 1) })
        .execute();
    await give(message.id, 'ann', '👍\uFE0F');
    await give(message.id, 'ann', '👍');
    await give(message.id, 'ann', Array.from({ length: 8 }, () => '😀').join('\u200D'));
    await give(message.id, 'bob', '\u2764');
    for (let index = 0; index < 4; index += 1)
      await give(message.id, 'cian', String.fromCodePoint(0x1f400 + index));
    for (let index = 0; index < 30; index += 1)
      await give(message.id, `fan${index}`, String.fromCodePoint(0x1f500 + index));
    await give(other.id, 'ann', '🔥');
    const head = await repo.head();
    // A migration sees the store untyped, as the migrator hands it.
    const migrate = () => tidyChatReactions.up(store.db as unknown as Kysely<unknown>);

    await migrate();
    const [tidied, untouched] = await repo.page(undefined, 2);
    expect(tidied?.reactions.map((reaction) => [reaction.emoji, reaction.names])).toEqual([
      ['👍', ['ann']],
      ['❤️', ['bob']],
      ...[0, 1, 2].map((index) => [String.fromCodePoint(0x1f400 + index), ['cian']]),
      ...Array.from({ length: 15 }, (_, index) => [String.fromCodePoint(0x1f500 + index), [`fan${index}`]]),
    ]);
    expect(untouched?.reactions).toEqual([{ emoji: '🔥', names: ['ann'] }]);
    expect(await repo.head()).toBe(head + 1);
    expect((await repo.eventsAfter(head, 10)).map(({ event }) => event)).toEqual([
      { type: 'reactions', messageId: message.id, reactions: tidied?.reactions },
    ]);
    // Run again on tidy reactions: nothing changes, no event.
    await migrate();
    expect(await repo.head()).toBe(head + 1);
  });

  it('reads the live names under the keys asked for, and no other', async () => {
    const day = new Date(NOW.getTime() + DAY_MS);
    await repo.claimName('ann', 'Ann', { holder: 'someone', previousKey: null, expiresAt: day, now: NOW });
    await repo.claimName('bob', 'Bob', { holder: 'someone', previousKey: null, expiresAt: day, now: NOW });
    await repo.claimName('gone', 'Gone', {
      holder: 'someone',
      previousKey: null,
      expiresAt: new Date(NOW.getTime() - 1),
      now: new Date(NOW.getTime() - DAY_MS),
    });
    expect((await repo.liveNamesWithKeys(['ann', 'bob', 'gone', 'nobody'], NOW)).sort()).toEqual([
      'Ann',
      'Bob',
    ]);
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

describe('ChatRepo on postgres, writers racing', () => {
  const postgres = STORE_KINDS.find((kind) => kind.kind === 'postgres');
  let store: TestStore;
  let repo: ChatRepo;
  beforeEach(async () => {
    if (!postgres) throw new Error('no PostgreSQL store kind');
    store = await postgres.open();
    repo = new ChatRepo(store.db);
  });
  afterEach(async () => {
    await store.dispose();
  });

  /** Backends of this database that wait, directly or behind another waiter, on backend `holder`. */
  const waitingOn = async (holder: number) => {
    const { rows } = await sql<{ waiting: number }>`
      with blocked as (select pid, pg_blocking_pids(pid) as by from pg_stat_activity)
      select count(*)::int as waiting from blocked
      where ${holder} = any(by) or exists (select 1 from blocked ahead where ahead.pid = any(blocked.by) and ${holder} = any(ahead.by))`.execute(
      store.db,
    );
    return rows[0]?.waiting ?? 0;
  };
  const until = async (what: string, condition: () => Promise<boolean>) => {
    for (let attempt = 0; !(await condition()); attempt += 1) {
      if (attempt === 1_000) throw new Error(`never: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  it("a reaction queued behind the admin's removal of its message finds it removed: no reaction on a tombstone, no event after it", async () => {
    const message = await repo.insertMessage({
      id: randomUUID(),
      chatterKey: 'ann',
      name: 'Ann',
      text: 'going',
      replyTo: null,
      mentions: [],
      admin: false,
      createdAt: NOW.getTime(),
    });
    if (!message) throw new Error('not written');
    // Another writer holds the log: the removal queues first, then the reaction. It locks the row
    // without updating it, so the queue stays in order (waiters on a row that was updated meanwhile
    // race for its new version instead).
    let release = () => {};
    let holder = 0;
    const held = store.db.transaction().execute(async (trx) => {
      await sql`select seq from chat_counter where id = 1 for update`.execute(trx);
      holder = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]?.pid ?? 0;
      await new Promise<void>((resolve) => (release = resolve));
    });
    await until('the log held', async () => holder !== 0);
    const removal = repo.removeMessage(message.id, NOW.getTime());
    await until('the removal waiting', async () => (await waitingOn(holder)) === 1);
    const reaction = repo.setReaction(message.id, { key: 'bob', name: 'Bob' }, '🔥', true, NOW.getTime());
    await until('the reaction waiting behind it', async () => (await waitingOn(holder)) === 2);
    release();
    await held;
    expect(await removal).toMatchObject({ seq: 2 });
    expect(await reaction).toBe('missing');
    expect(await store.db.selectFrom('chat_reaction').selectAll().execute()).toEqual([]);
    expect((await repo.eventsAfter(0, 10)).map(({ event }) => event.type)).toEqual(['message', 'deleted']);
  });

  it('four identical reactions at once store one and log one event, without an error', async () => {
    const message = await repo.insertMessage({
      id: randomUUID(),
      chatterKey: 'ann',
      name: 'Ann',
      text: 'tune',
      replyTo: null,
      mentions: [],
      admin: false,
      createdAt: NOW.getTime(),
    });
    if (!message) throw new Error('not written');
    const taps = await Promise.all(
      ['👍', '🔥', '🎉'].flatMap((emoji) =>
        Array.from({ length: 4 }, () =>
          repo.setReaction(message.id, { key: 'bob', name: 'Bob' }, emoji, true, NOW.getTime()),
        ),
      ),
    );
    expect(taps.filter((tap) => tap === 'unchanged')).toHaveLength(9);
    expect(await repo.head()).toBe(4);
    expect(await store.db.selectFrom('chat_reaction').select('emoji').orderBy('seq').execute()).toHaveLength(
      3,
    );
  });
});
