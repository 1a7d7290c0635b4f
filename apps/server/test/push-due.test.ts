import { Migrator, type KyselyPlugin } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  WEEKDAYS,
  pushMessageSchema,
  type NotificationSettings,
  type Schedule,
  type ShowSlot,
} from '@onair/core';
import type { PushSetup } from '../src/push/push-setup.ts';
import { setUpTestPush } from './test-push-side.ts';
import { migrations } from '../src/store/migrations/index.ts';
import { PushRepo, endpointHash } from '../src/store/push-repo.ts';
import { ScheduleRepo } from '../src/store/schedule-repo.ts';
import { PushReceiver, TestBrowser } from './push-receiver.ts';
import { STORE_KINDS, type TestStore } from './stores.ts';

const show = (time: string, name: string): ShowSlot => ({
  time,
  artist: 'Seán',
  show: name,
  genre: 'House',
  image: '',
});
// Monday 5 January 2026 is GMT: Deep Dublin starts at 18:00Z, Half Past at 18:30Z.
const week: Schedule = WEEKDAYS.map((day) => ({
  day,
  shows:
    day === 'Monday'
      ? [show('6pm - 8pm', 'Deep Dublin'), show('6:30pm - 8pm', 'Half Past')]
      : day === 'Friday'
        ? [show('9am - 10am', 'Friday Morning')]
        : [],
}));
const settings = (
  favoriteShows: string[],
  more: Partial<NotificationSettings> = {},
): NotificationSettings => ({
  ...DEFAULT_NOTIFICATION_SETTINGS,
  enabled: true,
  favoriteShows,
  ...more,
});

