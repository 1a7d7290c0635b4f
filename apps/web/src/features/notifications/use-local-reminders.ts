import {
  favoriteId,
  nextReminderAt,
  type NotificationSettings,
  type Schedule,
  type ShowSlot,
} from '@onair/core';
import { useEffect } from 'react';
import { showLabel } from '../../lib/favorites.ts';

interface LocalReminderOptions {
  settings: NotificationSettings;
  /** True when this browser has no Web Push registration, so the open app must remind by itself. */
  localOnly: boolean;
  schedule: Schedule | null;
  timeZone: string;
  notify: (title: string, body: string) => void;
}

/**
 * Local-only mode (iOS Safari in a tab, spec §4): the open app reminds about favourite shows itself,
 * at each show's next start minus reminderTime (core's nextReminderAt, station time zone). Re-planned
 * whenever the settings or the schedule change; nothing runs once the app is closed.
 */
export function useLocalReminders({
  settings,
  localOnly,
  schedule,
  timeZone,
  notify,
}: LocalReminderOptions): void {
  useEffect(() => {
    if (!localOnly || !settings.enabled || !settings.showScheduleReminders || !schedule) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const plan = () => {
      const next = soonestReminder(schedule, settings, timeZone, new Date());
      if (!next) return;
      timer = setTimeout(() => {
        notify(
          `${showLabel(next.slot)} starts in ${settings.reminderTime} minutes`,
          `${next.slot.artist} · ${next.slot.time}`,
        );
        plan();
      }, next.at.getTime() - Date.now());
    };
    plan();
    return () => clearTimeout(timer);
  }, [localOnly, settings, schedule, timeZone, notify]);
}

function soonestReminder(
  schedule: Schedule,
  settings: NotificationSettings,
  timeZone: string,
  now: Date,
): { slot: ShowSlot; at: Date } | null {
  let soonest: { slot: ShowSlot; at: Date } | null = null;
  for (const { day, shows } of schedule) {
    for (const slot of shows) {
      if (!settings.favoriteShows.includes(favoriteId(slot))) continue;
      const at = nextReminderAt(slot, day, now, timeZone, settings.reminderTime);
      if (at && (!soonest || at < soonest.at)) soonest = { slot, at };
    }
  }
  return soonest;
}
