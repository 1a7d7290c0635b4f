import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CHAT_BODY_MAX_BYTES,
  CHAT_NAME_RULE,
  CHAT_REACTION_KINDS_MAX,
  CHAT_REACTIONS_PER_CHATTER_MAX,
  chatMessagesQuerySchema,
  chatMuteBodySchema,
  chatNameKey,
  chatReactionParamSchema,
  chatSessionBodySchema,
  postChatMessageBodySchema,
  type ChatMessagesPage,
  type ChatSession,
  type ChatMutedError,
  type ErrorBody,
} from '@onair/core';
import type { AppConfig } from '../config.ts';
import { isReservedName } from '../auth/credentials.ts';
import { isCurrentAdmin } from '../auth/require-admin.ts';
import { useErrorTexts } from '../http-errors.ts';
import type { SessionService } from '../auth/sessions.ts';
import type { ChatterCookies } from '../chat/chatter-cookie.ts';
import type { StoredSession } from '../store/session-repo.ts';
import type { ChatLimits } from '../chat/chat-limits.ts';
import { CHAT_SESSION_TTL_MS, type ChatService, type Chatter } from '../chat/chat-service.ts';
import type { ChatRepo } from '../store/chat-repo.ts';

interface ChatRouteOptions {
  config: Pick<AppConfig, 'admin'>;
  chat: ChatService;
  repo: ChatRepo;
  /** The admin's sign-in sessions (read only: is this request the admin's?). */
  adminSessions: SessionService;
  /** The chat's own sessions, in their own cookie. */
  chatSessions: SessionService;
  limits: ChatLimits;
  /** Who a chatter is across names and sign-outs. */
  chatters: ChatterCookies;
  now: () => Date;
  onMessagePosted?: () => void;
}

const messageParams = z.object({ id: z.uuid() });
const reactionParams = z.object({ id: z.uuid(), emoji: chatReactionParamSchema });

const NO_SESSION_ERROR = 'Choose a chat name first.';
const RESERVED_ERROR = "That name is the station admin's.";
const TAKEN_ERROR = 'Someone in the chat is using that name. Pick another.';
const SLOW_DOWN_ERROR = 'You are sending too fast. Wait a moment.';
const NOT_ADMIN_ERROR = 'Only the admin may moderate the chat.';
const NO_MESSAGE_ERROR = 'That message does not exist.';
const INVALID_ERROR = 'Invalid chat request.';
const TOO_MANY_KINDS_ERROR = `This message has ${CHAT_REACTION_KINDS_MAX} different reactions already. Add yours to one of them.`;
const TOO_MANY_MINE_ERROR = `You can give a message at most ${CHAT_REACTIONS_PER_CHATTER_MAX} reactions. Take one back to give another.`;

