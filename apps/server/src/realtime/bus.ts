import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { z } from 'zod';
import { REALTIME_TOPICS } from '@onair/core';
import type { RealtimeTopic } from './frames.ts';

/**
 * What one instance tells the others: a topic's new document (schedule) or a numbered event of a
 * log topic (chat). The receiving instance hands it to its own hub exactly as a local save would.
 */
export type BusMessage =
  | { topic: RealtimeTopic; kind: 'snapshot'; version: number; data: unknown }
  | { topic: RealtimeTopic; kind: 'event'; seq: number; data: unknown };

export type BusState = 'local' | 'up' | 'down';

/**
 * Fan-out between instances. Local delivery never waits for it: a publish reaches this instance's
 * clients first, then the bus. When the bus was down and comes back, and every few seconds besides,
 * `onResync` listeners read what they missed from the store (the bus itself never replays), so
 * neither an outage nor a single lost publish costs an event for longer than that.
 */
export interface RealtimeBus {
  readonly state: BusState;
  publish(message: BusMessage): void;
  onMessage(topic: RealtimeTopic, listener: (message: BusMessage) => void): void;
  onResync(listener: () => void): void;
  close(): Promise<void>;
}

/** One instance: there is nobody to tell. */
export class LocalBus implements RealtimeBus {
  readonly state = 'local' as const;
  publish(): void {}
  onMessage(): void {}
  onResync(): void {}
  async close(): Promise<void> {}
}

/** One Redis channel per topic, as ARCHITECTURE.md says. */
export const BUS_CHANNEL_PREFIX = 'onair:realtime:';

const busEnvelopeSchema = z.object({
  from: z.string().min(1).max(64),
  message: z.discriminatedUnion('kind', [
    z.object({
      topic: z.enum(REALTIME_TOPICS),
      kind: z.literal('snapshot'),
      version: z.number().int().nonnegative(),
      data: z.unknown(),
    }),
    z.object({
      topic: z.enum(REALTIME_TOPICS),
      kind: z.literal('event'),
      seq: z.number().int().positive(),
      data: z.unknown(),
    }),
  ]),
});

/** Reconnect quickly at first, then every second: a restarted Redis is back within a beat. */
const REDIS_RETRY_MAX_MS = 1_000;
/**
 * How often each instance compares what it holds with the store (the chat's last seq, each
 * topic's version) and sends on what it missed. A publish can be lost without any connection
 * looking down (Redis dropped the publisher, or the message arrived while this subscriber was
 * reconnecting), and when it was the last event nothing later reveals the gap: this bounds how
 * long such a loss lasts. Costs one indexed read per topic per interval per instance.
 */
export const BUS_AUDIT_INTERVAL_MS = 5_000;
/** Messages kept to publish again once the publisher is back; older ones are left to the audit. */
const UNSENT_MAX_MESSAGES = 1_000;
/** A failed publish is tried again after this (sooner when the publisher reconnects). */
const PUBLISH_RETRY_MS = 1_000;

/**
 * Redis pub/sub. Two connections (a subscribed one can do nothing else). A publish that fails is
 * kept and sent again when the publisher is back (receivers order chat events by seq and keep the
 * newest version of a document, so late is never wrong); every `BUS_AUDIT_INTERVAL_MS`, and on every
 * reconnect of the subscriber, `onResync` listeners read from the store what they may have missed.
 */
export class RedisBus implements RealtimeBus {
  readonly #id = randomUUID();
  readonly #publisher: Redis;
  readonly #subscriber: Redis;
  readonly #listeners = new Map<RealtimeTopic, Set<(message: BusMessage) => void>>();
  readonly #resyncListeners = new Set<() => void>();
  /** Publishes that failed, oldest first, to send again when the publisher is ready. */
  readonly #unsent: string[][] = [];
  readonly #audit: ReturnType<typeof setInterval>;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** True until the first connect too: whatever was saved before this instance listened is read once. */
  #wasDown = true;
  #outageLogged = false;

