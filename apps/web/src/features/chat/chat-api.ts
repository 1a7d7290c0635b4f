import {
  chatMessagesPageSchema,
  chatMuteSchema,
  chatReactionSchema,
  chatSessionSchema,
  postChatMessageReplySchema,
  type ChatMessage,
  type ChatReaction,
  type ChatSession,
} from '@onair/core';
import * as z from 'zod/mini';
import { getJson, sendJson } from '../../lib/api-client.ts';

/** The chat's HTTP calls (issue 9's contract), each answer validated with core's schema. */
export interface ChatApi {
  /** The chat session the cookie holds; null when there is none (the server's 204). */
  currentSession(): Promise<ChatSession | null>;
  openSession(name: string): Promise<ChatSession>;
  /** Oldest first; `before` pages upward from a seq. */
  messages(options: { before?: number; limit: number }): Promise<ChatMessage[]>;
  post(body: { id: string; text: string; replyTo: string | null }): Promise<ChatMessage>;
  /** Answers the message's new reactions. */
  react(messageId: string, emoji: string, on: boolean): Promise<ChatReaction[]>;
  remove(messageId: string): Promise<void>;
  mute(name: string, minutes: number): Promise<void>;
}

const reactionsAnswer = z.object({ messageId: z.uuid(), reactions: z.array(chatReactionSchema) });

export const httpChatApi: ChatApi = {
  currentSession: () => getJson('/api/chat/session', z.nullable(chatSessionSchema)),
  openSession: (name) => sendJson('POST', '/api/chat/session', { name }, chatSessionSchema),
  async messages({ before, limit }) {
    const query = new URLSearchParams({ limit: String(limit) });
    if (before !== undefined) query.set('before', String(before));
    return (await getJson(`/api/chat/messages?${query}`, chatMessagesPageSchema)).messages;
  },
  async post(body) {
    const payload = body.replyTo ? body : { id: body.id, text: body.text };
    return (await sendJson('POST', '/api/chat/messages', payload, postChatMessageReplySchema)).message;
  },
  async react(messageId, emoji, on) {
    const path = `/api/chat/messages/${encodeURIComponent(messageId)}/reactions/${encodeURIComponent(emoji)}`;
    return (await sendJson(on ? 'PUT' : 'DELETE', path, undefined, reactionsAnswer)).reactions;
  },
  async remove(messageId) {
    await sendJson('DELETE', `/api/chat/messages/${encodeURIComponent(messageId)}`, undefined, z.null());
  },
  async mute(name, minutes) {
    await sendJson('POST', '/api/chat/mutes', { name, minutes }, chatMuteSchema);
  },
};
