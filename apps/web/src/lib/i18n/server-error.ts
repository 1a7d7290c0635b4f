import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ErrorCode } from '@onair/core';
import { ApiError, ServerUnreachableError } from '../api-client.ts';

/**
 * The app's own sentence for each refusal a listener (or the station, in the app) can meet, by the
 * server's `code` (core's ERROR_CODES). The server's `error` stays English for people reading the API;
 * a code missing here (an admin-only API, a newer server's code) falls back to that English sentence.
 */
const BY_CODE: Partial<Record<ErrorCode, MessageDescriptor>> = {
  cross_site: msg`This page is not allowed to send that. Reload the app and try again.`,
  invalid_request: msg`The app sent something the server could not read. Reload the app and try again.`,
  too_large: msg`That is too large to send.`,
  rate_limited: msg`Too many tries in a short time. Wait a moment, then try again.`,
  not_found: msg`The server does not have that.`,
  server_error: msg`The server failed; nothing was changed. Try again in a moment.`,
  sign_in_required: msg`Sign in as the station first.`,
  admin_only: msg`Only the station can do that.`,
  sign_in_invalid: msg`Enter a username and a password.`,
  sign_in_wrong: msg`Wrong username or password.`,
  sign_in_off: msg`Signing in is turned off on this server.`,
  schedule_invalid: msg`The schedule was not saved: it is not a valid week.`,
  schedule_stale: msg`The schedule changed meanwhile. The latest is shown; make your change again.`,
  schedule_missing: msg`No schedule has been saved yet.`,
  chat_no_session: msg`Choose a name to chat first.`,
  chat_name_reserved: msg`That name is reserved for the station. Choose another.`,
  chat_name_taken: msg`That name is taken by another listener in the chat. Choose another.`,
  chat_muted: msg`You are muted in the chat.`,
  chat_message_invalid: msg`The message was not sent: it is empty or too long.`,
  chat_message_id_taken: msg`The message was already sent.`,
  chat_reply_missing: msg`The message you answered is no longer in the chat.`,
  chat_message_missing: msg`That message is no longer in the chat.`,
  chat_reaction_invalid: msg`That reaction cannot be given.`,
  chat_reaction_kinds_full: msg`This message has every kind of reaction it may hold.`,
  chat_reactions_mine_full: msg`You have given this message all the reactions you may.`,
  chat_mute_invalid: msg`That mute is not valid.`,
  chat_nobody_named: msg`Nobody in the chat goes by that name.`,
  push_subscription_invalid: msg`This browser’s notification subscription was refused.`,
  push_preferences_invalid: msg`Those notification settings were refused.`,
  push_endpoint_refused: msg`This browser’s push service is not one the station can send to.`,
  push_unsubscribe_invalid: msg`Notifications could not be turned off.`,
  rewind_future: msg`That moment has not been broadcast yet.`,
  rewind_outside_window: msg`That moment is too long ago to rewind to.`,
  rewind_gap: msg`Nothing was recorded at that moment: the stream was down.`,
  rewind_too_many: msg`Too many rewinds are playing from your connection. Stop one, then try again.`,
  episode_missing: msg`That episode is not available.`,
  show_missing: msg`That show has no episodes.`,
};

const UNREACHABLE = msg`The server could not be reached. Check your connection and try again.`;

/**
 * What the listener reads for a failed API call, in the app's language: the sentence for the server's
 * `code`, else the server's own (English) sentence, else the error's text. Every screen that shows a
 * server's refusal goes through this.
 */
export function serverErrorText(error: unknown): string {
  return knownServerErrorText(error) ?? (error instanceof Error ? error.message : String(error));
}

/** The app's own sentence for `error` (see serverErrorText), or null when it has none for it. */
export function knownServerErrorText(error: unknown): string | null {
  if (error instanceof ServerUnreachableError) return i18n._(UNREACHABLE);
  if (!(error instanceof ApiError)) return null;
  const code = error.code;
  // Own keys only: a code such as 'constructor' is not one of ours.
  const known = code !== null && Object.hasOwn(BY_CODE, code) ? BY_CODE[code as ErrorCode] : undefined;
  return known ? i18n._(known) : null;
}