describe.each(STORE_KINDS)('reminders read only the due subscribers on $kind', ({ open }) => {
  let store: TestStore;
  let receiver: PushReceiver;
  let instance: PushSetup;
  let clock: Date;
  let rowsRead = 0;

  beforeEach(async () => {
    store = await open();
    receiver = await PushReceiver.start();
    clock = new Date('2026-01-05T12:00:00Z');
    // Every row any query of the push side returns, as the store hands it over.
    const counter: KyselyPlugin = {
      transformQuery: ({ node }) => node,
      transformResult: async ({ result }) => {
        rowsRead += result.rows.length;
        return result;
      },
    };
    const db = store.db.withPlugin(counter);
    await new ScheduleRepo(db).seedIfEmpty(week, clock);
    instance = await setUpTestPush(db, { now: () => clock, transport: receiver.transport });
  });
  afterEach(async () => {
    await instance.scheduler.stop();
    await receiver.close();
    await store.dispose();
  });

  const subscribe = async (name: string, preferences: NotificationSettings) => {
    const browser = new TestBrowser(`https://fcm.googleapis.com/fcm/send/${name}`);
    await instance.pushes.saveSubscription(browser.subscription, preferences, undefined, clock);
    return browser;
  };
  const rowsReadByTick = async () => {
    rowsRead = 0;
    await instance.scheduler.tick();
    return rowsRead;
  };

  it('reads as many rows per tick with 40 subscribers not due as with 80', async () => {
    const due = await subscribe('due', settings(['Seán-Deep Dublin', 'Seán-Friday Morning']));
    const early = await subscribe('early', settings(['Seán-Half Past'], { reminderTime: 60 }));
    for (let index = 0; index < 40; index += 1)
      await subscribe(`quiet-${index}`, settings(['Seán-Friday Morning']));
    clock = new Date('2026-01-05T17:45:00Z');
    await instance.scheduler.tick();
    expect(receiver.receivedFor(due.subscription.endpoint)).toHaveLength(1);
    expect(receiver.receivedFor(early.subscription.endpoint)).toHaveLength(1);
    const withForty = await rowsReadByTick();

    for (let index = 40; index < 80; index += 1)
      await subscribe(`quiet-${index}`, settings(['Seán-Friday Morning', 'Seán-Half Past']));
    // Also not due at 17:45: Deep Dublin's listeners with reminders off, or a 5-minute reminder.
    await subscribe('reminders-off', settings(['Seán-Deep Dublin'], { showScheduleReminders: false }));
    await subscribe('disabled', settings(['Seán-Deep Dublin'], { enabled: false }));
    await subscribe('five-minutes', settings(['Seán-Deep Dublin'], { reminderTime: 5 }));
    expect(await rowsReadByTick()).toBe(withForty);
    // The schedule, and one row for each due subscriber and favourite.
    expect(withForty).toBe(1 + 2);
    expect(receiver.received).toHaveLength(2);
  });

  it('follows a changed favourite list, reminder time and unsubscribe', async () => {
    const pushes = new PushRepo(store.db);
    const browser = await subscribe('changing', settings(['Seán-Deep Dublin']));
    const hash = endpointHash(browser.subscription.endpoint);
    const dueAt1745 = new Map([
      [15, ['Seán-Deep Dublin']],
      [60, ['Seán-Deep Dublin', 'Seán-Half Past']],
    ]);
    expect(await pushes.dueFavorites(dueAt1745)).toEqual([
      { endpointHash: hash, favoriteId: 'Seán-Deep Dublin', reminderMinutes: 15, locale: null },
    ]);
    await subscribe('changing', settings(['Seán-Half Past']));
    expect(await pushes.dueFavorites(dueAt1745)).toEqual([]);
    await subscribe('changing', settings(['Seán-Half Past', 'Seán-Deep Dublin'], { reminderTime: 60 }));
    expect(await pushes.dueFavorites(dueAt1745)).toEqual([
      { endpointHash: hash, favoriteId: 'Seán-Deep Dublin', reminderMinutes: 60, locale: null },
      { endpointHash: hash, favoriteId: 'Seán-Half Past', reminderMinutes: 60, locale: null },
    ]);
    expect(await pushes.dueFavorites(new Map())).toEqual([]);
    await pushes.deleteSubscription(browser.subscription.endpoint);
    expect(await store.db.selectFrom('push_favorite').selectAll().execute()).toEqual([]);
  });

  it('queues the pushes of thousands of subscribers due at once (more values than one statement can bind)', async () => {
    const pushes = new PushRepo(store.db);
    const entries = Array.from({ length: 8_000 }, (_, index) => ({
      key: String(index).padStart(64, '0'),
      endpointHash: endpointHash(`https://fcm.googleapis.com/fcm/send/crowd-${index}`),
      kind: 'reminder' as const,
      payload: '{}',
      dueAt: clock,
      expiresAt: new Date(clock.getTime() + 900_000),
    }));
    await pushes.enqueue(entries, clock);
    await pushes.enqueue(entries.slice(0, 10), clock);
    const { count } = await store.db
      .selectFrom('push_outbox')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(8_000);
  });

  it('sends new-show alerts to exactly the subscribers who want them', async () => {
    const wants = await subscribe('wants', settings([]));
    await subscribe('declines', settings([], { showNewShowAlerts: false }));
    await subscribe('off', settings([], { enabled: false }));
    const withNew = week.map((entry) =>
      entry.day === 'Sunday' ? { ...entry, shows: [show('11pm - 2am', 'Night Moves')] } : entry,
    );
    await instance.scheduler.scheduleSaved({ data: week, version: 1 }, { data: withNew, version: 2 });
    expect(receiver.received.map((push) => push.endpoint)).toEqual([wants.subscription.endpoint]);
    expect(
      pushMessageSchema.parse(JSON.parse(wants.decrypt(receiver.received[0]?.body ?? Buffer.alloc(0))))
        .notification.title,
    ).toBe('New show: Night Moves');
  });
});

