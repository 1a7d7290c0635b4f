import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { AnalyticsRepo } from '../src/store/analytics-repo.ts';
import * as knownShows from '../src/store/migrations/0007-analytics-known-shows.ts';
import { IcecastPoller } from '../src/stations/icecast-poller.ts';
import { ListenerRecorder } from '../src/stations/listener-recorder.ts';
import { STORE_KINDS, type TestStore } from './stores.ts';

const status = (live: number, hq: number) => ({
  icestats: {
    source: [
      { listeners: live, listenurl: 'http://ice:8000/live' },
      { listeners: hq, listenurl: 'http://ice:8000/live-hq' },
    ],
  },
});
const warnings: object[] = [];
const logger = { warn: (details: object) => warnings.push(details), info: () => undefined };

describe.each(STORE_KINDS)('listener figures and retention on $kind', ({ open }) => {
  let store: TestStore;
  let repo: AnalyticsRepo;
  beforeEach(async () => {
    store = await open();
    repo = new AnalyticsRepo(store.db);
  });
  afterEach(async () => {
    await store.dispose();
  });

  const minutes = () => store.db.selectFrom('listener_minute').selectAll().orderBy('minute').execute();

  it("keeps the highest reading of each minute of the station's mounts", async () => {
    let now = new Date('2026-11-23T20:00:05Z');
    const recorder = new ListenerRecorder(
      repo,
      ['https://radio.example/live', 'https://radio.example/live-hq'],
      () => now,
      logger,
    );
    for (const [at, live, hq] of [
      ['2026-11-23T20:00:05Z', 4, 1],
      ['2026-11-23T20:00:10Z', 9, 3],
      ['2026-11-23T20:00:15Z', 2, 0],
      ['2026-11-23T20:01:00Z', 2, 0],
    ] as const) {
      now = new Date(at);
      await recorder.record(status(live, hq));
    }
    expect((await minutes()).map((row) => [row.minute, Number(row.listeners)])).toEqual([
      ['2026-11-23T20:00', 12],
      ['2026-11-23T20:01', 2],
    ]);
    expect(warnings).toEqual([]);
  });

  it('records what the now-playing poller reads from Icecast', async () => {
    const now = new Date('2026-11-23T21:30:00Z');
    const recorder = new ListenerRecorder(repo, ['/live', '/live-hq'], () => now, logger);
    let recorded: Promise<void> = Promise.resolve();
    const poller = new IcecastPoller({
      fetchStatus: async () =>
        Response.json({ icestats: { source: { ...status(5, 0).icestats.source[0], title: 'A - B' } } }),
      onStatus: (body) => {
        recorded = recorder.record(body);
      },
    });
    await poller.poll();
    await recorded;
    expect(await minutes()).toEqual([{ minute: '2026-11-23T21:30', listeners: 5 }]);
  });

  it('averages and peaks listeners by day and by hour of the station week', async () => {
    await repo.recordListeners(10, new Date('2026-11-23T20:00:00Z'));
    await repo.recordListeners(20, new Date('2026-11-23T20:01:00Z'));
    await repo.recordListeners(3, new Date('2026-11-22T08:00:00Z'));
    const insights = await repo.insights(7, new Date('2026-11-23T21:00:00Z'), 'Europe/Dublin');
    expect(insights.listeners).toEqual({
      peak: 20,
      average: 11,
      byDay: [
        { day: '2026-11-22', peak: 3, average: 3 },
        { day: '2026-11-23', peak: 20, average: 15 },
      ],
      byHourOfWeek: [
        { weekday: 'Monday', hour: 20, average: 15, peak: 20 },
        { weekday: 'Sunday', hour: 8, average: 3, peak: 3 },
      ],
    });
  });

  it('deletes counts and samples older than 90 days', async () => {
    const now = new Date('2026-11-23T12:00:00Z');
    await repo.recordListeners(5, new Date('2026-08-24T23:59:00Z'));
    await repo.recordListeners(6, new Date('2026-08-25T00:00:00Z'));
    await store.db
      .insertInto('analytics_event_day')
      .values([
        {
          day: '2026-08-24',
          name: 'chat_close',
          platform: 'pwa',
          browser: 'Chrome',
          os: 'Android',
          device: 'mobile',
          count: 1,
        },
        {
          day: '2026-08-25',
          name: 'chat_close',
          platform: 'pwa',
          browser: 'Chrome',
          os: 'Android',
          device: 'mobile',
          count: 1,
        },
      ])
      .execute();
    await repo.prune(now);
    expect((await minutes()).map((row) => row.minute)).toEqual(['2026-08-25T00:00']);
    expect(
      (await store.db.selectFrom('analytics_event_day').select('day').execute()).map((row) => row.day),
    ).toEqual(['2026-08-25']);
  });

  it('forgets a show that left the week more than 90 days ago once no count is under its id', async () => {
    await store.db
      .insertInto('schedule_show')
      .values([
        { show_id: 'A-Counted', name: 'Counted — A', left_day: '2026-08-24' },
        { show_id: 'B-Gone', name: 'Gone — B', left_day: '2026-08-24' },
        { show_id: 'C-On air', name: 'On air — C', left_day: null },
        { show_id: 'D-Recent', name: 'Recent — D', left_day: '2026-08-25' },
      ])
      .execute();
    await store.db
      .insertInto('analytics_param_day')
      .values({ day: '2026-08-25', name: 'show_favorited', param: 'show_id', value: 'A-Counted', count: 1 })
      .execute();
    await repo.prune(new Date('2026-11-23T12:00:00Z'));
    const kept = await store.db.selectFrom('schedule_show').select('show_id').orderBy('show_id').execute();
    expect(kept.map((row) => row.show_id)).toEqual(['A-Counted', 'C-On air', 'D-Recent']);
    // A day later its last count goes, and the show with it (as does D, now 91 days gone).
    await repo.prune(new Date('2026-11-24T12:00:00Z'));
    const left = await store.db.selectFrom('schedule_show').select('show_id').orderBy('show_id').execute();
    expect(left.map((row) => row.show_id)).toEqual(['C-On air']);
  });

  it('drops, on the upgrade that names shows from the schedule, the counts of names clients sent', async () => {
    const untyped = store.db as unknown as Kysely<unknown>;
    await knownShows.down(untyped);
    const row = { day: '2026-11-23', name: 'show_favorited', count: 3 };
    await store.db
      .insertInto('analytics_param_day')
      .values([
        {
          ...row,
          param: 'show_name',
          value: 'Your admin password expired: sign in at https://evil.example/onair',
        },
        { ...row, param: 'show_id', value: 'Aoife-Early Doors' },
      ])
      .execute();
    await knownShows.up(untyped);
    const left = await store.db.selectFrom('analytics_param_day').select(['param', 'value']).execute();
    expect(left).toEqual([{ param: 'show_id', value: 'Aoife-Early Doors' }]);
  });
});
