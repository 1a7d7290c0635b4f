import {
  CLOSE_SERVICE_RESTART,
  REALTIME_SILENCE_MS,
  heartbeatFrameSchema,
  serverFrameSchema,
  type RealtimeTopic,
} from '@onair/core';

/**
 * The app's one realtime socket (/api/realtime). Protocol (schemas in @onair/core realtime/frames.ts):
 *   → { type: 'subscribe', topics, versions }   sent on every (re)connect and subscription change;
 *                                              `versions` lets the server skip what we already hold
 *   ← { topic, version, data }                  a topic's whole current document
 *   ← { type: 'heartbeat' }                     every 10 s: the socket is alive
 * A socket that has been silent for REALTIME_SILENCE_MS (no frame, not even a heartbeat) is taken
 * for dead and replaced at once: a connection can die without closing (a phone's NAT forgets it),
 * and the browser would otherwise keep waiting on it, missing every change, until TCP gives up.
 * The socket reconnects with capped, jittered exponential backoff, at once when the browser comes
 * back online or the tab becomes visible, or the server closed it for a restart (1012: another
 * instance is ready), and resyncs by version on each reconnect.
 */

export interface TopicSubscription {
  /** The version already held (null: none), sent so the server resends only what changed. */
  currentVersion: () => number | null;
  onDocument: (version: number, data: unknown) => void;
}

export const RECONNECT_BASE_MS = 500;
export const RECONNECT_MAX_MS = 30_000;
/** After a 1012 the reconnect comes within this, spread so thousands of apps do not land in one instant. */
export const RECONNECT_AFTER_RESTART_MAX_MS = 250;

/** How often the silence of the socket is looked at (late timers in a background tab only delay it). */
export const SILENCE_CHECK_MS = 2_500;

type SocketFactory = (url: string) => WebSocket;

export class RealtimeClient {
  readonly #subscriptions = new Map<RealtimeTopic, Set<TopicSubscription>>();
  #socket: WebSocket | null = null;
  #attempt = 0;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  #silenceTimer: ReturnType<typeof setInterval> | undefined;
  /** When the current socket last gave a sign of life (opened, or any frame). */
  #lastHeardMs = 0;
  #started = false;

  constructor(
    private readonly url: string,
    private readonly createSocket: SocketFactory = (target) => new WebSocket(target),
    private readonly random: () => number = Math.random,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Subscribes to a topic; the first subscription opens the socket. Returns the unsubscribe. */
  subscribe(topic: RealtimeTopic, subscription: TopicSubscription): () => void {
    const set = this.#subscriptions.get(topic) ?? new Set();
    set.add(subscription);
    this.#subscriptions.set(topic, set);
    if (this.#started) this.#sendSubscribe();
    else this.#start();
    return () => {
      set.delete(subscription);
      if (set.size === 0) this.#subscriptions.delete(topic);
      if (this.#subscriptions.size === 0) this.#stop();
      else this.#sendSubscribe();
    };
  }

  #start(): void {
    this.#started = true;
    window.addEventListener('online', this.#reconnectNow);
    document.addEventListener('visibilitychange', this.#reconnectNow);
    this.#silenceTimer = setInterval(this.#checkSilence, SILENCE_CHECK_MS);
    this.#connect();
  }

  #stop(): void {
    this.#started = false;
    clearTimeout(this.#retryTimer);
    clearInterval(this.#silenceTimer);
    window.removeEventListener('online', this.#reconnectNow);
    document.removeEventListener('visibilitychange', this.#reconnectNow);
    const socket = this.#socket;
    this.#socket = null;
    socket?.close();
  }

  #connect(): void {
    clearTimeout(this.#retryTimer);
    let socket: WebSocket;
    try {
      socket = this.createSocket(this.url);
    } catch {
      this.#scheduleReconnect();
      return;
    }
    this.#socket = socket;
    this.#lastHeardMs = this.now();
    socket.onopen = () => {
      this.#attempt = 0;
      this.#lastHeardMs = this.now();
      this.#sendSubscribe();
    };
    socket.onmessage = (event: MessageEvent) => {
      this.#lastHeardMs = this.now();
      this.#onMessage(event.data);
    };
    socket.onclose = (event: Pick<CloseEvent, 'code'>) => {
      if (this.#socket !== socket) return; // replaced or stopped on purpose
      this.#socket = null;
      if (event.code !== CLOSE_SERVICE_RESTART) {
        this.#scheduleReconnect();
        return;
      }
      this.#attempt = 0;
      this.#retryTimer = setTimeout(() => this.#connect(), this.random() * RECONNECT_AFTER_RESTART_MAX_MS);
    };
  }

  #scheduleReconnect(): void {
    if (!this.#started) return;
    const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** this.#attempt);
    this.#attempt += 1;
    // Full jitter in the upper half: after a server restart, clients do not all return at once.
    const delay = ceiling / 2 + (this.random() * ceiling) / 2;
    this.#retryTimer = setTimeout(() => this.#connect(), delay);
  }

  /** A socket silent for too long is dead whatever its readyState says: drop it, connect afresh, resume. */
  readonly #checkSilence = (): void => {
    const socket = this.#socket;
    if (!socket || this.now() - this.#lastHeardMs < REALTIME_SILENCE_MS) return;
    this.#socket = null;
    socket.onclose = null;
    socket.onmessage = null;
    socket.close();
    this.#attempt = 0;
    this.#connect();
  };

  readonly #reconnectNow = (): void => {
    if (!this.#started || this.#socket !== null || document.visibilityState === 'hidden') return;
    this.#attempt = 0;
    this.#connect();
  };

  #sendSubscribe(): void {
    const socket = this.#socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) return;
    const versions: Partial<Record<RealtimeTopic, number>> = {};
    for (const [topic, set] of this.#subscriptions) {
      const held = [...set].map((entry) => entry.currentVersion()).filter((version) => version !== null);
      // With several subscribers, ask from the oldest version any of them holds.
      if (held.length === set.size && held.length > 0) versions[topic] = Math.min(...held);
    }
    socket.send(JSON.stringify({ type: 'subscribe', topics: [...this.#subscriptions.keys()], versions }));
  }

  #onMessage(raw: unknown): void {
    if (typeof raw !== 'string') return;
    let frame: unknown;
    try {
      frame = JSON.parse(raw);
    } catch {
      return;
    }
    if (heartbeatFrameSchema.safeParse(frame).success) return;
    const parsed = serverFrameSchema.safeParse(frame);
    if (!parsed.success) {
      console.warn('Ignoring an invalid realtime frame', parsed.error.message);
      return;
    }
    for (const subscription of this.#subscriptions.get(parsed.data.topic) ?? []) {
      subscription.onDocument(parsed.data.version, parsed.data.data);
    }
  }
}

let shared: RealtimeClient | null = null;

/** The page's one realtime client (one socket for every topic). */
export function sharedRealtimeClient(): RealtimeClient {
  if (!shared) {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    shared = new RealtimeClient(`${scheme}://${location.host}/api/realtime`);
  }
  return shared;
}