describe.each(STORE_KINDS)('migration 0009 on $kind', ({ open }) => {
  let store: TestStore;
  beforeEach(async () => {
    store = await open();
  });
  afterEach(async () => {
    await store.dispose();
  });

  it('indexes the stored subscriptions, cuts them to the limits and deletes those whose keys cannot encrypt', async () => {
    const migrator = new Migrator({
      db: store.db,
      provider: { getMigrations: async () => migrations },
      ...(store.pgSchema ? { migrationTableSchema: store.pgSchema } : {}),
    });
    const down = await migrator.migrateTo('0005-create-analytics');
    expect(down.error).toBeUndefined();
    const good = new TestBrowser('https://fcm.googleapis.com/fcm/send/good');
    const old = (endpoint: string, keys: { p256dh: string; auth: string }, preferences: string) => ({
      endpoint_hash: endpointHash(endpoint),
      endpoint,
      ...keys,
      preferences,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    });
    const hoard = Array.from({ length: 1_000 }, (_, index) => `Artist ${index}-Show`);
    const rows = [
      old(
        good.subscription.endpoint,
        good.subscription.keys,
        JSON.stringify(settings(['Seán-Deep Dublin', 'x'.repeat(450)], { reminderTime: 30 })),
      ),
      old(
        'https://fcm.googleapis.com/fcm/send/hoarder',
        new TestBrowser('https://fcm.googleapis.com/fcm/send/hoarder').subscription.keys,
        JSON.stringify(settings(hoard, { showNewShowAlerts: false })),
      ),
      old(
        'https://fcm.googleapis.com/fcm/send/broken-json',
        new TestBrowser('https://fcm.googleapis.com/fcm/send/broken-json').subscription.keys,
        '{',
      ),
      old(
        'https://fcm.googleapis.com/fcm/send/junk',
        { p256dh: 'A'.repeat(87), auth: 'A'.repeat(22) },
        JSON.stringify(settings(['Seán-Deep Dublin'])),
      ),
      old(
        'https://fcm.googleapis.com/fcm/send/long-auth',
        { p256dh: good.subscription.keys.p256dh, auth: 'A'.repeat(64) },
        JSON.stringify(settings([])),
      ),
    ];
    // The table as migration 0004 made it (the Database type already has 0009's columns).
    await store.db
      .insertInto('push_subscription')
      .values(rows as never)
      .execute();
    await store.db
      .insertInto('push_outbox')
      .values({
        key: 'k'.repeat(64),
        endpoint_hash: endpointHash('https://fcm.googleapis.com/fcm/send/junk'),
        kind: 'reminder',
        payload: '{}',
        status: 'pending',
        attempts: 0,
        next_attempt_at: '2026-01-05T17:45:00.000Z',
        expires_at: '2026-01-05T18:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      })
      .execute();

    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    const stored = await store.db
      .selectFrom('push_subscription')
      .select(['endpoint', 'reminders_on', 'reminder_minutes', 'new_show_alerts', 'preferences'])
      .orderBy('endpoint')
      .execute();
    expect(stored.map(({ preferences: _text, ...columns }) => columns)).toEqual([
      {
        endpoint: 'https://fcm.googleapis.com/fcm/send/broken-json',
        reminders_on: 0,
        reminder_minutes: 15,
        new_show_alerts: 0,
      },
      { endpoint: good.subscription.endpoint, reminders_on: 1, reminder_minutes: 30, new_show_alerts: 1 },
      {
        endpoint: 'https://fcm.googleapis.com/fcm/send/hoarder',
        reminders_on: 1,
        reminder_minutes: 15,
        new_show_alerts: 0,
      },
    ]);
    expect(JSON.parse(stored[1]?.preferences ?? '').favoriteShows).toEqual(['Seán-Deep Dublin']);
    const favourites = await store.db
      .selectFrom('push_favorite')
      .select(['endpoint_hash', 'favorite_id'])
      .execute();
    expect(
      favourites
        .filter((row) => row.endpoint_hash === endpointHash(good.subscription.endpoint))
        .map((row) => row.favorite_id),
    ).toEqual(['Seán-Deep Dublin']);
    expect(
      favourites.filter(
        (row) => row.endpoint_hash === endpointHash('https://fcm.googleapis.com/fcm/send/hoarder'),
      ),
    ).toHaveLength(336);
    expect(await store.db.selectFrom('push_outbox').selectAll().execute()).toEqual([]);
  });
});
