import {
  DEFAULT_NOTIFICATION_SETTINGS,
  favoriteId,
  WEEKDAYS,
  type NotificationSettings,
  type Schedule,
  type ShowSlot,
} from '@onair/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  applyNativeReminders,
  loadNativeNotifications,
  NATIVE_REMINDER_MAX,
  planNativeReminders,
  showNativeNotification,
  type NativeNotifications,
} from './native-reminders.ts';

const DUBLIN = 'Europe/Dublin';
/** A station whose file says `"clock": "12-hour"`. */
const STATION = { timeZone: DUBLIN, clock: '12-hour' } as const;
const slot = (time: string, artist = 'Seán', show = 'Deep Dublin'): ShowSlot => ({
  time,
  artist,
  show,
  genre: 'House',
  image: '',
});
const week = (days: Partial<Record<(typeof WEEKDAYS)[number], ShowSlot[]>>): Schedule =>
  WEEKDAYS.map((day) => ({ day, shows: days[day] ?? [] }));
const on = (favourites: ShowSlot[], patch: Partial<NotificationSettings> = {}): NotificationSettings => ({
  ...DEFAULT_NOTIFICATION_SETTINGS,
  enabled: true,
  favoriteShows: favourites.map(favoriteId),
  ...patch,
});
const times = (plan: ReturnType<typeof planNativeReminders>) => plan.map(({ at }) => at.toISOString());

describe('planNativeReminders (the server rule, on the device)', () => {
  // Monday 5 January 2026, 12:00 GMT, on a fake clock.
  const now = new Date('2026-01-05T12:00:00Z');
  const deep = slot('6pm - 8pm');
  const other = slot('9pm - 10pm', 'Aoife', 'Late Shift');

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(now);
  });
  afterEach(() => vi.useRealTimers());

  it('reminds about favourite shows only, reminderTime before each start within two weeks', () => {
    const plan = planNativeReminders(week({ Monday: [deep, other] }), on([deep]), STATION, 'en', new Date());
    expect(times(plan)).toEqual(['2026-01-05T17:45:00.000Z', '2026-01-12T17:45:00.000Z']);
    expect(plan[0]).toMatchObject({ title: 'Deep Dublin starts in 15 minutes', body: 'Seán · 6pm – 8pm' });
  });

  it("writes them in the language given (the app's when planned), the times on the station's clock", () => {
    const plan = planNativeReminders(
      week({ Monday: [deep] }),
      on([deep]),
      { timeZone: DUBLIN, clock: '24-hour' },
      'ga',
      now,
    );
    expect(plan[0]).toMatchObject({
      title: 'Tosóidh Deep Dublin i gceann 15 nóiméad',
      body: 'Seán · 18:00 – 20:00',
    });
  });

  it('plans nothing with notifications or show reminders off', () => {
    const schedule = week({ Monday: [deep] });
    expect(planNativeReminders(schedule, on([deep], { enabled: false }), STATION, 'en', now)).toEqual([]);
    expect(
      planNativeReminders(schedule, on([deep], { showScheduleReminders: false }), STATION, 'en', now),
    ).toEqual([]);
  });

  it('moves a show whose reminder moment has passed to next week, and honours the chosen minutes', () => {
    const morning = slot('12:10pm - 1pm');
    expect(
      times(planNativeReminders(week({ Monday: [morning] }), on([morning]), STATION, 'en', now))[0],
    ).toBe('2026-01-12T11:55:00.000Z');
    expect(
      times(
        planNativeReminders(
          week({ Monday: [morning] }),
          on([morning], { reminderTime: 5 }),
          STATION,
          'en',
          now,
        ),
      )[0],
    ).toBe('2026-01-05T12:05:00.000Z');
  });

  it('keeps the station wall clock across a daylight-saving change (Dublin, 29 March 2026)', () => {
    const friday = new Date('2026-03-24T12:00:00Z');
    const plan = planNativeReminders(week({ Saturday: [deep] }), on([deep]), STATION, 'en', friday);
    // 6pm GMT before the change, 6pm IST (17:00 UTC) after it.
    expect(times(plan)).toEqual(['2026-03-28T17:45:00.000Z', '2026-04-04T16:45:00.000Z']);
  });

  it('ignores a slot whose time cannot be read, and gives each occurrence its own stable id', () => {
    const tba = slot('tba');
    const plan = planNativeReminders(week({ Monday: [deep, tba] }), on([deep, tba]), STATION, 'en', now);
    expect(plan).toHaveLength(2);
    expect(new Set(plan.map(({ id }) => id)).size).toBe(2);
    expect(plan.every(({ id }) => Number.isInteger(id) && id > 0 && id <= 0x7fffffff)).toBe(true);
    expect(
      planNativeReminders(week({ Monday: [deep] }), on([deep]), STATION, 'en', now).map(({ id }) => id),
    ).toEqual(plan.map(({ id }) => id));
  });

  it('keeps the soonest reminders when there are more than the device holds', () => {
    const many = Array.from({ length: 10 }, (_, i) => slot(`${i + 1}pm - ${i + 2}pm`, `Artist ${i}`));
    const plan = planNativeReminders(
      week({ Tuesday: many, Wednesday: many, Thursday: many, Friday: many }),
      on(many),
      STATION,
      'en',
      now,
    );
    expect(plan).toHaveLength(NATIVE_REMINDER_MAX);
    expect(times(plan)).toEqual([...times(plan)].sort());
  });
});