  constructor(
    url: string,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
    auditIntervalMs = BUS_AUDIT_INTERVAL_MS,
  ) {
    const options = {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      retryStrategy: (times: number) => Math.min(times * 100, REDIS_RETRY_MAX_MS),
    };
    // Named, so an operator (and a test) finds them in CLIENT LIST.
    this.#publisher = new Redis(url, { ...options, connectionName: `onair-bus-publisher-${this.#id}` });
    this.#publisher.on('ready', () => this.#sendUnsent());
    // The subscriber keeps its SUBSCRIBE queued while connecting; ioredis re-subscribes after a reconnect.
    this.#subscriber = new Redis(url, {
      ...options,
      enableOfflineQueue: true,
      maxRetriesPerRequest: null,
      connectionName: `onair-bus-subscriber-${this.#id}`,
    });
    for (const connection of [this.#publisher, this.#subscriber]) {
      connection.on('error', (error: Error) => this.#down(error));
    }
    // A Redis restarted quickly is reconnected without an error: the lost connection alone means missed messages.
    this.#subscriber.on('close', () => {
      this.#wasDown = true;
    });
    this.#subscriber.on('ready', () => {
      if (!this.#wasDown) return;
      this.#wasDown = false;
      this.#outageLogged = false;
      this.log.info(
        { event: 'realtime_bus_up' },
        'Redis connected: reading realtime changes made meanwhile from the store',
      );
      this.#resync();
    });
    this.#subscriber.on('message', (channel: string, text: string) => this.#receive(channel, text));
    this.#audit = setInterval(() => {
      if (this.state === 'up') this.#resync();
    }, auditIntervalMs);
    this.#audit.unref();
  }

  get state(): BusState {
    return this.#publisher.status === 'ready' && this.#subscriber.status === 'ready' ? 'up' : 'down';
  }

  publish(message: BusMessage): void {
    const text = JSON.stringify({ from: this.#id, message });
    this.#publish([BUS_CHANNEL_PREFIX + message.topic, text]);
  }

  #publish(args: string[]): void {
    const [channel = '', text = ''] = args;
    this.#publisher.publish(channel, text).catch((error: unknown) => {
      this.#unsent.push(args);
      if (this.#unsent.length > UNSENT_MAX_MESSAGES) this.#unsent.shift();
      this.#down(error);
      this.#retryTimer ??= setTimeout(() => {
        this.#retryTimer = undefined;
        this.#sendUnsent();
      }, PUBLISH_RETRY_MS).unref();
    });
  }

  /** Sends again what failed: on the publisher's reconnect, or a moment later if it never dropped. */
  #sendUnsent(): void {
    for (const args of this.#unsent.splice(0)) this.#publish(args);
  }

  #resync(): void {
    for (const listener of this.#resyncListeners) listener();
  }

  onMessage(topic: RealtimeTopic, listener: (message: BusMessage) => void): void {
    let listeners = this.#listeners.get(topic);
    if (!listeners) {
      listeners = new Set();
      this.#listeners.set(topic, listeners);
      this.#subscriber.subscribe(BUS_CHANNEL_PREFIX + topic).catch((error: unknown) => {
        this.log.error({ err: error, topic }, 'realtime bus could not subscribe');
      });
    }
    listeners.add(listener);
  }

  onResync(listener: () => void): void {
    this.#resyncListeners.add(listener);
  }

  async close(): Promise<void> {
    clearInterval(this.#audit);
    clearTimeout(this.#retryTimer);
    this.#publisher.disconnect();
    this.#subscriber.disconnect();
  }

  /** Logged once per outage; the next connect reads what was missed meanwhile. */
  #down(error: unknown): void {
    if (!this.#outageLogged) {
      this.#outageLogged = true;
      this.log.warn(
        { err: error },
        'Redis is unreachable: realtime changes reach only this instance until it is back',
      );
    }
    this.#wasDown = true;
  }

  #receive(channel: string, text: string): void {
    let parsed;
    try {
      parsed = busEnvelopeSchema.safeParse(JSON.parse(text));
    } catch {
      parsed = null;
    }
    if (!parsed?.success) {
      this.log.warn({ channel }, 'realtime bus message not understood: ignored');
      return;
    }
    const { from, message } = parsed.data;
    if (from === this.#id || BUS_CHANNEL_PREFIX + message.topic !== channel) return;
    for (const listener of this.#listeners.get(message.topic) ?? []) listener(message);
  }
}
