import {
  chatEventSchema,
  chatMutedErrorSchema,
  chatNameKey,
  chatTextProblem,
  CHAT_HISTORY_PAGE_DEFAULT,
  CHAT_HISTORY_PAGE_MAX,
  CHAT_MESSAGE_MAX_CHARS,
  DEFAULT_CLOCK_STYLE,
  DEFAULT_STATION_TIME_ZONE,
  isValidChatName,
  normalizeChatName,
  normalizeChatText,
  parseMentions,
  type ChatMessage,
  type ClockSetting,
  type ChatSession,
  type OutgoingChatMessage,
} from '@onair/core';
import { i18n } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { track } from '../../lib/analytics.ts';
import { ApiError } from '../../lib/api-client.ts';
import { markChatSeen } from '../../lib/chat-unread.ts';
import { localComingMoment } from '../../lib/i18n/dates.ts';
import { knownServerErrorText, serverErrorText } from '../../lib/i18n/server-error.ts';
import type { RealtimeClient } from '../../lib/realtime-client.ts';
import { readStored, writeStored } from '../../lib/storage.ts';
import * as storedLater from '../../lib/stored-later.ts';
import type { ChatApi } from './chat-api.ts';
import { CHAT_WINDOW_MESSAGES, mergeBySeq } from './chat-window.ts';

/** Where the listener's sign-in stands: spec §2's 'Connecting to chat...' overlay shows while 'connecting'. */
export type ChatPhase =
  | { kind: 'connecting' }
  | { kind: 'needs-name'; error: string | null }
  | { kind: 'joined'; session: ChatSession };

/** A message of mine the server has not confirmed: 'pending' is retried by itself, 'failed' waits for Retry. */
export type OutgoingMessage = OutgoingChatMessage;

export interface ChatState {
  phase: ChatPhase;
  /**
   * Confirmed messages, oldest first (by seq): the newest CHAT_WINDOW_MESSAGES while the listener
   * follows the latest, more while they read back.
   */
  messages: readonly ChatMessage[];
  outbox: readonly OutgoingMessage[];
  /** Paging upward: 'complete' once the first message of the room is held (and not dropped since). */
  history: 'idle' | 'loading' | 'complete' | 'error';
  /** Why the newest messages could not be read, while that is so. */
  loadError: string | null;
  /** The newest message that arrived live from someone else, for the screen reader announcement. */
  lastLive: ChatMessage | null;
}

export const SEND_RETRY_BASE_MS = 1_000;
export const SEND_RETRY_MAX_MS = 15_000;
/** How far back a catch-up reads before it gives up on joining the old list and starts afresh. */
const CATCH_UP_PAGES_MAX = 5;

interface ChatServiceOptions {
  now?: () => number;
  newId?: () => string;
}

/**
 * The one owner of the chat room on the page: the sign-in, the messages (history paged from HTTP,
 * live events from the realtime `chat` topic, resumed by seq so nothing is missed or doubled) and my
 * outgoing messages. Sending is optimistic: a message shows at once as pending and is sent with its
 * own UUID, so resending after a lost answer or a reconnect can never post it twice; it turns
 * 'failed' (with Retry) only when the server refused it. It outlives the screen: a message still
 * pending when the listener leaves /chat is delivered all the same, and the outbox is kept in
 * playfm_chat_outbox, so after a reload (or a crash) it shows again and goes when the room is open.
 */
