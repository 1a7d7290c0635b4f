import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pushMessageSchema, WEEKDAYS, type NotificationSettings, type PushMessage } from '@onair/core';
import { readyEpisodes } from '../src/archive/episodes.ts';
import type { PushSchedulerOptions } from '../src/push/push-scheduler.ts';
import type { PushSetup } from '../src/push/push-setup.ts';
import { setUpTestPush } from './test-push-side.ts';
import { ArchiveRepo } from '../src/store/archive-repo.ts';
import { ScheduleRepo } from '../src/store/schedule-repo.ts';
import { PushReceiver, TestBrowser } from './push-receiver.ts';
import { STORE_KINDS, type TestStore } from './stores.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const ARCHIVE = { episodes: true, excludeShows: [] as string[], publicDays: null };
const SLOT_START = Date.parse('2026-06-01T18:00:00Z');
const SLOT_END = SLOT_START + 2 * HOUR_MS;
const preferences = (patch: Partial<NotificationSettings>): NotificationSettings => ({
  enabled: true,
  showScheduleReminders: false,
  showNewShowAlerts: false,
  showNewEpisodeAlerts: true,
  favoriteShows: ['Seán-Deep Dublin'],
  reminderTime: 15,
  ...patch,
});

describe.each(STORE_KINDS)('New-episode pushes on $kind', ({ open }) => {
  let store: TestStore;
  let receiver: PushReceiver;
  let archive: ArchiveRepo;
  let clock: Date;
  const instances: PushSetup[] = [];

  beforeEach(async () => {
    store = await open();
    receiver = await PushReceiver.start();
    archive = new ArchiveRepo(store.db);
  });
  afterEach(async () => {
    await Promise.all(instances.splice(0).map((instance) => instance.scheduler.stop()));
    await receiver.close();
    await store.dispose();
  });

  /** One server instance's push side over the shared store, asking the archive in that store for episodes. */
  const startInstance = async (
    archiveConfig = ARCHIVE,
    episodes: PushSchedulerOptions['readyEpisodes'] = (fromMs, toMs) =>
      readyEpisodes(archive, archiveConfig, fromMs, toMs),
  ) => {
    const instance = await setUpTestPush(store.db, {
      now: () => clock,
      transport: receiver.transport,
      readyEpisodes: episodes,
    });
    instances.push(instance);
    return instance;
  };
  const subscribe = async (instance: PushSetup, name: string, patch: Partial<NotificationSettings> = {}) => {
    const browser = new TestBrowser(`https://fcm.googleapis.com/fcm/send/${name}`);
    await instance.pushes.saveSubscription(browser.subscription, preferences(patch), undefined, clock);
    return browser;
  };
  /** A recorded airing of `show`: its episode and one chunk of audio under it. */
  const recordEpisode = async (id: string, show: string, hidden = false) => {
    await archive.addChunk({
      id: `chunk-${id}`,
      startsAt: SLOT_START,
      endsAt: SLOT_END,
      frames: 10,
      bytes: 6_000,
      sampleRate: 44_100,
      samplesPerFrame: 1_152,
      bitrateKbps: 192,
      open: false,
    });
    await archive.addEpisode({
      id,
      show,
      showSlug: show.toLowerCase().replaceAll(' ', '-'),
      artist: 'Seán',
      genre: 'House',
      image: '/images/shows/Sean_400.jpg',
      slotStartsAt: SLOT_START,
      slotEndsAt: SLOT_END,
      startsAt: SLOT_START,
      endsAt: SLOT_END,
      hidden,
    });
  };
  const messages = (browser: TestBrowser): PushMessage[] =>
    receiver
      .receivedFor(browser.subscription.endpoint)
      .map((push) => pushMessageSchema.parse(JSON.parse(browser.decrypt(push.body))));

  it('announces a favourite show’s episode once it is ready, once, to each opted-in fan only', async () => {
    clock = new Date(SLOT_START);
    const instance = await startInstance();
    const fan = await subscribe(instance, 'fan');
    const optedOut = await subscribe(instance, 'opted-out', { showNewEpisodeAlerts: false });
    const switchedOff = await subscribe(instance, 'switched-off', { enabled: false });
    const otherShow = await subscribe(instance, 'other-show', { favoriteShows: ['Aoife-Night Moves'] });
    await recordEpisode('00000000000000aa', 'Deep Dublin');

    // While the show is on air the episode is still recording: nothing yet.
    clock = new Date(SLOT_END - MINUTE_MS);
    await instance.scheduler.tick();
    expect(receiver.received).toHaveLength(0);

    for (const at of [SLOT_END, SLOT_END + MINUTE_MS, SLOT_END + HOUR_MS]) {
      clock = new Date(at);
      await instance.scheduler.tick();
    }
    expect(messages(fan)).toEqual([
      {
        notification: {
          title: 'New episode: Deep Dublin',
          body: 'Seán · Listen again now',
          icon: '/images/icon-192.png',
          image: '/images/shows/Sean_400.jpg',
        },
        data: { link: '/episodes/00000000000000aa', analyticsLabel: 'new_episode' },
      },
    ]);
    for (const browser of [optedOut, switchedOff, otherShow]) expect(messages(browser)).toEqual([]);
  });

  it('sends each fan one push however many instances tick together (the outbox claim)', async () => {
    clock = new Date(SLOT_START);
    const all = await Promise.all([startInstance(), startInstance(), startInstance()]);
    const fans = await Promise.all(
      ['a', 'b', 'c', 'd'].map((name) => subscribe(all[0] as PushSetup, `many-${name}`)),
    );
    await recordEpisode('00000000000000bb', 'Deep Dublin');
    clock = new Date(SLOT_END + MINUTE_MS);
    await Promise.all(all.map((instance) => instance.scheduler.tick()));
    await Promise.all(all.map((instance) => instance.scheduler.tick()));
    for (const fan of fans)
      expect(messages(fan).map((m) => m.data.link)).toEqual(['/episodes/00000000000000bb']);
    expect(receiver.received).toHaveLength(fans.length);
  });

  it('announces no hidden episode, none of an unpublished show, none without audio, and no old news', async () => {
    clock = new Date(SLOT_START);
    const instance = await startInstance({ ...ARCHIVE, excludeShows: ['Syndicated'] });
    await subscribe(instance, 'everything', {
      favoriteShows: ['Seán-Deep Dublin', 'Seán-Syndicated', 'Seán-Silent'],
    });
    await recordEpisode('00000000000000cc', 'Deep Dublin', true);
    await recordEpisode('00000000000000dd', 'Syndicated');
    await archive.addEpisode({
      id: '00000000000000ee',
      show: 'Silent',
      showSlug: 'silent',
      artist: 'Seán',
      genre: 'House',
      image: '',
      slotStartsAt: SLOT_END + HOUR_MS,
      slotEndsAt: SLOT_END + 2 * HOUR_MS,
      startsAt: SLOT_END + HOUR_MS,
      endsAt: SLOT_END + 2 * HOUR_MS,
      hidden: false,
    });
    clock = new Date(SLOT_END + 3 * HOUR_MS);
    await instance.scheduler.tick();
    expect(receiver.received).toHaveLength(0);

    // A ready episode the server first looks at a day later (it was down) is no longer news.
    await archive.hideEpisode('00000000000000cc', false);
    clock = new Date(SLOT_END + 24 * HOUR_MS);
    await instance.scheduler.tick();
    expect(receiver.received).toHaveLength(0);
  });

  it('an archive that cannot answer holds up no reminder', async () => {
    clock = new Date('2026-01-05T00:00:00Z');
    await new ScheduleRepo(store.db).seedIfEmpty(
      WEEKDAYS.map((day) => ({
        day,
        shows:
          day === 'Monday'
            ? [{ time: '6pm - 8pm', artist: 'Seán', show: 'Deep Dublin', genre: 'House', image: '' }]
            : [],
      })),
      clock,
    );
    const instance = await startInstance(ARCHIVE, () => Promise.reject(new Error('the store is down')));
    const fan = await subscribe(instance, 'reminded', { showScheduleReminders: true });
    clock = new Date('2026-01-05T17:45:00Z');
    await instance.scheduler.tick();
    expect(messages(fan).map((message) => message.notification.title)).toEqual([
      'Deep Dublin starts in 15 minutes',
    ]);
  });
});