/** POST /api/chat/session … /api/chat/mutes: thin — parse, check limits, call the chat service, reply. */
export async function chatRoutes(
  app: FastifyInstance,
  {
    config,
    chat,
    repo,
    adminSessions,
    chatSessions,
    limits,
    chatters,
    now,
    onMessagePosted,
  }: ChatRouteOptions,
): Promise<void> {
  // Bodies that never reach a handler (not JSON, too large) get the chat's own sentences.
  useErrorTexts(app, {
    invalid: { error: INVALID_ERROR, code: 'invalid_request' },
    tooLarge: { error: 'That is too long to send.', code: 'too_large' },
    failed: () => ({ error: 'The chat is unavailable right now. Try again.', code: 'server_error' }),
    logLine: 'chat request failed',
  });

  const isAdmin = async (request: FastifyRequest) =>
    isCurrentAdmin(await adminSessions.current(request), config.admin);

  /** The chatter this request speaks for, or a reply already sent (401 / 403). */
  const chatterOf = async (request: FastifyRequest, reply: FastifyReply): Promise<Chatter | null> => {
    const session = await chatSessions.current(request);
    const key = session ? chatterKeyOf(session) : null;
    // A session whose name someone else now holds (its person freed it from another browser) speaks for nobody.
    if (!session || key === null || (await repo.holderOf(chatNameKey(session.username), now())) !== key) {
      await reply.code(401).send({ error: NO_SESSION_ERROR, code: 'chat_no_session' } satisfies ErrorBody);
      return null;
    }
    // The admin's name speaks for the admin only while the admin is signed in here.
    const admin = isReservedName(session.username, config.admin);
    if (admin && !(await isAdmin(request))) {
      await reply.code(403).send({ error: RESERVED_ERROR, code: 'chat_name_reserved' } satisfies ErrorBody);
      return null;
    }
    const mutedUntil = await chat.mutedUntil(key, now());
    if (mutedUntil !== null) {
      await reply.code(403).send({
        error: mutedSentence(mutedUntil, now()),
        code: 'chat_muted',
        mutedUntil,
      } satisfies ChatMutedError);
      return null;
    }
    return { key, name: session.username, admin };
  };

  const tooFast = (reply: FastifyReply, waitMs: number) => {
    reply.header('retry-after', String(Math.max(1, Math.ceil(waitMs / 1_000))));
    return reply.code(429).send({ error: SLOW_DOWN_ERROR, code: 'rate_limited' } satisfies ErrorBody);
  };

  app.post('/api/chat/session', { bodyLimit: CHAT_BODY_MAX_BYTES }, async (request, reply) => {
    const body = chatSessionBodySchema.safeParse(request.body);
    if (!body.success)
      return reply.code(400).send({ error: CHAT_NAME_RULE, code: 'chat_name_invalid' } satisfies ErrorBody);
    const { name } = body.data;
    const key = chatNameKey(name);
    const admin = isReservedName(name, config.admin);
    if (admin && !(await isAdmin(request)))
      return reply.code(403).send({ error: RESERVED_ERROR, code: 'chat_name_reserved' } satisfies ErrorBody);
    const current = await chatSessions.current(request);
    const currentKey = current ? chatNameKey(current.username) : null;
    // Already chatting under this name: nothing to start (a reload, or the app re-sending its name).
    if (current && currentKey === key) return { name: current.username, admin } satisfies ChatSession;
    // The person asking: their session's, else their browser's chatter cookie's, else someone new.
    const person = (current && chatterKeyOf(current)) ?? chatters.current(request);
    if (person !== null) {
      const mutedUntil = await chat.mutedUntil(person, now());
      // A new name, or signing out and back in, would shed the mute: it waits the mute out.
      if (mutedUntil !== null)
        return reply.code(403).send({
          error: mutedSentence(mutedUntil, now()),
          code: 'chat_muted',
          mutedUntil,
        } satisfies ChatMutedError);
    }
    const waitMs = await limits.session(request.ip);
    if (waitMs > 0) {
      reply.header('retry-after', String(Math.ceil(waitMs / 1_000)));
      return reply.code(429).send({
        error: 'Too many new chat names from your network. Try again later.',
        code: 'rate_limited',
      } satisfies ErrorBody);
    }
    const holder = person ?? chatters.issue(request, reply);
    const expiresAt = new Date(now().getTime() + CHAT_SESSION_TTL_MS);
    if (!(await repo.claimName(key, name, { holder, previousKey: currentKey, expiresAt, now: now() }))) {
      return reply.code(409).send({ error: TAKEN_ERROR, code: 'chat_name_taken' } satisfies ErrorBody);
    }
    await chatSessions.start(request, reply, name, 'listener', holder);
    return { name, admin } satisfies ChatSession;
  });

  app.get('/api/chat/session', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const session = await chatSessions.current(request);
    // None yet is an ordinary answer, not an error: the chat screen asks this of every visitor, and a
    // 4xx would put a failed request on the console of everyone who has not picked a name.
    if (!session) return reply.code(204).send();
    return {
      name: session.username,
      admin: isReservedName(session.username, config.admin),
    } satisfies ChatSession;
  });

  app.delete('/api/chat/session', async (request, reply) => {
    const session = await chatSessions.current(request);
    // The name is free for others; the person (their chatter cookie, their mute) stays.
    if (session) await repo.releaseName(chatNameKey(session.username), chatterKeyOf(session));
    await chatSessions.end(request, reply);
    return reply.code(204).send();
  });

  app.get('/api/chat/messages', async (request, reply) => {
    const query = chatMessagesQuerySchema.safeParse(request.query);
    if (!query.success)
      return reply.code(400).send({
        error: 'limit must be 1..100 and before a positive seq.',
        code: 'chat_history_query_invalid',
      } satisfies ErrorBody);
    reply.header('cache-control', 'no-store');
    return { messages: await chat.history(query.data.before, query.data.limit) } satisfies ChatMessagesPage;
  });

  app.post('/api/chat/messages', { bodyLimit: CHAT_BODY_MAX_BYTES }, async (request, reply) => {
    const chatter = await chatterOf(request, reply);
    if (!chatter) return reply;
    const body = postChatMessageBodySchema.safeParse(request.body);
    if (!body.success)
      return reply.code(400).send({
        error: body.error.issues[0]?.message ?? INVALID_ERROR,
        code: 'chat_message_invalid',
      } satisfies ErrorBody);
    // A resend of a stored message is answered before the rate limit: retrying after a lost answer is never "too fast".
    const stored = await repo.findMessage(body.data.id);
    if (!stored) {
      const waitMs = await limits.message(chatter.key);
      if (waitMs > 0) return tooFast(reply, waitMs);
    }
    const result = await chat.post(chatter, body.data, now());
    switch (result.kind) {
      case 'created':
        onMessagePosted?.();
        return reply.code(201).send({ message: result.message });
      case 'resent':
        return reply.code(200).send({ message: result.message });
      case 'id-taken':
        return reply.code(409).send({
          error: 'That message id is used by another message.',
          code: 'chat_message_id_taken',
        } satisfies ErrorBody);
      case 'no-reply-target':
        return reply.code(400).send({
          error: 'The message you reply to does not exist.',
          code: 'chat_reply_missing',
        } satisfies ErrorBody);
    }
  });

  const react = (on: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    const chatter = await chatterOf(request, reply);
    if (!chatter) return reply;
    const params = reactionParams.safeParse(request.params);
    if (!params.success)
      return reply
        .code(400)
        .send({ error: 'Not a reaction.', code: 'chat_reaction_invalid' } satisfies ErrorBody);
    const waitMs = await limits.reaction(chatter.key);
    if (waitMs > 0) return tooFast(reply, waitMs);
    const result = await chat.react(chatter, params.data.id, params.data.emoji, on, now());
    if (result === 'missing')
      return reply
        .code(404)
        .send({ error: NO_MESSAGE_ERROR, code: 'chat_message_missing' } satisfies ErrorBody);
    if (result === 'too-many-kinds')
      return reply
        .code(409)
        .send({ error: TOO_MANY_KINDS_ERROR, code: 'chat_reaction_kinds_full' } satisfies ErrorBody);
    if (result === 'too-many-mine')
      return reply
        .code(409)
        .send({ error: TOO_MANY_MINE_ERROR, code: 'chat_reactions_mine_full' } satisfies ErrorBody);
    return { messageId: params.data.id, reactions: result };
  };
  app.put('/api/chat/messages/:id/reactions/:emoji', react(true));
  app.delete('/api/chat/messages/:id/reactions/:emoji', react(false));

  app.delete('/api/chat/messages/:id', async (request, reply) => {
    if (!(await isAdmin(request))) {
      return reply.code(403).send({ error: NOT_ADMIN_ERROR, code: 'admin_only' } satisfies ErrorBody);
    }
    const params = messageParams.safeParse(request.params);
    if (!params.success || !(await chat.remove(params.data.id, now()))) {
      return reply
        .code(404)
        .send({ error: NO_MESSAGE_ERROR, code: 'chat_message_missing' } satisfies ErrorBody);
    }
    return reply.code(204).send();
  });

  app.post('/api/chat/mutes', { bodyLimit: CHAT_BODY_MAX_BYTES }, async (request, reply) => {
    if (!(await isAdmin(request))) {
      return reply.code(403).send({ error: NOT_ADMIN_ERROR, code: 'admin_only' } satisfies ErrorBody);
    }
    const body = chatMuteBodySchema.safeParse(request.body);
    if (!body.success)
      return reply.code(400).send({
        error: 'Give a chat name and 0..10080 minutes.',
        code: 'chat_mute_invalid',
      } satisfies ErrorBody);
    const muted = await chat.mute(body.data.name, body.data.minutes, now());
    if (muted === 'unknown')
      return reply.code(404).send({
        error: 'Nobody in the chat goes by that name.',
        code: 'chat_nobody_named',
      } satisfies ErrorBody);
    return { name: body.data.name, mutedUntil: muted.until };
  });
}

/** The person behind a chat session; a session from before chatter cookies is its folded name's. */
function chatterKeyOf(session: StoredSession): string {
  return session.chatterKey ?? chatNameKey(session.username);
}

function mutedSentence(untilMs: number, now: Date): string {
  const minutes = Math.max(1, Math.ceil((untilMs - now.getTime()) / 60_000));
  return `The admin muted you for ${minutes} more minute${minutes === 1 ? '' : 's'}.`;
}
