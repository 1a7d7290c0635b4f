import type { ClockSetting, NotificationSettings, Schedule } from '@onair/core';
import { useEffect } from 'react';
import { applyNativeReminders, loadNativeNotifications, planNativeReminders } from './native-reminders.ts';

/**
 * Inside the apps: the device's scheduled reminders follow the settings, the schedule, the station's
 * clock and the app's language — re-planned whenever one changes and at every app start (which also
 * tops the two-week horizon up). A browser does nothing here (Web Push or the in-page reminders cover it).
 */
export function useNativeReminders(
  settings: NotificationSettings,
  schedule: Schedule | null,
  stationClock: ClockSetting,
  locale: string,
): void {
  useEffect(() => {
    if (!schedule) return;
    let cancelled = false;
    void loadNativeNotifications()
      .then((plugin) => {
        if (!plugin || cancelled) return;
        return applyNativeReminders(
          plugin,
          planNativeReminders(schedule, settings, stationClock, locale, new Date()),
        );
      })
      .catch((error: unknown) => console.warn('native reminders could not be scheduled', error));
    return () => {
      cancelled = true;
    };
  }, [settings, schedule, stationClock, locale]);
}
