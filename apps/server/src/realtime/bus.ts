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
 * clients first, then the bus. When the bus was down and comes back, `onResync` listeners read
 * what they missed from the store (the bus itself never replays), so an outage costs no event.
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
    z.object({ topic: z.enum(REALTIME_TOPICS), kind: z.literal('snapshot'), version: z.number().int().nonnegative(), data: z.unknown() }),
    z.object({ topic: z.enum(REALTIME_TOPICS), kind: z.literal('event'), seq: z.number().int().positive(), data: z.unknown() }),
  ]),
});

/** Reconnect quickly at first, then every second: a restarted Redis is back within a beat. */
const REDIS_RETRY_MAX_MS = 1_000;

/**
 * Redis pub/sub. Two connections (a subscribed one can do nothing else). Publishes while Redis is
 * down are dropped, not queued: they would arrive late and out of order, and the resync on
 * reconnect covers them from the store.
 */
export class RedisBus implements RealtimeBus {
  readonly #id = randomUUID();
  readonly #publisher: Redis;
  readonly #subscriber: Redis;
  readonly #listeners = new Map<RealtimeTopic, Set<(message: BusMessage) => void>>();
  readonly #resyncListeners = new Set<() => void>();
  /** True until the first connect too: whatever was saved before this instance listened is read once. */
  #wasDown = true;
  #outageLogged = false;

  constructor(
    url: string,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
  ) {
    const options = {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      retryStrategy: (times: number) => Math.min(times * 100, REDIS_RETRY_MAX_MS),
    };
    this.#publisher = new Redis(url, options);
    // The subscriber keeps its SUBSCRIBE queued while connecting; ioredis re-subscribes after a reconnect.
    this.#subscriber = new Redis(url, { ...options, enableOfflineQueue: true, maxRetriesPerRequest: null });
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
      this.log.info({ event: 'realtime_bus_up' }, 'Redis connected: reading realtime changes made meanwhile from the store');
      for (const listener of this.#resyncListeners) listener();
    });
    this.#subscriber.on('message', (channel: string, text: string) => this.#receive(channel, text));
  }

  get state(): BusState {
    return this.#publisher.status === 'ready' && this.#subscriber.status === 'ready' ? 'up' : 'down';
  }

  publish(message: BusMessage): void {
    const text = JSON.stringify({ from: this.#id, message });
    this.#publisher.publish(BUS_CHANNEL_PREFIX + message.topic, text).catch((error: unknown) => this.#down(error));
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
    this.#publisher.disconnect();
    this.#subscriber.disconnect();
  }

  /** Logged once per outage; the next connect reads what was missed meanwhile. */
  #down(error: unknown): void {
    if (!this.#outageLogged) {
      this.#outageLogged = true;
      this.log.warn({ err: error }, 'Redis is unreachable: realtime changes reach only this instance until it is back');
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