export class ChatService {
  #state: ChatState = {
    phase: { kind: 'connecting' },
    messages: [],
    outbox: [],
    history: 'idle',
    loadError: null,
    lastLive: null,
  };
  readonly #listeners = new Set<() => void>();
  /** Outbox ids this page holds or held: the stored entries of other tabs are left to them. */
  readonly #ownIds = new Set<string>();
  /** The messages held, by id. */
  readonly #byId = new Map<string, ChatMessage>();
  #heldSeq: number | null = null;
  /** Whether the listener reads the latest: only then are the oldest dropped beyond the window. */
  #following = true;
  #unfollow: (() => void) | null = null;
  #sending = false;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  #retryAttempt = 0;
  #joining: Promise<void> | null = null;
  readonly #now: () => number;
  /** The clock a mute's end is told on: the chat's own (its messages are timed on the station's). */
  #stationClock: ClockSetting = { timeZone: DEFAULT_STATION_TIME_ZONE, clock: DEFAULT_CLOCK_STYLE };
  readonly #newId: () => string;

  constructor(
    private readonly api: ChatApi,
    private readonly realtime: RealtimeClient | null,
    options: ChatServiceOptions = {},
  ) {
    this.#now = options.now ?? Date.now;
    this.#newId = options.newId ?? randomUuid;
    const kept = readStored(storedLater.chatOutbox);
    for (const message of kept) this.#ownIds.add(message.id);
    this.#state = { ...this.#state, outbox: kept };
  }

  get state(): ChatState {
    return this.#state;
  }

  /** The station's clock, once known (the service outlives the screen that tells it). */
  setStationClock(stationClock: ClockSetting): void {
    this.#stationClock = stationClock;
  }

  /** The first subscriber (the chat screen) starts the session and the live feed; the last one stops the feed. */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    if (this.#listeners.size === 1) this.#start();
    return () => {
      this.#listeners.delete(listener);
      if (this.#listeners.size === 0) this.#stop();
    };
  }

  #start(): void {
    this.#unfollow =
      this.realtime?.subscribe('chat', {
        currentVersion: () => this.#heldSeq,
        onDocument: (version, data) => this.#onEvent(version, data),
      }) ?? null;
    void this.#loadNewest();
    if (this.#state.phase.kind !== 'joined') void this.#establish();
    this.#markSeen();
  }

  #stop(): void {
    this.#unfollow?.();
    this.#unfollow = null;
  }

  // ---- session ----

  /** The cookie's session if there is one, else the stored name's (spec §3 chat_username), else ask. */
  #establish(): Promise<void> {
    this.#joining ??= (async () => {
      this.#setPhase({ kind: 'connecting' });
      try {
        const session = await this.api.currentSession();
        if (session) {
          this.#joined(session);
          return;
        }
      } catch (error) {
        // A server without the chat answers not_found: the app goes on as if no one had signed in.
        if (!(error instanceof ApiError && error.code === 'not_found')) {
          this.#setPhase({
            kind: 'needs-name',
            error: refusalOfName(error, this.#stationClock, new Date(this.#now())),
          });
          return;
        }
      }
      const name = readStored(storedLater.chatUsername);
      if (isValidChatName(name)) await this.#open(name);
      else this.#setPhase({ kind: 'needs-name', error: null });
    })().finally(() => {
      this.#joining = null;
    });
    return this.#joining;
  }

  /** Signs in under `name` (the name prompt's submit). */
  async join(name: string): Promise<void> {
    const normalized = normalizeChatName(name);
    if (!isValidChatName(normalized)) {
      this.#setPhase({ kind: 'needs-name', error: chatNameRule() });
      return;
    }
    this.#setPhase({ kind: 'connecting' });
    await this.#open(normalized);
  }

  async #open(name: string): Promise<void> {
    try {
      const session = await this.api.openSession(name);
      writeStored(storedLater.chatUsername, session.name);
      this.#joined(session);
    } catch (error) {
      this.#setPhase({
        kind: 'needs-name',
        error: refusalOfName(error, this.#stationClock, new Date(this.#now())),
      });
    }
  }

  #joined(session: ChatSession): void {
    this.#setPhase({ kind: 'joined', session });
    void this.#flush();
  }

  // ---- messages ----

  async #loadNewest(): Promise<void> {
    try {
      const page = await this.api.messages({ limit: CHAT_HISTORY_PAGE_DEFAULT });
      const first = this.#state.messages.length === 0;
      this.#merge(page);
      if (first && page.length < CHAT_HISTORY_PAGE_DEFAULT) this.#set({ history: 'complete' });
      this.#set({ loadError: null });
    } catch (error) {
      this.#set({ loadError: serverErrorText(error) });
    }
  }

  /** Pages upward from the oldest message held (GET before=seq). */
  async loadOlder(): Promise<void> {
    const oldest = this.#state.messages[0];
    if (!oldest || this.#state.history === 'loading' || this.#state.history === 'complete') return;
    this.#set({ history: 'loading' });
    try {
      const page = await this.api.messages({ before: oldest.seq, limit: CHAT_HISTORY_PAGE_DEFAULT });
      if (this.#state.messages[0] !== oldest) {
        // Meanwhile the top was dropped (or the room reset): the page no longer joins what is held.
        this.#set({ history: 'idle' });
        return;
      }
      this.#merge(page, { keepOlder: true });
      this.#set({ history: page.length < CHAT_HISTORY_PAGE_DEFAULT ? 'complete' : 'idle' });
    } catch {
      this.#set({ history: 'error' });
    }
  }

  #onEvent(version: number, data: unknown): void {
    const parsed = chatEventSchema.safeParse(data);
    if (!parsed.success) {
      console.warn('Ignoring an invalid chat event', parsed.error.message);
      return;
    }
    const event = parsed.data;
    // A frame means the socket is back: what was waiting to be sent goes now.
    if (this.#retryTimer !== undefined) void this.#flush();
    if (event.type === 'resync') {
      // The server holds nothing after `version` for us: read the newest page and follow from there.
      if (this.#heldSeq !== null && version < this.#heldSeq) this.#forget(); // the room was reset
      this.#heldSeq = version;
      void this.#catchUp();
      return;
    }
    const held = this.#heldSeq;
    if (held !== null && version <= held) return; // already applied (a resubscribe overlapping)
    this.#heldSeq = version;
    // A resume left out the events up to `version` because frames after it replace them: no gap.
    if (event.type === 'superseded') return;
    if (event.type === 'message') {
      this.#merge([event.message]);
      if (!this.#isMine(event.message)) this.#set({ lastLive: event.message });
    } else if (event.type === 'deleted') {
      this.#merge([event.message]);
    } else {
      const message = this.#byId.get(event.messageId);
      if (message) this.#merge([{ ...message, reactions: event.reactions }]);
    }
    if (held !== null && version > held + 1) void this.#catchUp(); // a gap: fill it from history
  }

  /**
   * Reads pages back until they meet what is held, so no message in between is skipped; when the
   * gap is too long, the held list is replaced by the newest messages (older ones stay reachable by
   * paging upward) rather than showing a silent hole.
   */
  async #catchUp(): Promise<void> {
    const newestHeld = this.#state.messages.at(-1)?.seq ?? null;
    const pages: ChatMessage[][] = [];
    let before: number | undefined;
    try {
      for (let page = 0; page < CATCH_UP_PAGES_MAX; page += 1) {
        const messages = await this.api.messages({
          limit: CHAT_HISTORY_PAGE_MAX,
          ...(before ? { before } : {}),
        });
        pages.push(messages);
        const oldest = messages[0];
        if (
          !oldest ||
          newestHeld === null ||
          oldest.seq <= newestHeld ||
          messages.length < CHAT_HISTORY_PAGE_MAX
        )
          break;
        before = oldest.seq;
        if (page === CATCH_UP_PAGES_MAX - 1) {
          this.#forget();
          this.#set({ history: 'idle' });
        }
      }
    } catch (error) {
      this.#set({ loadError: serverErrorText(error) });
      return;
    }
    this.#merge(pages.flat());
    this.#set({ loadError: null });
  }

  #forget(): void {
    this.#byId.clear();
    this.#set({ messages: [] });
  }

  /**
   * Tells whether the listener reads the latest messages (the list is scrolled to its end). While
   * they do, the room keeps only the newest CHAT_WINDOW_MESSAGES; while they read back, nothing
   * is dropped from under their eyes.
   */
  follow(latest: boolean): void {
    if (latest === this.#following) return;
    this.#following = latest;
    const trimmed = this.#trimmed(this.#state.messages);
    if (latest && trimmed.messages !== this.#state.messages) this.#set(trimmed);
  }

  /**
   * Puts `messages` in place by seq (never re-sorting what is held), confirms my pending copies of
   * them, and drops the oldest beyond the window while the listener follows the latest, unless
   * `keepOlder` (the page the listener scrolled up for).
   */
  #merge(messages: readonly ChatMessage[], { keepOlder = false } = {}): void {
    if (messages.length === 0) return;
    const merged = mergeBySeq(this.#state.messages, messages);
    for (const message of messages) this.#byId.set(message.id, message);
    const newest = merged.at(-1)?.seq ?? 0;
    this.#heldSeq = this.#heldSeq === null ? newest : Math.max(this.#heldSeq, newest);
    const change: Partial<ChatState> = keepOlder ? { messages: merged } : this.#trimmed(merged);
    if (this.#state.outbox.length > 0) {
      const confirmed = new Set(messages.map((message) => message.id));
      const outbox = this.#state.outbox.filter((message) => !confirmed.has(message.id));
      if (outbox.length !== this.#state.outbox.length) change.outbox = outbox;
    }
    this.#set(change);
    this.#markSeen();
  }

  /** `messages` less the oldest beyond the window, when the listener follows the latest. */
  #trimmed(messages: readonly ChatMessage[]): Partial<ChatState> {
    const excess = messages.length - CHAT_WINDOW_MESSAGES;
    if (!this.#following || excess <= 0) return { messages };
    for (const message of messages.slice(0, excess)) this.#byId.delete(message.id);
    // What was dropped is the room's history again, reached by paging up.
    const history = this.#state.history === 'complete' ? 'idle' : this.#state.history;
    return { messages: messages.slice(excess), history };
  }

  /** While the chat is on screen, everything in it counts as seen (the Home badge's reference). */
  #markSeen(): void {
    if (this.#listeners.size === 0) return;
    const newest = this.#state.messages.at(-1);
    if (newest) markChatSeen(newest.createdAt);
  }

  #isMine(message: ChatMessage): boolean {
    const phase = this.#state.phase;
    return phase.kind === 'joined' && chatNameKey(phase.session.name) === chatNameKey(message.name);
  }

  // ---- sending ----

  /** Queues `text`; returns why it cannot be sent (shown under the field), or null when it is on its way. */
  send(text: string, replyTo: string | null): string | null {
    if (chatTextProblem(text) !== null) {
      const max = CHAT_MESSAGE_MAX_CHARS;
      return normalizeChatText(text) === ''
        ? t`Write something first.`
        : t`Messages are at most ${max} characters.`;
    }
    const outgoing: OutgoingMessage = {
      id: this.#newId(),
      text: normalizeChatText(text),
      replyTo,
      createdAt: this.#now(),
      status: 'pending',
      error: null,
    };
    this.#set({ outbox: [...this.#state.outbox, outgoing] });
    const names = [...new Set(this.#state.messages.map((message) => message.name))];
    track('message_sent', {
      has_reply: replyTo !== null,
      has_mentions: parseMentions(outgoing.text, names).length > 0,
    });
    void this.#flush();
    return null;
  }

  /** Sends a failed message again, under the same id. */
  retry(id: string): void {
    this.#updateOutgoing(id, { status: 'pending', error: null });
    void this.#flush();
  }

  /** Drops a failed message the listener no longer wants sent. */
  discard(id: string): void {
    this.#set({
      outbox: this.#state.outbox.filter((message) => message.id !== id || message.status !== 'failed'),
    });
  }

  /** Sends pending messages one at a time, in the order written. */
  async #flush(): Promise<void> {
    if (this.#sending) return;
    this.#sending = true;
    this.#disarmRetry();
    try {
      for (;;) {
        const next = this.#state.outbox.find((message) => message.status === 'pending');
        if (!next || this.#state.phase.kind !== 'joined') return;
        if (!navigator.onLine) {
          this.#armRetry(); // the 'online' event sends it
          return;
        }
        try {
          const message = await this.api.post({ id: next.id, text: next.text, replyTo: next.replyTo });
          this.#retryAttempt = 0;
          this.#merge([message]);
        } catch (error) {
          if (!isRefusal(error)) {
            this.#armRetry();
            return;
          }
          if (error instanceof ApiError && error.code === 'chat_no_session') {
            // The session ended (expired, server store reset): sign in again, then resend under the same id.
            await this.#establish();
            if (this.#state.phase.kind !== 'joined') return;
            continue;
          }
          this.#updateOutgoing(next.id, {
            status: 'failed',
            error: refusalOfMessage(error, this.#stationClock, new Date(this.#now())),
          });
        }
      }
    } finally {
      this.#sending = false;
    }
  }

  #armRetry(): void {
    if (this.#retryTimer !== undefined) return;
    const delay = Math.min(SEND_RETRY_MAX_MS, SEND_RETRY_BASE_MS * 2 ** this.#retryAttempt);
    this.#retryAttempt += 1;
    this.#retryTimer = setTimeout(this.#retryNow, delay);
    window.addEventListener('online', this.#retryNow);
  }

  #disarmRetry(): void {
    clearTimeout(this.#retryTimer);
    this.#retryTimer = undefined;
    window.removeEventListener('online', this.#retryNow);
  }

  readonly #retryNow = (): void => {
    this.#disarmRetry();
    void this.#flush();
  };

  #updateOutgoing(id: string, change: Partial<OutgoingMessage>): void {
    this.#set({
      outbox: this.#state.outbox.map((message) => (message.id === id ? { ...message, ...change } : message)),
    });
  }

  // ---- reactions and moderation (their results reach everyone through the realtime topic) ----

  /** Adds my `emoji` to a message, or takes it back when I already gave it. Rejects with the server's words. */
  async toggleReaction(messageId: string, emoji: string): Promise<void> {
    const message = this.#byId.get(messageId);
    const phase = this.#state.phase;
    if (!message || phase.kind !== 'joined') return;
    const me = chatNameKey(phase.session.name);
    const given = message.reactions.some(
      (r) => r.emoji === emoji && r.names.some((name) => chatNameKey(name) === me),
    );
    const reactions = await this.api.react(messageId, emoji, !given);
    if (!given) track('reaction_given', { reaction_type: emoji });
    const current = this.#byId.get(messageId);
    // Shown at once; the realtime event with the same list follows (and wins if someone else reacted meanwhile).
    if (current) this.#merge([{ ...current, reactions }]);
  }

  /** The admin removes a message; it stays as a 'message removed' tombstone for everyone. */
  async remove(messageId: string): Promise<void> {
    await this.api.remove(messageId);
  }

  async mute(name: string, minutes: number): Promise<void> {
    await this.api.mute(name, minutes);
  }

  #setPhase(phase: ChatPhase): void {
    this.#set({ phase });
  }

  #set(change: Partial<ChatState>): void {
    const before = this.#state.outbox;
    this.#state = { ...this.#state, ...change };
    if (this.#state.outbox !== before) this.#keepOutbox();
    for (const listener of this.#listeners) listener();
  }

  /** Writes my outbox next to the entries another open tab keeps there. */
  #keepOutbox(): void {
    for (const message of this.#state.outbox) this.#ownIds.add(message.id);
    const others = readStored(storedLater.chatOutbox).filter((message) => !this.#ownIds.has(message.id));
    writeStored(storedLater.chatOutbox, [...others, ...this.#state.outbox]);
  }
}

/** A 4xx answer is the server's decision about this message; no answer, a timeout or a 5xx is the network's or a restart's. */
function isRefusal(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status !== undefined &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408
  );
}

/** What the listener reads under a refused message (a mute's end told on `stationClock`, from `now`). */
export function refusalOfMessage(error: unknown, stationClock: ClockSetting, now: Date): string {
  if (!(error instanceof ApiError)) return String(error);
  if (error.code === 'rate_limited') {
    const wait = error.retryAfterSeconds;
    return wait
      ? t`You are sending too fast. Wait ${wait} s, then retry.`
      : t`You are sending too fast. Wait a moment, then retry.`;
  }
  return mutedSentence(error, stationClock, now) ?? serverErrorText(error);
}

function mutedSentence(error: ApiError, stationClock: ClockSetting, now: Date): string | null {
  const muted = chatMutedErrorSchema.safeParse(error.body);
  if (!muted.success) return null;
  const until = localComingMoment(new Date(muted.data.mutedUntil), now, stationClock);
  return t`You are muted in the chat until ${until}.`;
}

/** The chat's name rule (core CHAT_NAME_RULE, the spec's words in English), for the app's language. */
export const CHAT_NAME_RULE_MESSAGE = msg`Names are 2–24 characters: letters (at least one, all of one alphabet), digits, spaces and _ - . — no invisible characters.`;

function chatNameRule(): string {
  return i18n._(CHAT_NAME_RULE_MESSAGE);
}

/** What the name prompt says when the server refused the name (or could not be reached). */
export function refusalOfName(error: unknown, stationClock: ClockSetting, now: Date): string {
  if (!(error instanceof ApiError)) return String(error);
  if (error.status === undefined)
    return t`The chat could not be reached. Check your connection and try again.`;
  switch (error.code) {
    case 'chat_name_invalid':
      return chatNameRule();
    case 'chat_name_taken':
    case 'chat_name_reserved':
      return serverErrorText(error);
    case 'chat_muted':
      return mutedSentence(error, stationClock, now) ?? serverErrorText(error);
    case 'rate_limited': {
      const wait = error.retryAfterSeconds;
      return wait
        ? t`Too many chat sign-ins from your connection. Try again in ${wait} s.`
        : t`Too many chat sign-ins from your connection. Try again in a while.`;
    }
    default: {
      const reason = error.message;
      return knownServerErrorText(error) ?? t`The chat is unavailable right now (${reason}). Try again.`;
    }
  }
}

/**
 * A v4 UUID for a new message. crypto.randomUUID exists only in secure contexts, and a self-hosted
 * station may be opened over plain http on a LAN; getRandomValues works everywhere.
 */
export function randomUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
