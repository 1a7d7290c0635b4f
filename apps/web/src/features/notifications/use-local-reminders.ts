import {
  favoriteId,
  nextReminderAt,
  pushTexts,
  reminderMessage,
  type ClockSetting,
  type NotificationSettings,
  type Schedule,
  type ShowSlot,
} from '@onair/core';
import { useEffect } from 'react';

interface LocalReminderOptions {
  settings: NotificationSettings;
  /** True when this browser has no Web Push registration, so the open app must remind by itself. */
  localOnly: boolean;
  schedule: Schedule | null;
  /** The station's zone (when shows start) and clock (how their times are written). */
  stationClock: ClockSetting;
  /** The app's language: the reminder is written in it, in the server push's words. */
  locale: string;
  notify: (title: string, body: string) => void;
}

/**
 * Local-only mode (iOS Safari in a tab, spec §4): the open app reminds about favourite shows itself,
 * at each show's next start minus reminderTime (core's nextReminderAt, station time zone), in the
 * server push's words (core's reminderMessage). Re-planned whenever the settings, the schedule, the
 * clock or the language change; nothing runs once the app is closed.
 */
export function useLocalReminders({
  settings,
  localOnly,
  schedule,
  stationClock,
  locale,
  notify,
}: LocalReminderOptions): void {
  useEffect(() => {
    if (!localOnly || !settings.enabled || !settings.showScheduleReminders || !schedule) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const plan = () => {
      const next = soonestReminder(schedule, settings, stationClock.timeZone, new Date());
      if (!next) return;
      timer = setTimeout(() => {
        const { title, body } = reminderMessage(
          next.slot,
          settings.reminderTime,
          pushTexts(locale),
          stationClock.clock,
        ).notification;
        notify(title, body ?? '');
        plan();
      }, next.at.getTime() - Date.now());
    };
    plan();
    return () => clearTimeout(timer);
  }, [localOnly, settings, schedule, stationClock, locale, notify]);
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
