import {
  audioQualitySchema,
  castSessionSchema,
  DEFAULT_AUDIO_QUALITY,
  DEFAULT_NOTIFICATION_SETTINGS,
  EPISODE_PROGRESS_MAX,
  episodeProgressSchema,
  listeningSessionSchema,
  listeningStatsSchema,
  notificationSettingsSchema,
  outgoingChatMessageSchema,
  parseStoredSessions,
  publicStationSchema,
  pushRecordSchema,
  repairNotificationSettings,
  savedTrackSchema,
  scheduleDocumentSchema,
  seenEpisodesSchema,
  seenWeekSchema,
  SHIPPED_LOCALES,
  sleepTimerSchema,
  STORAGE_KEYS,
  type AudioQuality,
  type CastSession,
  type EpisodeProgress,
  type ListeningSession,
  type ListeningStats,
  type NotificationSettings,
  type OutgoingChatMessage,
  type PublicStation,
  type PushRecord,
  type SavedTrack,
  type SeenEpisodes,
  type ScheduleDocument,
  type SeenWeek,
  type SleepTimerState,
} from '@onair/core';
import * as z from 'zod/mini';
import { defineStored } from './storage.ts';

/** Repairs a stored list by dropping each entry `schema` refuses, on its own. */
function validEntries<T>(schema: z.ZodMiniType<T>): (value: unknown) => T[] {
  return (value) =>
    Array.isArray(value)
      ? value.flatMap((entry) => {
          const parsed = schema.safeParse(entry);
          return parsed.success ? [parsed.data] : [];
        })
      : [];
}

/** Chat names are short; a longer stored one is not the listener's. */
const CHAT_USERNAME_MAX_CHARS = 50;

/*
 * Everything the app keeps in the browser, in one place (as Bluesky's persisted schema): each value
 * with its key, schema and default, read as `import * as stored from './stored.ts'` then
 * `stored.sleepTimer`. Nothing else names a key or touches localStorage (lib/storage.ts does the
 * reading and writing). Keys are the original app's, all prefixed playfm_ (spec §3); the three that
 * had other names move once from their old key, so no listener loses data. One export per value (and
 * `.check` chains marked pure): a bundle holds only the values, and the schemas, its modules use.
 */

/** Spec §3; a bad field takes its default, each valid favourite is kept. */
export const notificationSettings = defineStored<NotificationSettings>({
  key: STORAGE_KEYS.notificationSettings,
  schema: notificationSettingsSchema,
  fallback: DEFAULT_NOTIFICATION_SETTINGS,
  repair: repairNotificationSettings,
});

/** Spec §3: null when no timer is set; a half-valid timer is no timer. */
export const sleepTimer = defineStored<SleepTimerState | null>({
  key: STORAGE_KEYS.sleepTimer,
  schema: z.nullable(sleepTimerSchema),
  fallback: null,
});

/** Spec §3; a bad session is dropped on its own, so it never costs the rest of the history. */
export const statsSessions = defineStored<ListeningSession[]>({
  key: STORAGE_KEYS.statsSessions,
  schema: z.array(listeningSessionSchema),
  fallback: [],
  repair: parseStoredSessions,
});

/**
 * Written for compatibility with the original app's key; the Stats view recomputes from the
 * sessions instead, because streaks and "this week" depend on today.
 */
export const statsListeningStats = defineStored<ListeningStats | null>({
  key: STORAGE_KEYS.statsListeningStats,
  schema: z.nullable(listeningStatsSchema),
  fallback: null,
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

/** Spec §3 'chat_username', a plain string; '' when the listener has not chosen one. */
export const chatUsername = defineStored<string>({
  key: STORAGE_KEYS.chatUsername,
  legacyKey: 'chat_username',
  schema: /* @__PURE__ */ z.string().check(z.maxLength(CHAT_USERNAME_MAX_CHARS)),
  fallback: '',
  raw: true,
});

/**
 * My chat messages the server has not confirmed yet, so a reload or a closed tab loses none: they
 * show again as pending and go under their own ids. A bad entry is dropped on its own.
 */
export const chatOutbox = defineStored<OutgoingChatMessage[]>({
  key: STORAGE_KEYS.chatOutbox,
  schema: z.array(outgoingChatMessageSchema),
  fallback: [],
  repair: validEntries(outgoingChatMessageSchema),
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

/**
 * The last week this app compared for new shows (version and show ids): where no server push
 * reaches, the app's own New Show Alerts name what a newer week adds (core's newShowsSince).
 */
export const newShowsSeen = defineStored<SeenWeek | null>({
  key: STORAGE_KEYS.newShowsSeen,
  schema: z.nullable(seenWeekSchema),
  fallback: null,
});

/**
 * The end of the newest ready episode this app compared: where no server push reaches, the app's
 * own new-episode alerts name favourite shows' episodes that ended after it (core's newEpisodesSince).
 */
export const newEpisodesSeen = defineStored<SeenEpisodes | null>({
  key: STORAGE_KEYS.newEpisodesSeen,
  schema: z.nullable(seenEpisodesSchema),
  fallback: null,
});

/** Until when (epoch ms) the listener asked not to be offered the install again ('Later'). */
export const installLaterUntil = defineStored<number>({
  key: STORAGE_KEYS.installLaterUntil,
  schema: /* @__PURE__ */ z.number().check(z.nonnegative()),
  fallback: 0,
});

/**
 * Spec §3's push subscription record for this browser's Web Push registration (token = endpoint):
 * null in local-only mode; its creationTime drives the 7-day refresh (spec §7 #9).
 */
export const pushRecord = defineStored<PushRecord | null>({
  key: STORAGE_KEYS.pushRecord,
  schema: z.nullable(pushRecordSchema),
  fallback: null,
});

/** Songs the listener saved with a heart (newest first), kept in this browser only; a bad entry is dropped alone. */
export const savedTracks = defineStored<SavedTrack[]>({
  key: STORAGE_KEYS.savedTracks,
  schema: z.array(savedTrackSchema),
  fallback: [],
  repair: validEntries(savedTrackSchema),
});

/** The Android app's battery-saver hint was read ('Got it'): it is not shown again. */
export const batteryHintDismissed = defineStored<boolean>({
  key: STORAGE_KEYS.batteryHintDismissed,
  schema: z.boolean(),
  fallback: false,
});

/** Where the listener stopped in each episode they started (most recent first): Listen again's "Continue listening". */
export const episodeProgress = defineStored<EpisodeProgress[]>({
  key: STORAGE_KEYS.episodeProgress,
  schema: /* @__PURE__ */ z.array(episodeProgressSchema).check(z.maxLength(EPISODE_PROGRESS_MAX)),
  fallback: [],
  repair: (value) => validEntries(episodeProgressSchema)(value).slice(0, EPISODE_PROGRESS_MAX),
});

/** The keyboard shortcuts (Space, k, m, arrows, c, ?) are on unless the listener turned them off. */
export const keyboardShortcuts = defineStored<boolean>({
  key: STORAGE_KEYS.keyboardShortcuts,
  schema: z.boolean(),
  fallback: true,
});
