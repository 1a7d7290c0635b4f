import {
  CHAT_RESUME_MAX_EVENTS,
  chatEventSchema,
  chatEventSupersession,
  chatNameKey,
  mentionCandidateKeys,
  parseMentions,
  type ChatEvent,
  type ChatMessage,
  type ChatReaction,
} from '@onair/core';
import type { FastifyBaseLogger } from 'fastify';
import type { RealtimeHub } from '../realtime/hub.ts';
import type { ChatRepo } from '../store/chat-repo.ts';
import { EventSequencer } from './event-sequencer.ts';

/** A chat name is held this long after it was chosen (the chat session's life); then anyone may take it. */
export const CHAT_SESSION_TTL_MS = 24 * 60 * 60_000;
/** The chat session's cookie: its own, so chatting never touches the admin's sign-in. */
export const CHAT_SESSION_COOKIE = 'onair_chat';

/** How often old messages are pruned (the first run is soon after start). */
export const CHAT_PRUNE_INTERVAL_MS = 60 * 60_000;
/** Not at once: start-up (and a restart loop) stays quick, and tests of the app see no prune. */
const FIRST_PRUNE_DELAY_MS = 10_000;
const DAY_MS = 24 * 60 * 60_000;

export interface Chatter {
  key: string;
  name: string;
  admin: boolean;
}

export type PostResult =
  { kind: 'created' | 'resent'; message: ChatMessage } | { kind: 'id-taken' } | { kind: 'no-reply-target' };

export type ReactResult = ChatReaction[] | 'missing' | 'too-many-kinds' | 'too-many-mine';

/**
 * The room: writes go to the store (which numbers them), then out to realtime subscribers in seq
 * order; history reads and retention. Rules come from core; limits and sessions stay in the routes.
 */
export class ChatService {
  readonly #sequencer: EventSequencer;
  readonly #hub: RealtimeHub;
  #pruneTimer: ReturnType<typeof setTimeout> | null = null;

  private constructor(
    private readonly repo: ChatRepo,
    head: number,
    hub: RealtimeHub,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'error'>,
  ) {
    const stored = async (after: number, limit: number) =>
      (await repo.eventsAfter(after, limit)).map(({ seq, event }) => ({ seq, data: event }));
    // Resumes are answered from the hub's memory of the events this service publishes from `head` on.
    hub.registerLog('chat', {
      head,
      after: stored,
      storedHead: () => repo.head(),
      maxReplay: CHAT_RESUME_MAX_EVENTS,
      resync: { type: 'resync' } satisfies ChatEvent,
      superseded: { type: 'superseded' } satisfies ChatEvent,
      // Every chat event reaching the hub is this service's: its own, one from the bus (parsed), or one read back from the store.
      supersession: (data) => chatEventSupersession(data as ChatEvent),
    });
    this.#sequencer = new EventSequencer(
      head,
      (seq, data) => hub.publishEvent('chat', seq, data),
      stored,
      (error) => log.error({ err: error }, 'chat events could not be read back'),
    );
    this.#hub = hub;
    // Events saved through other instances arrive over the bus and take their place in seq order.
    hub.bus.onMessage('chat', (message) => {
      if (message.kind !== 'event') return;
      const event = chatEventSchema.safeParse(message.data);
      if (event.success) this.#sequencer.done(message.seq, event.data);
      else log.error({ seq: message.seq }, 'chat event from another instance not understood');
    });
    hub.bus.onResync(() => void this.#sequencer.catchUp());
  }

  /** Reads where the log stands, so events published from now on continue it without a gap. */
  static async open(
    repo: ChatRepo,
    hub: RealtimeHub,
    log: Pick<FastifyBaseLogger, 'info' | 'error'>,
  ): Promise<ChatService> {
    return new ChatService(repo, await repo.head(), hub, log);
  }

  history(before: number | undefined, limit: number): Promise<ChatMessage[]> {
    return this.repo.page(before, limit);
  }

