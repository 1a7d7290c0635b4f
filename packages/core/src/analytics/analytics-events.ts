import * as z from 'zod/mini';

/** The most events one batch may carry; a client flushes far sooner (every few seconds). */
export const ANALYTICS_MAX_EVENTS_PER_BATCH = 50;
/** The largest batch body the server reads; 50 events with long show names fit well within it. */
export const ANALYTICS_MAX_BATCH_BYTES = 16_384;
/** A free-text parameter (a show's name, a reaction) is cut to this before it is sent. */
export const ANALYTICS_MAX_PARAM_LENGTH = 120;
/** Per-day counts and per-minute listener samples are deleted after this many days. */
export const ANALYTICS_RETENTION_DAYS = 90;

const empty = z.strictObject({});
const text = z.string().check(z.minLength(1), z.maxLength(ANALYTICS_MAX_PARAM_LENGTH));

/**
 * Spec §7: the product's analytics events and their documented parameters, nothing else. Strict
 * objects, so a parameter the spec does not name (an e-mail, a user id) is refused, not stored.
 */
export const analyticsEventParams = {
  chat_close: empty,
  message_sent: z.strictObject({ has_reply: z.boolean(), has_mentions: z.boolean() }),
  reaction_given: z.strictObject({ reaction_type: text }),
  emoji_modal_open: empty,
  sleep_timer_start: z.strictObject({
    timer_minutes: z.int().check(z.minimum(1), z.maximum(480)),
    is_custom_time: z.boolean(),
  }),
  sleep_timer_complete: empty,
  sleep_timer_cancel: empty,
  social_media_click: z.strictObject({ platform: z.enum(['mixcloud', 'facebook', 'instagram']) }),
  show_favorited: z.strictObject({ show_id: text, show_name: text }),
  show_unfavorited: z.strictObject({ show_id: text, show_name: text }),
} as const;

export type AnalyticsEventName = keyof typeof analyticsEventParams;
export type AnalyticsEventParams = { [N in AnalyticsEventName]: z.infer<(typeof analyticsEventParams)[N]> };
export const ANALYTICS_EVENT_NAMES = Object.keys(analyticsEventParams) as AnalyticsEventName[];

export const PLATFORM_TYPES = ['native_app', 'pwa', 'web_browser'] as const;
export type PlatformType = (typeof PLATFORM_TYPES)[number];

/** When the event happened, ms since the epoch. */
const at = z.int().check(z.nonnegative());

const eventSchemas = ANALYTICS_EVENT_NAMES.map((name) =>
  z.strictObject({ name: z.literal(name), params: analyticsEventParams[name], at }),
);
export const analyticsEventSchema = z.discriminatedUnion(
  'name',
  eventSchemas as unknown as [(typeof eventSchemas)[number], ...(typeof eventSchemas)[number][]],
);

/** What the app POSTs to /api/events. */
export const analyticsBatchSchema = z.strictObject({
  events: z.array(analyticsEventSchema).check(z.minLength(1), z.maxLength(ANALYTICS_MAX_EVENTS_PER_BATCH)),
  app_id: z.string().check(z.minLength(1), z.maxLength(100)),
  platform_type: z.enum(PLATFORM_TYPES),
  user_agent: z.string().check(z.maxLength(512)),
});
export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>;
export type AnalyticsEvent = AnalyticsBatch['events'][number];
