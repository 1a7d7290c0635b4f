import {
  EPISODE_PROGRESS_MAX,
  episodeProgressSchema,
  listeningSessionSchema,
  listeningStatsSchema,
  outgoingChatMessageSchema,
  parseStoredSessions,
  pushRecordSchema,
  savedTrackSchema,
  seenEpisodesSchema,
  seenWeekSchema,
  sleepTimerSchema,
  STORAGE_KEYS,
  type EpisodeProgress,
  type ListeningSession,
  type ListeningStats,
  type OutgoingChatMessage,
  type PushRecord,
  type SavedTrack,
  type SeenEpisodes,
  type SeenWeek,
  type SleepTimerState,
} from '@onair/core';
import * as z from 'zod/mini';
import { defineStored } from './storage.ts';

/*
 * The values kept in the browser that only what loads after the first paint reads (screens, dialogs,
 * the app's companions), read as `import * as storedLater from './stored-later.ts'`: off Home's first
 * paint, with their schemas (chat, stats, push, episodes). The app shell's own are in stored.ts, with
 * the rules both follow.
 */

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

/** Where the listener stopped in each episode they started (most recent first): Listen again's "Continue listening". */
export const episodeProgress = defineStored<EpisodeProgress[]>({
  key: STORAGE_KEYS.episodeProgress,
  schema: /* @__PURE__ */ z.array(episodeProgressSchema).check(z.maxLength(EPISODE_PROGRESS_MAX)),
  fallback: [],
  repair: (value) => validEntries(episodeProgressSchema)(value).slice(0, EPISODE_PROGRESS_MAX),
});
