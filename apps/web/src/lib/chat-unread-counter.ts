import { chatEventSchema, chatMessagesPageSchema, CHAT_HISTORY_PAGE_MAX } from '@onair/core';
import { getJson } from './api-client.ts';
import type { RealtimeClient } from './realtime-client.ts';
import { readStored, subscribeStored, writeStored } from './storage.ts';
import { stored } from './stored.ts';

/**
 * Spec §2 / §7 #3: the Chat shortcut's unread badge counts messages newer than lastSeenMessageTime
 * while the listener is not on /chat. Home owns one of these while it is shown: it reads the newest
 * page once, then follows the chat topic. On a first visit (nothing seen yet) that page is where the
 * newcomer starts: they have read none of it, but missed none of it either; what comes after counts.
 * It lives in lib/ (features never import each other), and `useChatUnread` loads it after Home's
 * first paint.
 */
export class ChatUnreadCounter {
  /** createdAt of each live (not removed) message known, by id. */
  readonly #times = new Map<string, number>();
  readonly #listeners = new Set<() => void>();
  #heldSeq: number | null = null;
  #count = 0;

  get count(): number {
    return this.#count;
  }

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
      this.#recount();
    } catch (error) {
      // A badge is a hint: without the chat server Home simply shows none.
      if (!signal.aborted) console.warn('Chat unread count unavailable', error);
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
    this.#recount();
  }

  #recount(): void {
    const seen = readStored(stored.lastSeenMessageTime);
    let count = 0;
    // Until the first page is read, a newcomer has nothing to count against.
    if (seen !== null) for (const time of this.#times.values()) if (time > seen) count += 1;
    if (count === this.#count) return;
    this.#count = count;
    for (const listener of this.#listeners) listener();
  }
}
