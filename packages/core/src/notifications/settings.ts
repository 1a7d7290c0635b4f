import { z } from 'zod';
import { DEFAULT_REMINDER_MINUTES, REMINDER_OPTIONS_MINUTES } from '../constants.ts';

export type NotificationSettings = {
  enabled: boolean;
  showScheduleReminders: boolean;
  showNewShowAlerts: boolean;
  /** favoriteId values */
  favoriteShows: readonly string[];
  /** minutes before a show starts; one of REMINDER_OPTIONS_MINUTES */
  reminderTime: number;
};

export const DEFAULT_NOTIFICATION_SETTINGS: Readonly<NotificationSettings> = Object.freeze({
  enabled: false,
  showScheduleReminders: true,
  showNewShowAlerts: true,
  favoriteShows: Object.freeze([]),
  reminderTime: DEFAULT_REMINDER_MINUTES,
});

const FAVORITE_ID_MAX_CHARS = 500;
const MAX_FAVORITES = 1_000;

/**
 * Stored or posted settings. Missing fields take the defaults (older saves lack newer fields);
 * present fields of the wrong type are an error. Duplicate favourites collapse (spec §5).
 */
export const notificationSettingsSchema = z.object({
  enabled: z.boolean().default(DEFAULT_NOTIFICATION_SETTINGS.enabled),
  showScheduleReminders: z.boolean().default(DEFAULT_NOTIFICATION_SETTINGS.showScheduleReminders),
  showNewShowAlerts: z.boolean().default(DEFAULT_NOTIFICATION_SETTINGS.showNewShowAlerts),
  favoriteShows: z
    .array(z.string().min(1).max(FAVORITE_ID_MAX_CHARS))
    .max(MAX_FAVORITES)
    .default(() => [])
    .transform((ids) => [...new Set(ids)]),
  reminderTime: z
    .number()
    .refine((minutes) => (REMINDER_OPTIONS_MINUTES as readonly number[]).includes(minutes), {
      message: `reminderTime must be one of ${REMINDER_OPTIONS_MINUTES.join(', ')}`,
    })
    .default(DEFAULT_NOTIFICATION_SETTINGS.reminderTime),
});

export function isFavorite(settings: NotificationSettings, id: string): boolean {
  return settings.favoriteShows.includes(id);
}

/** Adds a favourite once; adding it again returns the same settings object. */
export function addFavorite(settings: NotificationSettings, id: string): NotificationSettings {
  if (isFavorite(settings, id)) return settings;
  return { ...settings, favoriteShows: [...settings.favoriteShows, id] };
}

export function removeFavorite(settings: NotificationSettings, id: string): NotificationSettings {
  if (!isFavorite(settings, id)) return settings;
  return { ...settings, favoriteShows: settings.favoriteShows.filter((favorite) => favorite !== id) };
}
