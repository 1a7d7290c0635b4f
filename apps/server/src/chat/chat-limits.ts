import type { FastifyInstance } from 'fastify';
import { CHAT_RATE_MAX_MESSAGES, CHAT_RATE_WINDOW_MS } from '@onair/core';
import { clientKey } from '../client-key.ts';
import { KeyedLimit } from '../rate-limits.ts';

/** Reaction changes one chatter may make within `CHAT_RATE_WINDOW_MS` (each one is an event for everyone). */
export const CHAT_RATE_MAX_REACTIONS = 20;
/**
 * New chat sessions one address may start per hour: enough for a household or an office behind
 * one address to chat, few enough that clearing cookies to shed a mute soon stops working.
 */
export const CHAT_SESSIONS_PER_ADDRESS = 30;
export const CHAT_SESSIONS_WINDOW_MS = 60 * 60_000;

/** The chat's rate limits (shared by every instance when REDIS_URL is set). */
export class ChatLimits {
  readonly #messages: KeyedLimit;
  readonly #reactions: KeyedLimit;
  readonly #sessions: KeyedLimit;

  constructor(app: FastifyInstance) {
    this.#messages = new KeyedLimit(app, 'chat-message', CHAT_RATE_MAX_MESSAGES, CHAT_RATE_WINDOW_MS);
    this.#reactions = new KeyedLimit(app, 'chat-reaction', CHAT_RATE_MAX_REACTIONS, CHAT_RATE_WINDOW_MS);
    this.#sessions = new KeyedLimit(app, 'chat-session', CHAT_SESSIONS_PER_ADDRESS, CHAT_SESSIONS_WINDOW_MS);
  }

  /** Each counts one and answers 0, or the milliseconds to wait. */
  message(chatterKey: string): Promise<number> {
    return this.#messages.take(chatterKey);
  }

  reaction(chatterKey: string): Promise<number> {
    return this.#reactions.take(chatterKey);
  }

  /** `ip`: the real client address (request.ip). */
  session(ip: string): Promise<number> {
    return this.#sessions.take(clientKey(ip));
  }
}