  /** Stores a message once: the same client id again answers the stored message, never a copy. */
  async post(
    chatter: Chatter,
    body: { id: string; text: string; replyTo?: string | null | undefined },
    now: Date,
  ): Promise<PostResult> {
    const existing = await this.repo.findMessage(body.id);
    if (existing)
      return existing.chatterKey === chatter.key
        ? { kind: 'resent', message: strip(existing) }
        : { kind: 'id-taken' };
    const replyTo = body.replyTo ?? null;
    if (replyTo !== null && !(await this.repo.messageExists(replyTo))) return { kind: 'no-reply-target' };
    // Only the names the text could mention are read from the store (several instances share it, so
    // no copy of the room is kept here): a wall of '@'s reads none.
    const candidates = mentionCandidateKeys(body.text);
    const mentions =
      candidates.length === 0
        ? []
        : parseMentions(body.text, await this.repo.liveNamesWithKeys(candidates, now));
    const message = await this.repo.insertMessage({
      id: body.id,
      chatterKey: chatter.key,
      name: chatter.name,
      text: body.text,
      replyTo,
      mentions,
      admin: chatter.admin,
      createdAt: now.getTime(),
    });
    if (message === null) {
      // A resend raced the first send and lost the insert: answer what the first one stored.
      return this.post(chatter, body, now);
    }
    this.#publish(message.seq, { type: 'message', message });
    return { kind: 'created', message };
  }

  /**
   * Gives or takes back a reaction: the message's reactions after it, or why not ('missing': the
   * message does not exist or was removed; 'too-many-…': a cap of core's would be passed).
   */
  async react(
    chatter: Chatter,
    messageId: string,
    emoji: string,
    on: boolean,
    now: Date,
  ): Promise<ReactResult> {
    const result = await this.repo.setReaction(messageId, chatter, emoji, on, now.getTime());
    if (typeof result === 'string' && result !== 'unchanged') return result;
    if (result === 'unchanged') return (await this.repo.findMessage(messageId))?.reactions ?? [];
    this.#publish(result.seq, { type: 'reactions', messageId, reactions: result.reactions });
    return result.reactions;
  }

  /** Removes a message for everyone; false when there is no such message. */
  async remove(messageId: string, now: Date): Promise<boolean> {
    const result = await this.repo.removeMessage(messageId, now.getTime());
    if (result === 'missing') return false;
    if (result !== 'unchanged') this.#publish(result.seq, { type: 'deleted', message: result.message });
    return true;
  }

  /**
   * Mutes the person who goes by `name` for `minutes` (0 lifts it): whoever holds the name now, else
   * whoever last wrote under it. Until when (null when lifted); 'unknown' when nobody goes by it.
   */
  async mute(name: string, minutes: number, now: Date): Promise<{ until: number | null } | 'unknown'> {
    const person =
      (await this.repo.holderOf(chatNameKey(name), now)) ?? (await this.repo.lastSenderNamed(name));
    if (person === null) return 'unknown';
    const until = minutes === 0 ? null : now.getTime() + minutes * 60_000;
    await this.repo.setMute(person, until);
    return { until };
  }

  mutedUntil(chatterKey: string, now: Date): Promise<number | null> {
    return this.repo.mutedUntil(chatterKey, now.getTime());
  }

  /** Prunes messages older than `retentionDays` after `firstDelayMs`, then every `CHAT_PRUNE_INTERVAL_MS`, until `stop`. */
  startRetention(retentionDays: number, now: () => Date, firstDelayMs = FIRST_PRUNE_DELAY_MS): void {
    const run = async () => {
      try {
        const current = now();
        const pruned = await this.repo.prune(current.getTime() - retentionDays * DAY_MS, current);
        if (pruned > 0) this.log.info({ event: 'chat_pruned', messages: pruned }, 'old chat messages pruned');
        // Asked of the store, not of this prune: another instance may have pruned first.
        this.#hub.forgetLogBefore('chat', (await this.repo.firstEventSeq()) ?? Number.POSITIVE_INFINITY);
      } catch (error) {
        this.log.error({ err: error }, 'chat retention pruning failed');
      }
      if (this.#pruneTimer !== null)
        this.#pruneTimer = setTimeout(() => void run(), CHAT_PRUNE_INTERVAL_MS).unref();
    };
    this.#pruneTimer = setTimeout(() => void run(), firstDelayMs).unref();
  }

  stop(): void {
    if (this.#pruneTimer) clearTimeout(this.#pruneTimer);
    this.#pruneTimer = null;
    this.#sequencer.stop();
  }

  #publish(seq: number, event: ChatEvent): void {
    this.#sequencer.done(seq, event);
    this.#hub.bus.publish({ topic: 'chat', kind: 'event', seq, data: event });
  }
}

function strip({ chatterKey: _, ...message }: ChatMessage & { chatterKey: string }): ChatMessage {
  return message;
}
