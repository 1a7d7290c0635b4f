import {
  ANALYTICS_CONFIG_ABORT_MS,
  ANALYTICS_MAX_BATCH_BYTES,
  ANALYTICS_MAX_EVENTS_PER_BATCH,
  ANALYTICS_RETRY_HTTP_STATUSES,
  type AnalyticsBatch,
  type PlatformType,
} from '@onair/core';
import { privacySignalOn, registerAnalyticsSink, runPageHideHooks, type AnalyticsSink } from './analytics.ts';

/** Queued events are sent this long after the first of them, together. */
export const ANALYTICS_FLUSH_INTERVAL_MS = 5_000;
/** The first retry of a refused batch waits this long; each further one twice as long, up to the cap. */
export const ANALYTICS_RETRY_FIRST_DELAY_MS = 1_000;
export const ANALYTICS_RETRY_MAX_DELAY_MS = 16_000;
export const ANALYTICS_ENDPOINT = '/api/events';

/** What the server sink needs from the page; tests pass fakes for the network and the clock. */
export interface ServerSinkEnvironment {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  sendBeacon: (url: string, body: string) => boolean;
  now: () => number;
  setTimeout: (run: () => void, ms: number) => unknown;
  onPageHide: (listener: () => void) => void;
}

type QueuedEvent = AnalyticsBatch['events'][number];
interface Envelope {
  app_id: string;
  platform_type: PlatformType;
  user_agent: string;
}
interface InFlight {
  events: QueuedEvent[];
  /** Set when the page hid and a beacon took these events over: the retry loop must stop. */
  handedOver: boolean;
}

/** Events kept while the server cannot be reached; past this the oldest are dropped. */
export const ANALYTICS_MAX_QUEUED_EVENTS = 500;

/**
 * Sends tracked events to the station's own server (POST /api/events): queued, sent together a few
 * seconds after the first, and on `pagehide` with sendBeacon (a fetch would die with the page). A
 * batch refused with 429/500/503/504 or lost to the network is retried with a doubling delay and
 * given up 60 s after its first try (spec §7 #10, §9). Nothing here awaits in a listener's path:
 * `track` only queues. A batch the server refuses for its content (400, 413) is dropped.
 */
export class ServerAnalyticsSink {
  #queue: QueuedEvent[] = [];
  #envelope: Envelope | null = null;
  #timer = false;
  #inFlight: InFlight | null = null;

  constructor(private readonly env: ServerSinkEnvironment) {
    env.onPageHide(() => {
      // Events that end with the page (a listening session) are queued first, then leave with the rest.
      runPageHideHooks();
      this.#beaconAll();
    });
  }

  readonly sink: AnalyticsSink = (event) => {
    const { app_id, platform_type, user_agent } = event;
    // A batch has one envelope; should it change (a PWA launched from the browser tab), send what is queued first.
    if (
      this.#envelope &&
      JSON.stringify(this.#envelope) !== JSON.stringify({ app_id, platform_type, user_agent })
    )
      this.#flush();
    this.#envelope = { app_id, platform_type, user_agent };
    this.#queue.push({ name: event.name, params: event.params, at: event.time } as QueuedEvent);
    if (this.#queue.length > ANALYTICS_MAX_QUEUED_EVENTS) this.#queue.shift();
    this.#schedule();
  };

  #schedule(): void {
    if (this.#timer || this.#inFlight || this.#queue.length === 0) return;
    this.#timer = true;
    this.env.setTimeout(() => {
      this.#timer = false;
      this.#flush();
    }, ANALYTICS_FLUSH_INTERVAL_MS);
  }

  #flush(): void {
    if (this.#inFlight || this.#queue.length === 0) return;
    const [first] = this.#batches(this.#queue);
    if (!first) return;
    const flight: InFlight = { events: this.#queue.splice(0, first.count), handedOver: false };
    this.#inFlight = flight;
    void this.#send(flight, first.body, this.env.now()).finally(() => {
      if (this.#inFlight === flight) this.#inFlight = null;
      this.#schedule();
    });
  }

  async #send(flight: InFlight, body: string, firstTry: number): Promise<void> {
    let delay = ANALYTICS_RETRY_FIRST_DELAY_MS;
    while (!flight.handedOver) {
      const elapsed = this.env.now() - firstTry;
      let retry: boolean;
      try {
        const response = await this.env.fetch(ANALYTICS_ENDPOINT, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body,
          keepalive: true,
          signal: AbortSignal.timeout(ANALYTICS_CONFIG_ABORT_MS - elapsed),
        });
        retry = (ANALYTICS_RETRY_HTTP_STATUSES as readonly number[]).includes(response.status);
      } catch {
        retry = true;
      }
      // Abandoned once the next try would start 60 s or more after the first.
      if (!retry || this.env.now() - firstTry + delay >= ANALYTICS_CONFIG_ABORT_MS) return;
      await new Promise<void>((resolve) => this.env.setTimeout(resolve, delay));
      delay = Math.min(delay * 2, ANALYTICS_RETRY_MAX_DELAY_MS);
    }
  }

  /** The page is going away: whatever is queued or still being retried leaves now, as beacons. */
  #beaconAll(): void {
    const pending = [...(this.#inFlight?.events ?? []), ...this.#queue];
    if (this.#inFlight) this.#inFlight.handedOver = true;
    this.#inFlight = null;
    this.#queue = [];
    for (const { body } of this.#batches(pending)) this.env.sendBeacon(ANALYTICS_ENDPOINT, body);
  }

  /** The events as request bodies, each within the server's limits (50 events, 16 KB). */
  #batches(events: readonly QueuedEvent[]): { body: string; count: number }[] {
    const bodies: { body: string; count: number }[] = [];
    let start = 0;
    while (start < events.length) {
      let count = Math.min(ANALYTICS_MAX_EVENTS_PER_BATCH, events.length - start);
      let body = this.#body(events.slice(start, start + count));
      while (count > 1 && byteLength(body) > ANALYTICS_MAX_BATCH_BYTES) {
        count = Math.ceil(count / 2);
        body = this.#body(events.slice(start, start + count));
      }
      bodies.push({ body, count });
      start += count;
    }
    return bodies;
  }

  #body(events: QueuedEvent[]): string {
    return JSON.stringify({ events, ...this.#envelope } satisfies Partial<AnalyticsBatch>);
  }
}

function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** Starts sending this page's events to its server, unless the listener asked not to be tracked. */
export function startServerAnalytics(): () => void {
  if (privacySignalOn()) return () => undefined;
  const sink = new ServerAnalyticsSink({
    fetch: (url, init) => fetch(url, init),
    // text/plain: the one body type a beacon sends without a CORS preflight.
    sendBeacon: (url, body) =>
      navigator.sendBeacon(url, new Blob([body], { type: 'text/plain;charset=UTF-8' })),
    now: () => Date.now(),
    setTimeout: (run, ms) => window.setTimeout(run, ms),
    onPageHide: (listener) => window.addEventListener('pagehide', listener),
  });
  return registerAnalyticsSink(sink.sink);
}
