import {
  chatEventSchema,
  chatMessagesPageSchema,
  CHAT_HISTORY_PAGE_MAX,
  type ChatMessage,
} from '@onair/core';
import { getJson } from './api-client.ts';
import type { RealtimeClient } from './realtime-client.ts';
import { readStored, subscribeStored, writeStored } from './storage.ts';
import * as stored from './stored.ts';

/** How many of the newest messages `latest` holds: more than a small window can show. */
export const LATEST_KEPT = 6;

/**
 * The chat room read from outside the chat (it never signs in nor sends): it reads the newest page
 * once, then follows the chat topic, for two readers.
 * - Spec §2 / §7 #3: the Chat shortcut's unread badge counts messages newer than
 *   lastSeenMessageTime while the listener is not on /chat. On a first visit (nothing seen yet) that
 *   page is where the newcomer starts: they have read none of it, but missed none of it either; what
 *   comes after counts.
 * - Issue 34: the pop-out player shows the newest lines (`latest`).
 * It lives in lib/ (features never import each other), and chat-unread.ts loads it after first paint.
 */
export class ChatFollower {
  /** createdAt of each live (not removed) message known, by id. */
  readonly #times = new Map<string, number>();
  readonly #listeners = new Set<() => void>();
  #heldSeq: number | null = null;
  #unread = 0;
  #latest: readonly ChatMessage[] = [];

  /** Messages newer than lastSeenMessageTime. */
  get unread(): number {
    return this.#unread;
  }

  /** The newest LATEST_KEPT messages not removed, oldest first. */
  get latest(): readonly ChatMessage[] {
    return this.#latest;
  }

  /** `listener` is called whenever `unread` or `latest` changes. */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Reads the newest messages and follows the topic; returns the stop. */
  start(realtime: RealtimeClient | null): () => void {
    const controller = new AbortController();
    void this.#loadNewest(controller.signal);
    const unfollow = realtime?.subscribe('chat', {
      currentVersion: () => this.#heldSeq,
      onDocument: (version, data) => this.#onEvent(version, data, controller.signal),
    });
    // Opening the chat in another tab marks messages seen here too.
    const unwatch = subscribeStored(stored.lastSeenMessageTime, () => this.#recount());
    return () => {
      controller.abort();
      unfollow?.();
      unwatch();
    };
  }

  async #loadNewest(signal: AbortSignal): Promise<void> {
    try {
      const page = await getJson(
        `/api/chat/messages?limit=${CHAT_HISTORY_PAGE_MAX}`,
        chatMessagesPageSchema,
        { signal },
      );
      for (const message of page.messages) {
        if (message.deleted) this.#times.delete(message.id);
        else this.#times.set(message.id, message.createdAt);
        this.#heldSeq = Math.max(this.#heldSeq ?? 0, message.seq);
      }
      // An empty room marks 0: every message written after this first look counts.
      if (readStored(stored.lastSeenMessageTime) === null) {
        writeStored(stored.lastSeenMessageTime, page.messages.at(-1)?.createdAt ?? 0);
      }
      this.#keepLatest(page.messages);
      this.#recount();
    } catch (error) {
      // A badge and a few lines are hints: without the chat server neither shows.
      if (!signal.aborted) console.warn('Chat unavailable outside the chat', error);
    }
  }

  #onEvent(version: number, data: unknown, signal: AbortSignal): void {
    const event = chatEventSchema.safeParse(data);
    if (!event.success) return;
    if (event.data.type === 'resync') {
      this.#heldSeq = version;
      void this.#loadNewest(signal);
      return;
    }
    this.#heldSeq = Math.max(this.#heldSeq ?? 0, version);
    if (event.data.type === 'message') this.#times.set(event.data.message.id, event.data.message.createdAt);
    if (event.data.type === 'deleted') this.#times.delete(event.data.message.id);
    if (event.data.type === 'message' || event.data.type === 'deleted')
      this.#keepLatest([event.data.message]);
    this.#recount();
  }

  /** Puts `messages` (new, or removed ones) in `latest` by seq: a page and live events may overlap. */
  #keepLatest(messages: readonly ChatMessage[]): void {
    const byId = new Map(this.#latest.map((message) => [message.id, message]));
    for (const message of messages) byId.set(message.id, message);
    const latest = [...byId.values()]
      .filter((message) => !message.deleted)
      .sort((a, b) => a.seq - b.seq)
      .slice(-LATEST_KEPT);
    const same =
      latest.length === this.#latest.length &&
      latest.every((message, index) => message === this.#latest[index]);
    if (same) return;
    this.#latest = latest;
    this.#notify();
  }

  #recount(): void {
    const seen = readStored(stored.lastSeenMessageTime);
    let unread = 0;
    // Until the first page is read, a newcomer has nothing to count against.
    if (seen !== null) for (const time of this.#times.values()) if (time > seen) unread += 1;
    if (unread === this.#unread) return;
    this.#unread = unread;
    this.#notify();
  }

  #notify(): void {
    for (const listener of this.#listeners) listener();
  }
}
