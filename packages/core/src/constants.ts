import * as z from 'zod/mini';

// Every business constant of spec §9 (plus a few from §3/§4/§7 that several layers share), with the
// unit in the name so a caller can never mix seconds and milliseconds.

// Sleep timer (spec §2 Sleep Timer modal, §5, §9).
export const SLEEP_PRESET_MINUTES = [15, 30, 45, 60, 90, 120] as const;
export const SLEEP_MIN_MINUTES = 1;
export const SLEEP_MAX_MINUTES = 480;
export const SLEEP_STEP_MINUTES = 5;
export const SLEEP_DEFAULT_MINUTES = 30;
export const SLEEP_EXTEND_MINUTES = [5, 15] as const;
export const COUNTDOWN_TICK_MS = 1_000;

// Show reminders.
export const REMINDER_OPTIONS_MINUTES = [5, 10, 15, 30, 60] as const;
export const DEFAULT_REMINDER_MINUTES = 15;

// Listening statistics.
export const MIN_STORED_SESSION_SECONDS = 10;
/** First hour (local, 0-23) of each time-of-day bucket; Night also covers 0-5. */
export const TIME_OF_DAY_START_HOURS = { Morning: 6, Afternoon: 12, Evening: 18, Night: 22 } as const;
/** A streak still counts when its latest day is at most this many days before today (today or yesterday). */
export const STREAK_GRACE_DAYS = 1;
/** averageDaily = week total / this. */
export const DAYS_PER_WEEK = 7;

// Notifications, toasts, push, service worker.
export const DESKTOP_NOTIFICATION_AUTO_CLOSE_MS = 10_000;
export const IN_PAGE_TOAST_MS = 5_000;
export const TOAST_DEFAULT_MS = 3_000;
export const PUSH_REFRESH_MS = 7 * 24 * 60 * 60 * 1_000;

/** Spec §9; also how long enabling notifications waits for an active worker before 'Service worker registration failed'. */
export const SW_ACTIVATION_TIMEOUT_MS = 10_000;
/** Not in spec §9: a worker still installing after SW_ACTIVATION_TIMEOUT_MS (a slow first visit) gets this long in all. */
export const SW_INSTALL_MAX_MS = 60_000;
export const SW_UPDATE_CHECK_MS = 30_000;

// Storage and analytics.
export const LOCAL_CACHE_BYTES = 50 * 1024 * 1024;
export const ANALYTICS_CONFIG_ABORT_MS = 60_000;
/** HTTP statuses on which the analytics config fetch is retried with backoff (spec §7 call 10). */
export const ANALYTICS_RETRY_HTTP_STATUSES = [429, 500, 503, 504] as const;

// Stream metadata polling (see metadata/poll-policy.ts for how they combine).
export const METADATA_POLL_VISIBLE_MS = 30_000;
export const METADATA_POLL_HIDDEN_MS = 5 * 60_000;
export const METADATA_IDLE_PAUSE_MS = 2 * 60_000;
export const METADATA_IDLE_THRESHOLD_MS = 5 * 60_000;
export const METADATA_IDLE_MIN_INTERVAL_MS = 60_000;

// Audio.
export const AUDIO_RETRY_AFTER_ERROR_MS = 1_000;
export const AUDIO_RETRY_AFTER_STALL_MS = 2_000;
export const AUDIO_DEFAULT_VOLUME = 1;

// Cast. The spec gives two availability timeouts (10 s or 8 s) and three fallback resets without
// saying which path uses which; both are exported so the cast owner can pick per path.
export const CAST_SCRIPT_LOAD_TIMEOUT_MS = 15_000;
export const CAST_AVAILABILITY_TIMEOUT_MS = 10_000;
export const CAST_AVAILABILITY_SHORT_TIMEOUT_MS = 8_000;
export const CAST_SESSION_REQUEST_TIMEOUT_MS = 30_000;
export const CAST_MEDIA_LOAD_TIMEOUT_MS = 15_000;
export const CAST_SESSION_VALIDITY_MS = 30 * 60_000;
export const CAST_FALLBACK_RESET_MS = { short: 1_000, medium: 5_000, long: 10_000 } as const;

// Install prompt and layout.
export const INSTALL_MODAL_DELAY_MS = 3_000;
// The spec's slide pace; the schedule's days move at the browser's own smooth-scroll pace instead
// (a scripted 800 ms scroll would fight the scroll snapping), so the app reads only the spacing.
export const CAROUSEL_SPEED_MS = 800;
export const CAROUSEL_SPACE_BETWEEN_PX = 30;
export const SHORTCUT_SLIDE_WIDTH_PX = 72;
export const SHORTCUT_SLIDES_VISIBLE = 4;
export const SHORTCUT_PAGES = 2;
export const RENDERER_MAX_PIXEL_RATIO = 2;
/** Shader background hue shift; the spec gives the bare number without a unit. */
export const SHADER_HUE_SHIFT = 264;
/** Index of the first weekday in WEEKDAYS order: the week starts on Monday. */
export const WEEK_START_INDEX = 0;

// Audio quality.
export const AUDIO_QUALITIES = ['standard', 'high'] as const;
export type AudioQuality = (typeof AUDIO_QUALITIES)[number];
export const audioQualitySchema = z.enum(AUDIO_QUALITIES);
export const AUDIO_QUALITY_BITRATES_KBPS: Readonly<Record<AudioQuality, number>> = {
  standard: 192,
  high: 320,
};
export const DEFAULT_AUDIO_QUALITY: AudioQuality = 'standard';

// Default texts and schedule conventions. The default title is the product name, which lives in the
// station config (white-label), so it is not a constant here.
export const DEFAULT_ARTIST = 'Live Radio';
/** Artist of the gap-filler slots; on air they get a 'Now Playing' badge and lose ties to live shows. */
export const REPLAY_ARTIST = 'Play Show Replays';
/** Station zone used when the config names none: schedule times are Irish wall-clock times. */
export const DEFAULT_STATION_TIME_ZONE = 'Europe/Dublin';

/**
 * localStorage keys, all prefixed playfm_ (spec §3) so the app's data is recognisable on a shared
 * origin. The original app's names are kept; its two unprefixed ones (chat_username,
 * lastSeenMessageTime) are moved once to these names by the web app's registry (lib/stored.ts).
 */
export const STORAGE_KEYS = {
  notificationSettings: 'playfm_notification_settings',
  sleepTimer: 'playfm_sleep_timer',
  statsSessions: 'playfm_stats_sessions',
  statsListeningStats: 'playfm_stats_listening_stats',
  audioQuality: 'playfm_audio_quality',
  chatUsername: 'playfm_chat_username',
  chatOutbox: 'playfm_chat_outbox',
  lastSeenMessageTime: 'playfm_last_seen_message_time',
  castSession: 'playfm_cast_session',
  station: 'playfm_station',
  scheduleCache: 'playfm_schedule_cache',
  installLaterUntil: 'playfm_install_later_until',
  pushRecord: 'playfm_push_record',
  savedTracks: 'playfm_saved_tracks',
  batteryHintDismissed: 'playfm_battery_hint_dismissed',
  newShowsSeen: 'playfm_new_shows_seen',
  newEpisodesSeen: 'playfm_new_episodes_seen',
  episodeProgress: 'playfm_episode_progress',
  /** The listener's language choice (README "Languages"); also a cookie, so the server prerenders in it. */
  locale: 'playfm_locale',
  keyboardShortcuts: 'playfm_keyboard_shortcuts',
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];
