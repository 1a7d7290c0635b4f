import * as z from 'zod/mini';

/**
 * What a refusal is, for a program: the app decides what to tell the listener from the `code` (and
 * will say it in the listener's language), never from the status number or the English sentence.
 * Codes are stable: add new ones, never rename one. Grouped by who answers them.
 */
export const ERROR_CODES = [
  // Any route.
  'cross_site', // 403: a write or a realtime socket from another site's page
  'invalid_request', // 400: a body that is not JSON, or of the wrong content type
  'too_large', // 413: a body over the route's limit
  'rate_limited', // 429: too many of these from this client; Retry-After says for how long
  'not_found', // 404: no such path
  'server_error', // 500: the server failed; nothing was changed
  // The admin.
  'sign_in_required', // 401: an admin-only route without an admin session
  'admin_only', // 403: an admin-only route with a session that is not the admin's
  'sign_in_invalid', // 400: no username or password
  'sign_in_wrong', // 401: wrong username or password
  'sign_in_off', // 403: admin sign-in is turned off on this server
  'metrics_forbidden', // 403: /metrics asked from an address not allowed
  'insights_days_invalid', // 400
  'audience_csv_invalid', // 400
  // The schedule.
  'schedule_invalid', // 400: not a week of the right shape
  'schedule_stale', // 409: saved on an old version; `current` holds the latest
  'schedule_missing', // 404: no schedule stored yet
  // The chat.
  'chat_no_session', // 401: pick a name first
  'chat_name_invalid', // 400
  'chat_name_reserved', // 403: the admin's name
  'chat_name_taken', // 409
  'chat_muted', // 403: with `mutedUntil`
  'chat_history_query_invalid', // 400
  'chat_message_invalid', // 400
  'chat_message_id_taken', // 409
  'chat_reply_missing', // 400
  'chat_message_missing', // 404
  'chat_reaction_invalid', // 400
  'chat_reaction_kinds_full', // 409: the message has every kind of reaction it may hold
  'chat_reactions_mine_full', // 409: this chatter gave the message all the reactions they may
  'chat_mute_invalid', // 400
  'chat_nobody_named', // 404: nobody in the chat goes by that name
  // Push subscriptions.
  'push_subscription_invalid', // 400
  'push_preferences_invalid', // 400
  'push_endpoint_refused', // 400: not a known push service, or not https on 443
  'push_unsubscribe_invalid', // 400
  // Analytics.
  'events_invalid', // 400
  'events_too_many', // 413: more events in one batch than allowed
  'events_unknown_show', // 400: a show the schedule does not have
  // Integrations (admin only).
  'integration_invalid', // 400: `error` names the field
  'integration_url_refused', // 400: not https, or a private address the operator has not allowed
  'integration_missing', // 404
  'integrations_full', // 409: INTEGRATIONS_MAX integrations already
  // The archive (live rewind, episodes, feeds).
  'rewind_at_invalid', // 400: `at` absent or not epoch milliseconds, or a bad `quality`
  'rewind_future', // 416: `at` is later than the live edge
  'rewind_outside_window', // 416: `at` is older than the rewind window (TIMESHIFT_HOURS)
  'rewind_gap', // 404: nothing was recorded at `at` (the stream was down)
  'rewind_too_many', // 429: this address holds as many rewind streams as it may
  'episodes_query_invalid', // 400
  'episode_id_invalid', // 400
  'episode_missing', // 404: no such episode, hidden, not public, or episodes are off
  'episode_trim_invalid', // 400
  'range_invalid', // 416: a Range header that is malformed, multiple, or past the end
  'show_missing', // 404: no show with that slug has a published episode
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Every JSON error this server answers with: a machine-readable `code`, and `error`, one English
 * sentence for people reading the API (the app shows its own text for the code).
 */
export const errorBodySchema = z.object({ error: z.string(), code: z.enum(ERROR_CODES) });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * How a client reads an error body: the code is kept as text, so a newer server's code (or an
 * older server's missing one) still gives the app its sentence and a fallback.
 */
export const receivedErrorBodySchema = z.object({ error: z.string(), code: z.optional(z.string()) });
