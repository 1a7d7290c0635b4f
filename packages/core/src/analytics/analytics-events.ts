import * as z from 'zod/mini';
import { LISTENING_SESSION_BUCKETS } from '../audience/listening-session.ts';
import { canonicalReaction } from '../chat/chat-reactions.ts';
import { SLEEP_MAX_MINUTES, SLEEP_MIN_MINUTES } from '../constants.ts';
import { SLOT_TEXT_MAX_CHARS } from '../schedule/schedule-schema.ts';
import {
  ANALYTICS_EVENT_NAMES,
  ANALYTICS_MAX_EVENTS_PER_BATCH,
  PLATFORM_TYPES,
  REWIND_ACTIONS,
  type AnalyticsEventName,
} from './analytics-constants.ts';

// The server's boundary. The app imports only the constants and types of analytics, never these
// schemas: they stay out of its bundle (with the reaction check, which would join the first paint).

/** The longest favourite id a schedule can give (core favoriteId): artist, a dash and the show. */
export const SHOW_ID_MAX_CHARS = 2 * SLOT_TEXT_MAX_CHARS + 1;
/** Older versions of the app sent the show's name beside its id; it is still accepted, then dropped. */
const LEGACY_SHOW_NAME_MAX_CHARS = 120;

const empty = z.strictObject({});

/**
 * A show by its favourite id, what the listener's favourite already is. The schema bounds it; the
 * server takes it only for a show of the stored week, or one that left it within the last
 * ANALYTICS_RETENTION_DAYS, and shows the admin the name the schedule gives it, never a client's.
 */
const showParams = z.pipe(
  z.strictObject({
    show_id: z.string().check(z.minLength(1), z.maxLength(SHOW_ID_MAX_CHARS)),
    show_name: z.optional(z.string().check(z.minLength(1), z.maxLength(LEGACY_SHOW_NAME_MAX_CHARS))),
  }),
  z.transform(({ show_id }) => ({ show_id })),
);

/**
 * Spec §7: the product's analytics events and their documented parameters, nothing else. Strict
 * objects, so a parameter the spec does not name (an e-mail, a user id) is refused, not stored; no
 * parameter is free text: each is a closed set, a bounded number, one emoji (what the chat takes as
 * a reaction) or a show of the schedule.
 */
export const analyticsEventParams = {
  chat_close: empty,
  message_sent: z.strictObject({ has_reply: z.boolean(), has_mentions: z.boolean() }),
  reaction_given: z.strictObject({
    reaction_type: z.string().check(z.refine((reaction) => canonicalReaction(reaction) !== null)),
  }),
  emoji_modal_open: empty,
  sleep_timer_start: z.strictObject({
    timer_minutes: z.int().check(z.minimum(SLEEP_MIN_MINUTES), z.maximum(SLEEP_MAX_MINUTES)),
    is_custom_time: z.boolean(),
  }),
  sleep_timer_complete: empty,
  sleep_timer_cancel: empty,
  social_media_click: z.strictObject({ platform: z.enum(['mixcloud', 'facebook', 'instagram']) }),
  show_favorited: showParams,
  show_unfavorited: showParams,
  rewind_used: z.strictObject({ action: z.enum(REWIND_ACTIONS) }),
  /** Sent once a listening session ends: how long it lasted, as a bucket only (no id, no time of day). */
  listening_session: z.strictObject({ duration: z.enum(LISTENING_SESSION_BUCKETS) }),
} as const satisfies Record<AnalyticsEventName, z.ZodMiniType>;

export type AnalyticsEventParams = { [N in AnalyticsEventName]: z.infer<(typeof analyticsEventParams)[N]> };

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