describe('applyNativeReminders and the plugin at the window boundary', () => {
  function fakeLocalNotifications(display: 'granted' | 'denied' = 'granted') {
    let pending: Array<{ id: number }> = [{ id: 7 }];
    const scheduled: unknown[] = [];
    const plugin: NativeNotifications = {
      getPending: async () => ({ notifications: pending.map(({ id }) => ({ id, title: '', body: '' })) }),
      cancel: async ({ notifications }) => {
        const gone = new Set(notifications.map(({ id }) => id));
        pending = pending.filter(({ id }) => !gone.has(id));
      },
      checkPermissions: async () => ({ display }),
      requestPermissions: async () => ({ display }),
      schedule: async ({ notifications }) => {
        scheduled.push(...notifications);
        pending.push(...notifications.map(({ id }) => ({ id })));
        return { notifications: notifications.map(({ id }) => ({ id })) };
      },
    };
    return { plugin, scheduled, pending: () => pending.map(({ id }) => id) };
  }
  const plan = [
    {
      id: 42,
      at: new Date('2026-01-05T17:45:00Z'),
      title: 'Deep Dublin starts in 15 minutes',
      body: 'Seán · 6pm - 8pm',
    },
  ];

  afterEach(() => delete (globalThis as { Capacitor?: unknown }).Capacitor);

  it('replaces whatever was pending with the plan, scheduled to fire even in Doze', async () => {
    const fake = fakeLocalNotifications();
    (globalThis as { Capacitor?: unknown }).Capacitor = {
      isNativePlatform: () => true,
      Plugins: { LocalNotifications: fake.plugin },
    };
    const plugin = await loadNativeNotifications();
    expect(plugin).toBe(fake.plugin);
    await applyNativeReminders(fake.plugin, plan);
    expect(fake.pending()).toEqual([42]);
    expect(fake.scheduled).toEqual([
      expect.objectContaining({
        id: 42,
        title: plan[0]?.title,
        schedule: { at: plan[0]?.at, allowWhileIdle: true },
      }),
    ]);
    await applyNativeReminders(fake.plugin, []);
    expect(fake.pending()).toEqual([]);
  });

  it('schedules nothing without permission, and is absent in a browser', async () => {
    const fake = fakeLocalNotifications('denied');
    await applyNativeReminders(fake.plugin, plan);
    expect(fake.scheduled).toEqual([]);
    expect(await loadNativeNotifications()).toBeNull();
  });

  it('shows a New Show Alert at once (no schedule), with permission only', async () => {
    const fake = fakeLocalNotifications();
    await showNativeNotification(fake.plugin, 'New show: Night Moves', 'Aoife · Sunday 11pm - 2am');
    expect(fake.scheduled).toEqual([
      {
        id: expect.any(Number) as number,
        title: 'New show: Night Moves',
        body: 'Aoife · Sunday 11pm - 2am',
        extra: { link: '/schedule' },
      },
    ]);
    const denied = fakeLocalNotifications('denied');
    await showNativeNotification(denied.plugin, 'New show: Night Moves', '');
    expect(denied.scheduled).toEqual([]);
  });
});
