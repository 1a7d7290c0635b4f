import {
  audioQualitySchema,
  castSessionSchema,
  DEFAULT_AUDIO_QUALITY,
  DEFAULT_NOTIFICATION_SETTINGS,
  notificationSettingsSchema,
  publicStationSchema,
  repairNotificationSettings,
  scheduleDocumentSchema,
  SHIPPED_LOCALES,
  STORAGE_KEYS,
  type AudioQuality,
  type CastSession,
  type NotificationSettings,
  type PublicStation,
  type ScheduleDocument,
} from '@onair/core';
import * as z from 'zod/mini';
import { defineStored } from './storage.ts';

/*
 * Everything the app keeps in the browser, in two places (as Bluesky's persisted schema): each value
 * with its key, schema and default, read as `import * as stored from './stored.ts'` then
 * `stored.locale`. Here the values the app shell reads (what takes over the first paint); the ones
 * only screens, dialogs and companions loaded after it read are in stored-later.ts: a module is
 * loaded whole, with every schema it names, so one registry put every value's schema on Home's first
 * paint (`npm run bench:bundle`). Nothing else names a key or touches localStorage (lib/storage.ts
 * does the reading and writing). Keys are the original app's, all prefixed playfm_ (spec §3); the
 * three that had other names move once from their old key, so no listener loses data. One export per
 * value (and `.check` chains marked pure): a bundle holds only the values, and the schemas, its
 * modules use.
 */

/** Spec §3; a bad field takes its default, each valid favourite is kept. */
export const notificationSettings = defineStored<NotificationSettings>({
  key: STORAGE_KEYS.notificationSettings,
  schema: notificationSettingsSchema,
  fallback: DEFAULT_NOTIFICATION_SETTINGS,
  repair: repairNotificationSettings,
});

/** The listener's language choice, a shipped locale ('' : none, the browser's languages decide). */
export const locale = defineStored<string>({
  key: STORAGE_KEYS.locale,
  schema: z.union([z.enum(SHIPPED_LOCALES), z.literal('')]),
  fallback: '',
  raw: true,
});

/** A plain string, 'standard' or 'high' (spec §5). */
export const audioQuality = defineStored<AudioQuality>({
  key: STORAGE_KEYS.audioQuality,
  schema: audioQualitySchema,
  fallback: DEFAULT_AUDIO_QUALITY,
  raw: true,
});

/**
 * Spec §3 'lastSeenMessageTime', epoch ms: chat messages after it count as unread. Null until the
 * chat was first looked at (lib/chat-follower.ts sets it then): a newcomer has missed nothing.
 */
export const lastSeenMessageTime = defineStored<number | null>({
  key: STORAGE_KEYS.lastSeenMessageTime,
  legacyKey: 'lastSeenMessageTime',
  schema: z.nullable(/* @__PURE__ */ z.int().check(z.nonnegative())),
  fallback: null,
});

/** Spec §3; whether it is still fresh enough to resume is restoreCastSession's call. */
export const castSession = defineStored<CastSession | null>({
  key: STORAGE_KEYS.castSession,
  schema: z.nullable(castSessionSchema),
  fallback: null,
});

/**
 * The last /api/station answer, so an app opened offline (from the service worker's shell) still
 * shows the station's name, tagline and colours instead of neutral defaults.
 */
export const station = defineStored<PublicStation | null>({
  key: STORAGE_KEYS.station,
  schema: z.nullable(publicStationSchema),
  fallback: null,
});

/** The last schedule the server sent, so a listener offline sees the real week, not the bundled one. */
export const scheduleCache = defineStored<ScheduleDocument | null>({
  key: STORAGE_KEYS.scheduleCache,
  legacyKey: 'onair_schedule_cache',
  schema: z.nullable(scheduleDocumentSchema),
  fallback: null,
});

/** The Android app's battery-saver hint was read ('Got it'): it is not shown again. */
export const batteryHintDismissed = defineStored<boolean>({
  key: STORAGE_KEYS.batteryHintDismissed,
  schema: z.boolean(),
  fallback: false,
});

/** The keyboard shortcuts (Space, k, m, arrows, c, ?) are on unless the listener turned them off. */
export const keyboardShortcuts = defineStored<boolean>({
  key: STORAGE_KEYS.keyboardShortcuts,
  schema: z.boolean(),
  fallback: true,
});
