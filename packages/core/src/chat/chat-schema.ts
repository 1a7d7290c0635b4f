import * as z from 'zod/mini';
import { canonicalReaction } from './chat-reactions.ts';

/** Longest message, in characters (code points) after trimming. */
export const CHAT_MESSAGE_MAX_CHARS = 500;
/** Messages one chatter may send within `CHAT_RATE_WINDOW_MS`; the next is answered 429. */
export const CHAT_RATE_MAX_MESSAGES = 5;
export const CHAT_RATE_WINDOW_MS = 10_000;
/** Every chat request body is small: a message of 500 emoji is under 2 KB of JSON. */
export const CHAT_BODY_MAX_BYTES = 2_048;
/** History pages: `limit` may be 1..100; without it, this many. */
export const CHAT_HISTORY_PAGE_MIN = 1;
export const CHAT_HISTORY_PAGE_MAX = 100;
export const CHAT_HISTORY_PAGE_DEFAULT = 50;
/** Longest mute the admin may give, in minutes (a week); 0 lifts a mute. */
export const CHAT_MUTE_MAX_MINUTES = 7 * 24 * 60;
/** What a removed message shows to everyone in place of its text. */
export const CHAT_REMOVED_TEXT = 'message removed';

/** Characters a message may not hold: controls other than tab and newline, and bidi overrides (spoofing). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN_TEXT_CHARS = /[\u0000-\u0008\u000B-\u001F\u007F\u202A-\u202E\u2066-\u2069]/u;

/** The text as it is kept: NFC, Windows line ends made '\n', trimmed. */
export function normalizeChatText(text: string): string {
  return text.normalize('NFC').replace(/\r\n?/g, '\n').trim();
}

/** Why `text` (normalized) cannot be sent, or null when it can; the server's 400 says the same. */
export function chatTextProblem(text: string): string | null {
  const normalized = normalizeChatText(text);
  if (normalized === '') return 'Write something first.';
  if ([...normalized].length > CHAT_MESSAGE_MAX_CHARS)
    return `Messages are at most ${CHAT_MESSAGE_MAX_CHARS} characters.`;
  if (FORBIDDEN_TEXT_CHARS.test(normalized)) return 'The message holds characters that cannot be sent.';
  return null;
}

/** One emoji and who gave it, in the order the first person gave it. */
export const chatReactionSchema = z.object({
  emoji: z.string(),
  names: z.array(z.string()),
});
export type ChatReaction = z.infer<typeof chatReactionSchema>;

/**
 * A chat message as the server serves it. `seq` is the event number that created it (the room's
 * events — messages, reactions, removals — are numbered 1, 2, 3… without gaps); `createdAt` is
 * epoch ms; a removed message keeps its place with `deleted: true` and text `CHAT_REMOVED_TEXT`.
 * `admin` marks the station admin's own messages.
 */
