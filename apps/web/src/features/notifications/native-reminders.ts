import {
  favoriteId,
  nextReminderAt,
  pushTexts,
  reminderMessage,
  type ClockSetting,
  type NotificationSettings,
  type Schedule,
} from '@onair/core';
import type { LocalNotificationsPlugin } from '@capacitor/local-notifications';
import { nativePlugin } from '../../lib/native/native-platform.ts';

/**
 * Reminders inside the iOS and Android apps. Web Push does not reach a WebView, so the device
 * itself holds the reminders as scheduled local notifications (@capacitor/local-notifications),
 * which fire with the app closed. The rule is the server's: core's nextReminderAt (station time
 * zone, daylight saving included) and reminderMessage (the same words as the push).
 */

/** How far ahead reminders are put on the device; the plan is redone at every app start and change. */
export const NATIVE_REMINDER_HORIZON_DAYS = 14;
/** iOS keeps at most 64 pending local notifications per app; the soonest are kept. */
export const NATIVE_REMINDER_MAX = 60;

const MS_PER_DAY = 86_400_000;
const MS_PER_MINUTE = 60_000;

export interface PlannedReminder {
  /** Stable for one show occurrence (32-bit, as the plugin wants), so a re-plan replaces it. */
  id: number;
  at: Date;
  title: string;
  body: string;
}

/**
 * Every reminder due within the horizon for the listener's favourite shows, soonest first:
 * nothing unless notifications and show reminders are both on (spec §4). Written in `locale` (the
 * app's language when planned: the device shows them later, with the app closed) with the times on
 * the station's clock, as the server's push would be.
 */
export function planNativeReminders(
  schedule: Schedule,
  settings: NotificationSettings,
  { timeZone, clock }: ClockSetting,
  locale: string,
  now: Date,
): PlannedReminder[] {
  if (!settings.enabled || !settings.showScheduleReminders) return [];
  const texts = pushTexts(locale);
  const until = now.getTime() + NATIVE_REMINDER_HORIZON_DAYS * MS_PER_DAY;
  const planned: PlannedReminder[] = [];
  for (const { day, shows } of schedule) {
    for (const slot of shows) {
      const id = favoriteId(slot);
      if (!settings.favoriteShows.includes(id)) continue;
      let from = now;
      for (;;) {
        const at = nextReminderAt(slot, day, from, timeZone, settings.reminderTime);
        if (!at || at.getTime() > until) break;
        const { title, body } = reminderMessage(slot, settings.reminderTime, texts, clock).notification;
        const startsAt = at.getTime() + settings.reminderTime * MS_PER_MINUTE;
        planned.push({ id: notificationId(`${id}|${slot.time}|${startsAt}`), at, title, body: body ?? '' });
        from = at;
      }
    }
  }
  return planned.sort((a, b) => a.at.getTime() - b.at.getTime()).slice(0, NATIVE_REMINDER_MAX);
}

/** FNV-1a, folded to a positive 31-bit int: Android's notification ids are Java ints. */
function notificationId(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) & 0x7fffffff;
}

export type NativeNotifications = Pick<
  LocalNotificationsPlugin,
  'schedule' | 'getPending' | 'cancel' | 'checkPermissions' | 'requestPermissions'
>;

/** The device's notification plugin inside the apps, null in a browser. */
export function loadNativeNotifications(): Promise<NativeNotifications | null> {
  return nativePlugin<NativeNotifications>('LocalNotifications', async () => {
    const { LocalNotifications } = await import('@capacitor/local-notifications');
    return LocalNotifications;
  });
}

/** Asks the OS (iOS, Android 13+) for permission to notify; true when granted. */
export async function requestNativeNotifications(plugin: NativeNotifications): Promise<boolean> {
  const { display } = await plugin.requestPermissions();
  return display === 'granted';
}

/**
 * Makes the device's pending reminders exactly the plan: every pending one is cancelled (the app
 * schedules nothing else) and the plan put in its place. Without permission nothing is scheduled.
 */
export async function applyNativeReminders(
  plugin: NativeNotifications,
  plan: PlannedReminder[],
): Promise<void> {
  const { notifications: pending } = await plugin.getPending();
  if (pending.length > 0) await plugin.cancel({ notifications: pending.map(({ id }) => ({ id })) });
  if (plan.length === 0) return;
  const { display } = await plugin.checkPermissions();
  if (display !== 'granted') return;
  await plugin.schedule({
    notifications: plan.map(({ id, at, title, body }) => ({
      id,
      title,
      body,
      // allowWhileIdle: Doze must not hold a reminder past the show's start.
      schedule: { at, allowWhileIdle: true },
      extra: { link: '/schedule' },
    })),
  });
}

/**
 * A notification shown now by the device (a New Show Alert found while the app runs), if the OS
 * allows notifications. Its id comes from its text, so the same alert twice replaces itself.
 */
export async function showNativeNotification(
  plugin: NativeNotifications,
  title: string,
  body: string,
): Promise<void> {
  const { display } = await plugin.checkPermissions();
  if (display !== 'granted') return;
  await plugin.schedule({
    notifications: [
      { id: notificationId(`now|${title}|${body}`), title, body, extra: { link: '/schedule' } },
    ],
  });
}
