import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  REMINDER_OPTIONS_MINUTES,
  WEEKDAYS,
  pushMessageSchema,
  type Schedule,
  type ShowSlot,
  type Weekday,
} from '@onair/core';
import { PUSH_MAX_ATTEMPTS } from '../src/push/push-scheduler.ts';
import type { PushSetup } from '../src/push/push-setup.ts';
import { setUpTestPush } from './test-push-side.ts';
import type { PushTransport } from '../src/push/push-transport.ts';
import { ScheduleRepo } from '../src/store/schedule-repo.ts';
import { PushReceiver, TestBrowser } from './push-receiver.ts';
import { STORE_KINDS, type TestStore } from './stores.ts';

const slot = (time: string, show: string): ShowSlot => ({
  time,
  artist: 'Seán',
  show,
  genre: 'House',
  image: '',
});
const weekWith = (shows: Partial<Record<Weekday, ShowSlot[]>>): Schedule =>
  WEEKDAYS.map((day) => ({ day, shows: shows[day] ?? [] }));
const MINUTE_MS = 60_000;

describe.each(STORE_KINDS)('PushScheduler on $kind (Europe/Dublin)', ({ open }) => {
  let store: TestStore;
  let receiver: PushReceiver;
  let clock: Date;
  const instances: PushSetup[] = [];

  beforeEach(async () => {
    store = await open();
    receiver = await PushReceiver.start();
  });
  afterEach(async () => {
    await Promise.all(instances.splice(0).map((instance) => instance.scheduler.stop()));
    await receiver.close();
    await store.dispose();
  });

  /** One server instance's push side over the shared store: a restart is a new one. */
  const startInstance = async (transport: PushTransport = receiver.transport) => {
    const instance = await setUpTestPush(store.db, { now: () => clock, transport });
    instances.push(instance);
    return instance;
  };
  const subscribe = async (instance: PushSetup, name: string, favoriteShows: string[], reminderTime = 15) => {
    const browser = new TestBrowser(`https://fcm.googleapis.com/fcm/send/${name}`);
    await instance.pushes.saveSubscription(
      browser.subscription,
      {
        enabled: true,
        showScheduleReminders: true,
        showNewShowAlerts: true,
        showNewEpisodeAlerts: false,
        favoriteShows,
        reminderTime,
      },
      undefined,
      clock,
    );
    return browser;
  };
  /** Ticks once a minute from `from` to `to` (inclusive), as the timer would. */
  const tickEveryMinute = async (instance: PushSetup, from: string, to: string) => {
    for (let at = Date.parse(from); at <= Date.parse(to); at += MINUTE_MS) {
      clock = new Date(at);
      await instance.scheduler.tick();
    }
  };
  const titles = (browser: TestBrowser) =>
    receiver
      .receivedFor(browser.subscription.endpoint)
      .map((push) => pushMessageSchema.parse(JSON.parse(browser.decrypt(push.body))).notification.title);

  it('reminds at the station wall-clock time on both sides of the spring change', async () => {
    clock = new Date('2026-03-23T00:00:00Z');
    await new ScheduleRepo(store.db).seedIfEmpty(
      weekWith({ Monday: [slot('6pm - 8pm', 'Deep Dublin')] }),
      clock,
    );
    const instance = await startInstance();
    const browser = await subscribe(instance, 'spring', ['Seán-Deep Dublin']);
    // Monday 23 March is GMT: 18:00 local = 18:00Z, reminder 17:45Z.
    await tickEveryMinute(instance, '2026-03-23T17:40:00Z', '2026-03-23T17:50:00Z');
    expect(receiver.received.map((push) => push.headers.ttl)).toEqual([String(15 * 60)]);
    // Monday 30 March is IST (the clocks went forward on the 29th): 18:00 local = 17:00Z.
    await tickEveryMinute(instance, '2026-03-30T16:40:00Z', '2026-03-30T16:44:00Z');
    expect(receiver.received).toHaveLength(1);
    await tickEveryMinute(instance, '2026-03-30T16:45:00Z', '2026-03-30T17:50:00Z');
    expect(titles(browser)).toEqual(['Deep Dublin starts in 15 minutes', 'Deep Dublin starts in 15 minutes']);
  });

  it("reminds a Sunday '11pm - 2am' show on the autumn change day at 23:00 local, once", async () => {
    clock = new Date('2026-10-24T00:00:00Z');
    await new ScheduleRepo(store.db).seedIfEmpty(
      weekWith({ Sunday: [slot('11pm - 2am', 'Late Night')] }),
      clock,
    );
    const instance = await startInstance();
    const browser = await subscribe(instance, 'autumn', ['Seán-Late Night'], 60);
    // 25 October: IST ends at 02:00 local, so 23:00 local is 23:00Z and the reminder is due at 22:00Z.
    await tickEveryMinute(instance, '2026-10-25T20:55:00Z', '2026-10-25T21:59:00Z');
    expect(receiver.received).toHaveLength(0);
    await tickEveryMinute(instance, '2026-10-25T22:00:00Z', '2026-10-26T02:00:00Z');
    expect(titles(browser)).toEqual(['Late Night starts in 60 minutes']);
  });

  it.each(REMINDER_OPTIONS_MINUTES)(
    'with a %i-minute reminder, sends it at that many minutes before the start, not earlier',
    async (minutes) => {
      clock = new Date('2026-06-01T00:00:00Z');
      await new ScheduleRepo(store.db).seedIfEmpty(
        weekWith({ Wednesday: [slot('9:30am - 11am', 'Brunch')] }),
        clock,
      );
      const instance = await startInstance();
      const browser = await subscribe(instance, `option-${minutes}`, ['Seán-Brunch'], minutes);
      // Wednesday 3 June, 09:30 IST = 08:30Z.
      const due = Date.parse('2026-06-03T08:30:00Z') - minutes * MINUTE_MS;
      clock = new Date(due - 1);
      await instance.scheduler.tick();
      expect(receiver.received).toHaveLength(0);
      clock = new Date(due);
      await instance.scheduler.tick();
      clock = new Date(due + MINUTE_MS);
      await instance.scheduler.tick();
      expect(titles(browser)).toEqual([`Brunch starts in ${minutes} minutes`]);
    },
  );

  it('catches up after downtime with the minutes actually left, and never after the show started', async () => {
    clock = new Date('2026-06-01T00:00:00Z');
    await new ScheduleRepo(store.db).seedIfEmpty(
      weekWith({ Monday: [slot('10am - 11am', 'Morning'), slot('11am - 12pm', 'Late Morning')] }),
      clock,
    );
    const instance = await startInstance();
    const browser = await subscribe(instance, 'downtime', ['Seán-Morning', 'Seán-Late Morning']);
    // Down from before 08:45Z until 09:52Z: Morning (09:00Z) has started, Late Morning (10:00Z) has 8 minutes left.
    clock = new Date('2026-06-01T09:52:00Z');
    await instance.scheduler.tick();
    expect(titles(browser)).toEqual(['Late Morning starts in 8 minutes']);
  });

  it('sends exactly once when an instance dies in the middle of a send and another starts', async () => {
    clock = new Date('2026-01-05T00:00:00Z');
    await new ScheduleRepo(store.db).seedIfEmpty(
      weekWith({ Monday: [slot('6pm - 8pm', 'Deep Dublin')] }),
      clock,
    );
    let releaseDead: () => void = () => undefined;
    // The first instance's push reaches the receiver, then its process "dies" before hearing back.
    const dying = await startInstance(async (push) => {
      await receiver.transport(push);
      return new Promise((resolve) => {
        releaseDead = () => resolve({ status: 201 });
      });
    });
    const browser = await subscribe(dying, 'restart', ['Seán-Deep Dublin']);
    clock = new Date('2026-01-05T17:45:00Z');
    void dying.scheduler.tick();
    await expect.poll(() => receiver.received.length).toBe(1);

    const restarted = await startInstance();
    await tickEveryMinute(restarted, '2026-01-05T17:45:00Z', '2026-01-05T18:05:00Z');
    expect(titles(browser)).toEqual(['Deep Dublin starts in 15 minutes']);
    releaseDead();
  });

  it('does not send a queued retry after the listener turned reminders off', async () => {
    clock = new Date('2026-01-05T00:00:00Z');
    await new ScheduleRepo(store.db).seedIfEmpty(
      weekWith({ Monday: [slot('6pm - 8pm', 'Deep Dublin')] }),
      clock,
    );
    const instance = await startInstance();
    const browser = await subscribe(instance, 'changed-mind', ['Seán-Deep Dublin']);
    receiver.answer = () => ({ status: 503 });
    await tickEveryMinute(instance, '2026-01-05T17:45:00Z', '2026-01-05T17:45:00Z');
    await instance.pushes.saveSubscription(
      browser.subscription,
      {
        enabled: true,
        showScheduleReminders: false,
        showNewShowAlerts: true,
        showNewEpisodeAlerts: false,
        favoriteShows: ['Seán-Deep Dublin'],
        reminderTime: 15,
      },
      undefined,
      clock,
    );
    receiver.answer = () => ({ status: 201 });
    await tickEveryMinute(instance, '2026-01-05T17:46:00Z', '2026-01-05T18:00:00Z');
    expect(receiver.received).toHaveLength(1);
  });

  it('lets only one of several instances ticking together send each push', async () => {
    clock = new Date('2026-01-05T00:00:00Z');
    await new ScheduleRepo(store.db).seedIfEmpty(
      weekWith({ Monday: [slot('6pm - 8pm', 'Deep Dublin')] }),
      clock,
    );
    const all = await Promise.all([startInstance(), startInstance(), startInstance()]);
    const browsers = await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map((name) =>
        subscribe(all[0] as PushSetup, `many-${name}`, ['Seán-Deep Dublin']),
      ),
    );
    clock = new Date('2026-01-05T17:45:00Z');
    await Promise.all(all.map((instance) => instance.scheduler.tick()));
    await Promise.all(all.map((instance) => instance.scheduler.tick()));
    for (const browser of browsers) expect(titles(browser)).toHaveLength(1);
  });

  it('retries a failed push with growing gaps, then gives up', async () => {
    clock = new Date('2026-01-05T00:00:00Z');
    await new ScheduleRepo(store.db).seedIfEmpty(
      weekWith({ Monday: [slot('6pm - 8pm', 'Deep Dublin')] }),
      clock,
    );
    const instance = await startInstance();
    const browser = await subscribe(instance, 'flaky', ['Seán-Deep Dublin'], 60);
    const attemptsAt: string[] = [];
    receiver.answer = () => {
      attemptsAt.push(clock.toISOString().slice(11, 16));
      return { status: attemptsAt.length < 3 ? 503 : 201 };
    };
    await tickEveryMinute(instance, '2026-01-05T16:58:00Z', '2026-01-05T17:20:00Z');
    // Due at 17:00; retried after 1 and then 2 minutes.
    expect(attemptsAt).toEqual(['17:00', '17:01', '17:03']);
    expect(titles(browser)).toHaveLength(3);

    // A push service that keeps failing is given up after PUSH_MAX_ATTEMPTS tries (1+2+4+8 minutes).
    const stubborn = await subscribe(instance, 'stubborn', ['Seán-Deep Dublin'], 60);
    receiver.answer = () => ({ status: 500 });
    await tickEveryMinute(instance, '2026-01-12T17:00:00Z', '2026-01-12T17:59:00Z');
    expect(receiver.receivedFor(stubborn.subscription.endpoint)).toHaveLength(PUSH_MAX_ATTEMPTS);
    // The subscription is kept: a 5xx is the push service's trouble, not a dead browser.
    const endpoints = await store.db.selectFrom('push_subscription').select('endpoint').execute();
    expect(endpoints.map((row) => row.endpoint)).toContain(stubborn.subscription.endpoint);
  });
});
