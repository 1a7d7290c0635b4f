import { IN_PAGE_TOAST_MS, type NotificationSettings, type Schedule } from '@onair/core';
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showLocalNotification } from './local-notification.ts';
import { useLocalReminders } from './use-local-reminders.ts';

// Monday 6 July 2026, 19:30 in Dublin: Irish summer time, an hour ahead of UTC.
const NOW = new Date('2026-07-06T18:30:00Z');
const MINUTE = 60_000;

const schedule: Schedule = [
  {
    day: 'Monday',
    shows: [
      { time: '7:50pm - 8pm', artist: 'Cian', show: 'Warm-up', genre: 'House', image: '' },
      { time: '8pm - 10pm', artist: 'Aoife', show: 'Céilí Club', genre: 'Trance', image: '' },
    ],
  },
  {
    day: 'Tuesday',
    shows: [{ time: '9am - 11am', artist: 'Seán Ó Briain', show: '', genre: 'Techno', image: '' }],
  },
];

const settings: NotificationSettings = {
  enabled: true,
  showScheduleReminders: true,
  showNewShowAlerts: true,
  showNewEpisodeAlerts: false,
  favoriteShows: ['Aoife-Céilí Club', 'Seán Ó Briain-Show'],
  reminderTime: 15,
};

describe('useLocalReminders (local-only mode: the open app reminds by itself)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function remind(overrides: Partial<Parameters<typeof useLocalReminders>[0]> = {}) {
    const notify = vi.fn();
    const hook = renderHook(() =>
      useLocalReminders({
        settings,
        localOnly: true,
        schedule,
        stationClock: { timeZone: 'Europe/Dublin', clock: '12-hour' },
        locale: 'en',
        notify,
        ...overrides,
      }),
    );
    return { notify, hook };
  }

  it('reminds about each favourite reminderTime minutes before it starts, in the station zone, then plans the next', () => {
    const { notify } = remind();
    vi.advanceTimersByTime(15 * MINUTE - 1_000);
    expect(notify).not.toHaveBeenCalled(); // not the 7:50pm show: it is no favourite
    vi.advanceTimersByTime(1_000);
    expect(notify).toHaveBeenCalledExactlyOnceWith('Céilí Club starts in 15 minutes', 'Aoife · 8pm – 10pm');

    // Next: Tuesday 08:45 in Dublin, 13 hours on; a show without a name is told as the server's push
    // tells it (core's reminderMessage), its artist in the body.
    notify.mockClear();
    vi.advanceTimersByTime(13 * 60 * MINUTE - 1_000);
    expect(notify).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(Date.now()).toBe(Date.parse('2026-07-07T07:45:00Z'));
    expect(notify).toHaveBeenCalledExactlyOnceWith('Show starts in 15 minutes', 'Seán Ó Briain · 9am – 11am');
  });

  it("reminds in the app's language, the times on the station's clock", () => {
    const { notify } = remind({
      locale: 'de',
      stationClock: { timeZone: 'Europe/Dublin', clock: '24-hour' },
    });
    vi.advanceTimersByTime(15 * MINUTE);
    expect(notify).toHaveBeenCalledExactlyOnceWith(
      'Céilí Club beginnt in 15 Minuten',
      'Aoife · 20:00 – 22:00',
    );
  });

  it('leaves reminders to Web Push, to a listener who turned them off, and to a closed screen', () => {
    for (const overrides of [
      { localOnly: false },
      { settings: { ...settings, enabled: false } },
      { settings: { ...settings, showScheduleReminders: false } },
      { schedule: null },
    ]) {
      const { notify } = remind(overrides);
      vi.advanceTimersByTime(7 * 24 * 60 * MINUTE);
      expect(notify, JSON.stringify(overrides)).not.toHaveBeenCalled();
    }
    const { notify, hook } = remind();
    hook.unmount();
    vi.advanceTimersByTime(7 * 24 * 60 * MINUTE);
    expect(notify).not.toHaveBeenCalled();
  });
});

describe('showLocalNotification', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows a system notification through the service worker when the listener allowed them', async () => {
    const showNotification = vi.fn(async () => undefined);
    vi.stubGlobal('Notification', { permission: 'granted' });
    vi.stubGlobal('navigator', {
      ...navigator,
      serviceWorker: { getRegistration: async () => ({ showNotification }) },
    });
    const toast = vi.fn();
    await showLocalNotification('Céilí Club starts in 15 minutes', 'Aoife · 8pm - 10pm', toast);
    expect(showNotification).toHaveBeenCalledExactlyOnceWith('Céilí Club starts in 15 minutes', {
      body: 'Aoife · 8pm - 10pm',
      icon: '/images/icon-192.png',
      tag: 'local:Céilí Club starts in 15 minutes',
    });
    expect(toast).not.toHaveBeenCalled();
  });

  it('falls back to the in-page toast where there is no Notification API (iOS Safari in a tab) or it fails', async () => {
    const toast = vi.fn();
    expect('Notification' in window).toBe(false);
    await showLocalNotification('Céilí Club starts in 15 minutes', 'Aoife · 8pm - 10pm', toast);
    expect(toast).toHaveBeenCalledExactlyOnceWith(
      'Céilí Club starts in 15 minutes: Aoife · 8pm - 10pm',
      IN_PAGE_TOAST_MS,
    );

    vi.stubGlobal('Notification', { permission: 'granted' });
    vi.stubGlobal('navigator', {
      ...navigator,
      serviceWorker: {
        getRegistration: async () => ({ showNotification: async () => Promise.reject(new TypeError('no')) }),
      },
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    toast.mockClear();
    await showLocalNotification('Céilí Club starts in 15 minutes', 'Aoife · 8pm - 10pm', toast);
    expect(toast).toHaveBeenCalledOnce();
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});