export const chatMessageSchema = z.object({
  id: z.uuid(),
  seq: z.int().check(z.positive()),
  name: z.string(),
  text: z.string(),
  replyTo: z.nullable(z.uuid()),
  mentions: z.array(z.string()),
  reactions: z.array(chatReactionSchema),
  createdAt: z.int().check(z.nonnegative()),
  deleted: z.boolean(),
  admin: z.boolean(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** 200 of POST /api/chat/session and of GET /api/chat/session. */
export const chatSessionSchema = z.object({ name: z.string(), admin: z.boolean() });
export type ChatSession = z.infer<typeof chatSessionSchema>;

/** POST /api/chat/messages: `id` is the client's UUID for this message, so a resend is recognised. */
export const postChatMessageBodySchema = z.object({
  id: z.uuid(),
  text: z.pipe(
    z.string().check(
      z.maxLength(CHAT_MESSAGE_MAX_CHARS * 4),
      z.superRefine((text, context) => {
        const problem = chatTextProblem(text);
        if (problem !== null) context.addIssue({ code: 'custom', message: problem });
      }),
    ),
    z.transform(normalizeChatText),
  ),
  replyTo: z.optional(z.nullable(z.uuid())),
});
export type PostChatMessageBody = z.input<typeof postChatMessageBodySchema>;
/**
 * A message of mine the server has not confirmed, as the web keeps it across reloads: 'pending' is
 * sent again by itself (under the same id, so never twice), 'failed' waits for Retry or Discard.
 */
export const outgoingChatMessageSchema = z.object({
  id: z.uuid(),
  text: z.string().check(z.maxLength(CHAT_MESSAGE_MAX_CHARS * 4)),
  replyTo: z.nullable(z.uuid()),
  createdAt: z.int().check(z.nonnegative()),
  status: z.enum(['pending', 'failed']),
  error: z.nullable(z.string().check(z.maxLength(500))),
});
export type OutgoingChatMessage = z.infer<typeof outgoingChatMessageSchema>;
/** 201 (first time) or 200 (the same `id` again) of POST /api/chat/messages. */
export const postChatMessageReplySchema = z.object({ message: chatMessageSchema });

/** GET /api/chat/messages?before=<seq>&limit=<1..100> */
export const chatMessagesQuerySchema = z.object({
  before: z.optional(z.coerce.number().check(z.int(), z.positive())),
  limit: z._default(
    z.coerce.number().check(z.int(), z.minimum(CHAT_HISTORY_PAGE_MIN), z.maximum(CHAT_HISTORY_PAGE_MAX)),
    CHAT_HISTORY_PAGE_DEFAULT,
  ),
});
/** The answer: oldest first. */
export const chatMessagesPageSchema = z.object({ messages: z.array(chatMessageSchema) });
export type ChatMessagesPage = z.infer<typeof chatMessagesPageSchema>;

/** The `:emoji` of PUT/DELETE /api/chat/messages/:id/reactions/:emoji (after URL decoding), as it is kept (`canonicalReaction`). */
export const chatReactionParamSchema = z.pipe(
  z.string(),
  z.transform((emoji, context) => {
    const reaction = canonicalReaction(emoji);
    if (reaction === null) context.issues.push({ code: 'custom', message: 'Not a reaction.', input: emoji });
    return reaction ?? emoji;
  }),
);

/** 200 of POST /api/chat/mutes; `mutedUntil` epoch ms, null when lifted. */
export const chatMuteSchema = z.object({ name: z.string(), mutedUntil: z.nullable(z.int()) });

/** 403 of POST /api/chat/messages for a muted chatter (code `chat_muted`): the sentence and until when (epoch ms). */
export const chatMutedErrorSchema = z.object({
  error: z.string(),
  code: z.literal('chat_muted'),
  mutedUntil: z.int(),
});
export type ChatMutedError = z.infer<typeof chatMutedErrorSchema>;

/**
 * One event of the room as it reaches realtime subscribers (the `data` of a `chat` frame whose
 * `version` is the event's seq):
 * - `message`: a new message;
 * - `reactions`: a message's reactions changed (the whole new list);
 * - `deleted`: the admin removed a message (its tombstone);
 * - `resync`: no events follow from what the client holds (it held nothing, or is too far behind,
 *   or the store was reset): page with GET /api/chat/messages; live events continue after `version`;
 * - `superseded`: only in a resume, which sends what changed rather than every step: the events up
 *   to `version` that were not sent are ones a later frame of the same resume replaces (see
 *   `chatEventSupersession`), so skipping them is no gap.
 */
export const chatEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), message: chatMessageSchema }),
  z.object({ type: z.literal('reactions'), messageId: z.uuid(), reactions: z.array(chatReactionSchema) }),
  z.object({ type: z.literal('deleted'), message: chatMessageSchema }),
  z.object({ type: z.literal('resync') }),
  z.object({ type: z.literal('superseded') }),
]);
export type ChatEvent = z.infer<typeof chatEventSchema>;

/**
 * A realtime `chat` frame (realtime/frames.ts): one room event, `version` its seq. Here, not among
 * the other frames, so the socket's own module (on Home's first paint) holds no chat schema.
 */
export const chatFrameSchema = z.object({
  topic: z.literal('chat'),
  version: z.int().check(z.nonnegative()),
  data: chatEventSchema,
});
export type ChatFrame = z.infer<typeof chatFrameSchema>;

/**
 * What a chat event sets (`key`) and which earlier events it makes stale (`replaces`, by their
 * keys): a reactions event carries the message's whole list, so it replaces the message's earlier
 * lists; a removal's tombstone replaces the message and its reactions (so a resume never sends the
 * removed text, and a client that never held the message gets the tombstone). null: replaces
 * nothing and is replaced by nothing.
 */
export function chatEventSupersession(event: ChatEvent): { key: string; replaces: string[] } | null {
  switch (event.type) {
    case 'message':
      return { key: `message:${event.message.id}`, replaces: [] };
    case 'reactions':
      return { key: `reactions:${event.messageId}`, replaces: [`reactions:${event.messageId}`] };
    case 'deleted':
      return {
        key: `deleted:${event.message.id}`,
        replaces: [`message:${event.message.id}`, `reactions:${event.message.id}`],
      };
    case 'resync':
    case 'superseded':
      return null;
  }
}
