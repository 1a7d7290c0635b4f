/** Spec §7: the product's analytics events (their parameters: analytics-events.ts). */
export const ANALYTICS_EVENT_NAMES = [
  'chat_close',
  'message_sent',
  'reaction_given',
  'emoji_modal_open',
  'sleep_timer_start',
  'sleep_timer_complete',
  'sleep_timer_cancel',
  'social_media_click',
  'show_favorited',
  'show_unfavorited',
  'rewind_used',
  'listening_session',
] as const;
/** How a listener moved in live rewind (`rewind_used`'s one parameter). */
export const REWIND_ACTIONS = [
  'back',
  'forward',
  'restart',
  'scrub',
  'play_from_here',
  'resume',
  'lock_screen',
] as const;
export type RewindAction = (typeof REWIND_ACTIONS)[number];
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

export const PLATFORM_TYPES = ['native_app', 'pwa', 'web_browser'] as const;
export type PlatformType = (typeof PLATFORM_TYPES)[number];

/** The most events one batch may carry; a client flushes far sooner (every few seconds). */
export const ANALYTICS_MAX_EVENTS_PER_BATCH = 50;
/** The largest batch body the server reads; the app splits a queue whose events would not fit. */
export const ANALYTICS_MAX_BATCH_BYTES = 16_384;
/** Per-day counts and per-minute listener samples are deleted after this many days. */
export const ANALYTICS_RETENTION_DAYS = 90;
/**
 * The most different values one event parameter may have on one day (a reaction's emoji, a timer
 * length). A value new to a day past this is counted under ANALYTICS_OTHER_VALUE, so no sequence of
 * batches can add rows without end. A show's id is exempt: only the station's own shows are taken.
 */
export const ANALYTICS_MAX_VALUES_PER_PARAM_PER_DAY = 100;
/** Where a value past the day's limit is counted; no parameter's schema accepts it from a client. */
export const ANALYTICS_OTHER_VALUE = '(other)';
