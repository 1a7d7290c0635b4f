import { DEFAULT_NOTIFICATION_SETTINGS, type Schedule, type ShowSlot } from '@onair/core';
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ScheduleStore } from '../../lib/schedule-store.ts';
import { readStored, writeStored } from '../../lib/storage.ts';
import * as stored from '../../lib/stored.ts';
import * as storedLater from '../../lib/stored-later.ts';
import { ScheduleProvider, useSchedule } from '../../lib/use-schedule.tsx';
import { useNewShowAlerts } from './use-new-show-alerts.ts';

const WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
const slot = (artist: string, show: string): ShowSlot => ({
  time: '8pm - 10pm',
  artist,
  show,
  genre: 'House',
  image: '',
});
const week = (friday: ShowSlot[]): Schedule =>
  WEEK.map((day) => ({ day, shows: day === 'Friday' ? friday : [] }));
const RECORD = {
  token: 'https://push.example/1',
  creationTime: '1',
  auth: 'a',
  p256dh: 'p',
  endpoint: 'https://push.example/1',
  scope: 'http://localhost/',
  vapidKey: 'k',
};

/** The companion's use: the schedule as the app has it, and the notifier. */
function follow() {
  const store = new ScheduleStore();
  vi.spyOn(store, 'load').mockResolvedValue();
  const notify = vi.fn();
  renderHook(() => useNewShowAlerts(useSchedule(), '24-hour', notify), {
    wrapper: ({ children }) => (
      <ScheduleProvider store={store} realtime={null}>
        {children}
      </ScheduleProvider>
    ),
  });
  const receive = (version: number, schedule: Schedule) => act(() => void store.accept(schedule, version));
  return { notify, receive };
}

describe('useNewShowAlerts (where no server push brings them)', () => {
  beforeEach(() => {
    localStorage.clear();
    writeStored(stored.notificationSettings, { ...DEFAULT_NOTIFICATION_SETTINGS, enabled: true });
  });

  it('compares each week received with the last one seen and tells each show it adds, in the push’s words', () => {
    const { notify, receive } = follow();
    receive(1, week([slot('Aoife', 'Night Moves')]));
    expect(notify).not.toHaveBeenCalled(); // the first look: a newcomer has missed nothing
    receive(2, week([slot('Aoife', 'Night Moves'), slot('Cian', 'Deep Dublin')]));
    expect(notify.mock.calls).toEqual([['New show: Deep Dublin', 'Cian · Friday 20:00 – 22:00']]);
    expect(readStored(storedLater.newShowsSeen)).toEqual({
      version: 2,
      ids: ['Aoife-Night Moves', 'Cian-Deep Dublin'],
    });
  });

  it('remembers the week across app starts: shows added while the app was closed are told at the next start', () => {
    writeStored(storedLater.newShowsSeen, { version: 1, ids: ['Aoife-Night Moves'] });
    const { notify, receive } = follow();
    receive(3, week([slot('Aoife', 'Night Moves'), slot('Cian', 'Deep Dublin')]));
    expect(notify).toHaveBeenCalledOnce();
  });

  it('stays quiet with alerts off or notifications off, and where the server pushes them (a push record)', () => {
    for (const setup of [
      () =>
        writeStored(stored.notificationSettings, {
          ...DEFAULT_NOTIFICATION_SETTINGS,
          enabled: true,
          showNewShowAlerts: false,
        }),
      () => writeStored(stored.notificationSettings, { ...DEFAULT_NOTIFICATION_SETTINGS, enabled: false }),
      () => writeStored(storedLater.pushRecord, RECORD),
    ]) {
      localStorage.clear();
      writeStored(stored.notificationSettings, { ...DEFAULT_NOTIFICATION_SETTINGS, enabled: true });
      setup();
      writeStored(storedLater.newShowsSeen, { version: 1, ids: [] });
      const { notify, receive } = follow();
      receive(2, week([slot('Cian', 'Deep Dublin')]));
      expect(notify).not.toHaveBeenCalled();
      // The week is still taken as seen: turning alerts on later announces no old news.
      expect(readStored(storedLater.newShowsSeen)?.version).toBe(2);
    }
  });
});
