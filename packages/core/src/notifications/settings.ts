import * as z from 'zod/mini';
import { DAYS_PER_WEEK, DEFAULT_REMINDER_MINUTES, REMINDER_OPTIONS_MINUTES } from '../constants.ts';
import { MAX_SHOWS_PER_DAY, SLOT_TEXT_MAX_CHARS } from '../schedule/schedule-schema.ts';

export type NotificationSettings = {
  enabled: boolean;
  showScheduleReminders: boolean;
  showNewShowAlerts: boolean;
  /** A push when a favourite show's episode is ready to listen again (opt-in: off until asked for). */
  showNewEpisodeAlerts: boolean;
  /** favoriteId values */
  favoriteShows: readonly string[];
  /** minutes before a show starts; one of REMINDER_OPTIONS_MINUTES */
  reminderTime: number;
};

export const DEFAULT_NOTIFICATION_SETTINGS: Readonly<NotificationSettings> = Object.freeze({
  enabled: false,
  showScheduleReminders: true,
  showNewShowAlerts: true,
  showNewEpisodeAlerts: false,
  favoriteShows: Object.freeze([]),
  reminderTime: DEFAULT_REMINDER_MINUTES,
});

/** A favourite id is `artist-show` (favoriteId), each at most a slot text long: no slot makes a longer one. */
export const FAVORITE_ID_MAX_CHARS = 2 * SLOT_TEXT_MAX_CHARS + 1;
/**
 * A week holds at most 7 × 48 slots, so at most that many distinct shows can be favourites that
 * are still on the schedule; a longer list is made up, or stale favourites carried along.
 */
export const MAX_FAVORITES = DAYS_PER_WEEK * MAX_SHOWS_PER_DAY;

const favoriteIdSchema = z.string().check(z.minLength(1), z.maxLength(FAVORITE_ID_MAX_CHARS));
const reminderTimeSchema = z.number().check(
  z.refine((minutes) => (REMINDER_OPTIONS_MINUTES as readonly number[]).includes(minutes), {
    message: `reminderTime must be one of ${REMINDER_OPTIONS_MINUTES.join(', ')}`,
  }),
);
const settingsFields = {
  enabled: z.boolean(),
  showScheduleReminders: z.boolean(),
  showNewShowAlerts: z.boolean(),
  showNewEpisodeAlerts: z.boolean(),
  favoriteShows: z.pipe(
    z.array(favoriteIdSchema).check(z.maxLength(MAX_FAVORITES)),
    z.transform((ids) => [...new Set(ids)]),
  ),
  reminderTime: reminderTimeSchema,
};

/**
 * Stored or posted settings. Missing fields take the defaults (older saves lack newer fields);
 * present fields of the wrong type are an error. Duplicate favourites collapse (spec §5).
 */
export const notificationSettingsSchema = z.object({
  enabled: z._default(settingsFields.enabled, DEFAULT_NOTIFICATION_SETTINGS.enabled),
  showScheduleReminders: z._default(
    settingsFields.showScheduleReminders,
    DEFAULT_NOTIFICATION_SETTINGS.showScheduleReminders,
  ),
  showNewShowAlerts: z._default(
    settingsFields.showNewShowAlerts,
    DEFAULT_NOTIFICATION_SETTINGS.showNewShowAlerts,
  ),
  showNewEpisodeAlerts: z._default(
    settingsFields.showNewEpisodeAlerts,
    DEFAULT_NOTIFICATION_SETTINGS.showNewEpisodeAlerts,
  ),
  favoriteShows: z._default(settingsFields.favoriteShows, () => []),
  reminderTime: z._default(settingsFields.reminderTime, DEFAULT_NOTIFICATION_SETTINGS.reminderTime),
});

/**
 * Settings read back from storage, repaired field by field: a field that is missing or invalid takes
 * its default and the others are kept, so one bad value (a hand-edited reminderTime of 20, a newer
 * app's field type) never costs the listener their favourites. Favourites are kept one by one.
 */
export function repairNotificationSettings(input: unknown): NotificationSettings {
  const fields: Record<string, unknown> = typeof input === 'object' && input !== null ? { ...input } : {};
  const keep = <
    K extends
      'enabled' | 'showScheduleReminders' | 'showNewShowAlerts' | 'showNewEpisodeAlerts' | 'reminderTime',
  >(
    key: K,
  ): NotificationSettings[K] => {
    const parsed = settingsFields[key].safeParse(fields[key]);
    return parsed.success ? (parsed.data as NotificationSettings[K]) : DEFAULT_NOTIFICATION_SETTINGS[key];
  };
  return {
    enabled: keep('enabled'),
    showScheduleReminders: keep('showScheduleReminders'),
    showNewShowAlerts: keep('showNewShowAlerts'),
    showNewEpisodeAlerts: keep('showNewEpisodeAlerts'),
    favoriteShows: repairFavoriteIds(fields.favoriteShows),
    reminderTime: keep('reminderTime'),
  };
}

/** Every valid favourite id of a stored list, once each, in order; anything else is dropped. */
export function repairFavoriteIds(input: unknown): string[] {
  if (!Array.isArray(input)) return [];
  const valid = input.filter((id): id is string => favoriteIdSchema.safeParse(id).success);
  return [...new Set(valid)].slice(0, MAX_FAVORITES);
}

export function isFavorite(settings: NotificationSettings, id: string): boolean {
  return settings.favoriteShows.includes(id);
}

/**
 * Adds a favourite once; adding it again returns the same settings object. At MAX_FAVORITES the
 * oldest favourite makes room: with a full list, at least one favourite is a show no longer on the
 * week (the week cannot hold them all and the new one), and the oldest is the likeliest.
 */
export function addFavorite(settings: NotificationSettings, id: string): NotificationSettings {
  if (isFavorite(settings, id)) return settings;
  // The last MAX_FAVORITES - 1 (all of a shorter list), then the new one.
  return { ...settings, favoriteShows: [...settings.favoriteShows.slice(1 - MAX_FAVORITES), id] };
}

export function removeFavorite(settings: NotificationSettings, id: string): NotificationSettings {
  if (!isFavorite(settings, id)) return settings;
  return { ...settings, favoriteShows: settings.favoriteShows.filter((favorite) => favorite !== id) };
}
