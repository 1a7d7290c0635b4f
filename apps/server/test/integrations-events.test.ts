import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WEEKDAYS, type IntegrationEvent, type NowPlaying, type Schedule } from '@onair/core';
import { StationEvents } from '../src/integrations/station-events.ts';
import { IntegrationsRepo } from '../src/store/integrations-repo.ts';
import { ScheduleRepo } from '../src/store/schedule-repo.ts';
import { STORE_KINDS, type TestStore } from './stores.ts';

const MONDAY_1830 = new Date('2026-11-23T18:30:00.000Z'); // Europe/Dublin is UTC in November
const schedule: Schedule = WEEKDAYS.map((day) => ({
  day,
  shows:
    day === 'Monday'
      ? [
          { time: '6pm - 7pm', artist: 'Grace Kavanagh', show: 'Tea Time', genre: 'Soul', image: '' },
          { time: '7pm - 9pm', artist: 'Seán', show: 'Deep Dublin', genre: 'House', image: '' },
        ]
      : [],
}));

describe.each(STORE_KINDS)(
  'station events are raised once per station, however many instances watch, on $kind',
  ({ open }) => {
    let store: TestStore;
    let repo: IntegrationsRepo;
    let clock: Date;
    let instances: StationEvents[];
    beforeEach(async () => {
      store = await open();
      repo = new IntegrationsRepo(store.db);
      clock = MONDAY_1830;
      const schedules = new ScheduleRepo(store.db);
      await schedules.seedIfEmpty(schedule, clock);
      await repo.create(
        {
          name: 'all',
          kind: 'webhook',
          events: [
            'track.changed',
            'show.started',
            'show.ended',
            'station.offline',
            'station.online',
            'listeners.peak',
            'episode.ready',
          ],
          enabled: true,
          settings: { url: 'https://hooks.example.com' },
          secrets: {},
        },
        clock,
      );
      const options = {
        repo,
        schedules,
        timeZone: 'Europe/Dublin',
        now: () => clock,
        logger: pino({ level: 'silent' }),
        appLink: 'https://radio.example',
        onRaised: () => undefined,
      };
      // Two server instances on one store.
      instances = [new StationEvents(options), new StationEvents(options)];
    });
    afterEach(async () => {
      await Promise.all(instances.map((instance) => instance.stop()));
      await store.dispose();
    });

    const idle = () => Promise.all(instances.map((instance) => instance.idle()));
    const queued = async () => {
      const rows = await store.db
        .selectFrom('integration_delivery')
        .select(['payload', 'next_attempt_at'])
        .orderBy('created_at')
        .orderBy('event_type')
        .execute();
      return rows.map((row) => ({
        event: JSON.parse(row.payload) as IntegrationEvent,
        dueAt: row.next_attempt_at,
      }));
    };
    const track = (title: string, updatedAt: string): NowPlaying => ({
      title,
      artist: 'Band',
      album: '',
      artwork: '',
      updatedAt,
    });

    it('track.changed: once for a change both instances see, with the show on air, due when listeners hear it', async () => {
      for (const instance of instances) instance.trackChanged(track('Song A', '2026-11-23T18:30:00.000Z'));
      await idle();
      for (const instance of instances) instance.trackChanged(track('Song A', '2026-11-23T18:30:00.400Z'));
      await idle();
      const events = await queued();
      expect(events).toHaveLength(1);
      expect(events[0]?.dueAt).toBe('2026-11-23T18:30:05.000Z');
      expect(events[0]?.event).toMatchObject({
        type: 'track.changed',
        data: {
          title: 'Song A',
          artist: 'Band',
          startedAt: '2026-11-23T18:30:00.000Z',
          heardAt: '2026-11-23T18:30:05.000Z',
          show: {
            name: 'Tea Time',
            artist: 'Grace Kavanagh',
            genre: 'Soul',
            link: 'https://radio.example/schedule',
            day: 'Monday',
            time: '6pm - 7pm',
          },
        },
      });
      instances[1]?.trackChanged(track('Song B', '2026-11-23T18:33:00.000Z'));
      await idle();
      expect((await queued()).map(({ event }) => (event.data as { title: string }).title)).toEqual([
        'Song A',
        'Song B',
      ]);
    });

    it('track.changed respects the post-rate setting: at most one track post per interval', async () => {
      const [integration] = await repo.list();
      await repo.update(
        integration?.id ?? '',
        { settings: { url: 'https://hooks.example.com', minPostIntervalMinutes: 10 } },
        clock,
      );
      instances[0]?.trackChanged(track('One', '2026-11-23T18:30:00.000Z'));
      await idle();
      clock = new Date(MONDAY_1830.getTime() + 5 * 60_000);
      instances[0]?.trackChanged(track('Two', '2026-11-23T18:35:00.000Z'));
      await idle();
      clock = new Date(MONDAY_1830.getTime() + 11 * 60_000);
      instances[0]?.trackChanged(track('Three', '2026-11-23T18:41:00.000Z'));
      await idle();
      expect((await queued()).map(({ event }) => (event.data as { title: string }).title)).toEqual([
        'One',
        'Three',
      ]);
    });

    it('show.started and show.ended follow the schedule in the station zone, once', async () => {
      await Promise.all(instances.map((instance) => instance.checkShows()));
      clock = new Date('2026-11-23T19:00:30.000Z');
      await Promise.all(instances.map((instance) => instance.checkShows()));
      clock = new Date('2026-11-23T21:00:30.000Z');
      await Promise.all(instances.map((instance) => instance.checkShows()));
      const events = (await queued()).map(
        ({ event }) => `${event.type} ${(event.data as { show: { name: string } }).show.name}`,
      );
      expect(events.sort()).toEqual([
        'show.ended Deep Dublin',
        'show.ended Tea Time',
        'show.started Deep Dublin',
        'show.started Tea Time',
      ]);
    });

    it('station.offline after the source is gone 60 s, station.online after it is back 60 s, once each', async () => {
      const see = (online: boolean, seconds: number) => {
        clock = new Date(MONDAY_1830.getTime() + seconds * 1_000);
        for (const instance of instances) instance.sourceSeen(online);
      };
      see(true, 0);
      see(false, 10);
      see(false, 69);
      await idle();
      expect(await queued()).toEqual([]);
      see(false, 70);
      see(false, 71);
      await idle();
      see(true, 80);
      see(true, 139);
      await idle();
      expect((await queued()).map(({ event }) => event)).toEqual([
        {
          type: 'station.offline',
          timestamp: '2026-11-23T18:31:10.000Z',
          data: { since: '2026-11-23T18:30:10.000Z' },
        },
      ]);
      see(true, 140);
      await idle();
      expect((await queued()).map(({ event }) => event.type)).toEqual(['station.offline', 'station.online']);
    });

    it('listeners.peak: a new high of the day, at most once an hour', async () => {
      const count = (listeners: number, minutes: number) => {
        clock = new Date(MONDAY_1830.getTime() + minutes * 60_000);
        for (const instance of instances) instance.listenersCounted(listeners);
      };
      count(10, 0);
      await idle();
      count(20, 30);
      await idle();
      count(15, 61);
      await idle();
      count(25, 62);
      await idle();
      expect((await queued()).map(({ event }) => (event.data as { listeners: number }).listeners)).toEqual([
        10, 25,
      ]);
    });

    it('episode.ready: once per episode that has finished recording, with its link, however often it is reported', async () => {
      const episode = (id: string, show: string, slotStartsAt: string, endsAt: string) => ({
        id,
        show,
        showSlug: show.toLowerCase().replaceAll(' ', '-'),
        artist: 'Grace Kavanagh',
        genre: 'Soul',
        image: '',
        slotStartsAt: Date.parse(slotStartsAt),
        endsAt: Date.parse(endsAt),
      });
      const teaTime = episode('ep1', 'Tea Time', '2026-11-23T18:00:00.000Z', '2026-11-23T19:00:00.000Z');
      // Recorded under a slot the schedule no longer has, and long over: not announced on a first start.
      const old = episode('ep0', 'Gone Show', '2026-11-23T10:00:00.000Z', '2026-11-23T11:00:00.000Z');
      const later = episode('ep2', 'Gone Show', '2026-11-23T19:00:00.000Z', '2026-11-23T19:30:00.000Z');
      clock = new Date('2026-11-23T19:00:20.000Z');
      for (const instance of instances) instance.episodesReady([old, teaTime]);
      await idle();
      for (const instance of instances) instance.episodesReady([teaTime]);
      await idle();
      clock = new Date('2026-11-23T19:30:20.000Z');
      for (const instance of instances) instance.episodesReady([teaTime, later]);
      await idle();
      expect((await queued()).map(({ event }) => event)).toEqual([
        {
          type: 'episode.ready',
          timestamp: '2026-11-23T19:00:20.000Z',
          data: {
            title: 'Tea Time',
            link: 'https://radio.example/episodes/ep1',
            show: {
              name: 'Tea Time',
              artist: 'Grace Kavanagh',
              genre: 'Soul',
              image: 'https://radio.example/images/shows/Grace_Kavanagh_400.jpg',
              link: 'https://radio.example/schedule',
              day: 'Monday',
              time: '6pm - 7pm',
            },
          },
        },
        {
          type: 'episode.ready',
          timestamp: '2026-11-23T19:30:20.000Z',
          data: {
            title: 'Gone Show',
            link: 'https://radio.example/episodes/ep2',
            show: {
              name: 'Gone Show',
              artist: 'Grace Kavanagh',
              genre: 'Soul',
              image: '',
              link: 'https://radio.example/shows/gone-show',
              day: '',
              time: '',
            },
          },
        },
      ]);
    });
  },
);
