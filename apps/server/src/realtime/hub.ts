import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { LocalBus, type RealtimeBus } from './bus.ts';
import { EventLogWindow, type Supersession } from './event-log-window.ts';
import { FrameBudget } from './frame-budget.ts';
import {
  CLOSE_POLICY_VIOLATION,
  CLOSE_SERVER_ERROR,
  CLOSE_SERVICE_RESTART,
  HEARTBEAT_FRAME_TEXT,
  REALTIME_HEARTBEAT_MS,
  clientFrameSchema,
  type RealtimeTopic,
  type ServerFrame,
} from './frames.ts';

export interface TopicSnapshot {
  version: number;
  data: unknown;
}

/** Reads a topic's current document from the store: once per topic, on its first subscriber. */
export type SnapshotSource = () => Promise<TopicSnapshot | null>;

/**
 * A topic that is a log of numbered events (the chat) rather than one document: `version` in a
 * subscribe is the last seq the client holds, and it is sent what changed after it, from the
 * topic's `EventLogWindow` in memory. `resync` is the data of the frame that tells a client to page
 * with GET instead (it held nothing, or more than the window reaches back, or more than the store
 * holds); `superseded` the data of the frame that stands for events a later frame replaces.
 */
export interface EventLogSource {
  /** Where the log stood when its publisher started: the events after it are all published here. */
  head: number;
  /** The stored events after `seq`, oldest first, at most `limit`: read once, to reach back before `head`. */
  after(seq: number, limit: number): Promise<{ seq: number; data: unknown }[]>;
  /** The store's head now: asked only of a client that claims more than was published here. */
  storedHead(): Promise<number>;
  /** Events the window keeps, at most (a message's reaction changes count once): a client further behind resyncs. */
  maxReplay: number;
  resync: unknown;
  superseded: unknown;
  supersession(data: unknown): Supersession | null;
}

interface LogTopic {
  topic: RealtimeTopic;
  source: EventLogSource;
  window: EventLogWindow;
  /** The one read that reaches back before `head`, shared by the subscribers that wait for it. */
  backfill: Promise<void> | null;
  backfilled: boolean;
}

/**
 * A client's place in one log topic. While its resume waits on the store (rare: see `#prepare`), it
 * is sent nothing live; the resume then answers from the window, which holds what was published
 * meanwhile: no event is lost, doubled or reordered by arriving mid-resume.
 */
type LogSubscription = { live: false } | { live: true; last: number };

/** A topic's latest document, kept serialized: a subscribe costs a send, never a store read or a stringify. */
interface HeldSnapshot {
  version: number;
  frame: string;
}

type ClientLog = Pick<FastifyBaseLogger, 'info'>;

interface Client {
  socket: WebSocket;
  /** The upgrade request's logger: its lines carry the request id, which the access log ties to an address. */
  log: ClientLog;
  topics: Set<RealtimeTopic>;
  logs: Map<RealtimeTopic, LogSubscription>;
  budget: FrameBudget;
  /** Beats since the client last answered a ping; `DEAD_AFTER_MISSED_BEATS` of them end it. */
  missedBeats: number;
}

/**
 * Every beat the server sends each socket a heartbeat frame (the page's proof that the socket is
 * alive, see REALTIME_HEARTBEAT_MS in @onair/core) and a ping. A dead phone on mobile data never
 * sends a close: a socket that answered none of the last two pings (20 to 30 s) is dropped.
 */
export const HEARTBEAT_INTERVAL_MS = REALTIME_HEARTBEAT_MS;
const DEAD_AFTER_MISSED_BEATS = 2;
/** A client this far behind in reading is too slow to keep: it reconnects and resyncs instead. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/**
 * The one owner of every realtime socket: subscriptions, fan-out of changes, heartbeats, and the
 * latest snapshot of each topic. Snapshots live in memory: the first subscriber of a topic loads it
 * from its source, and every `publish` (the route's successful save) replaces it, so a client sending
 * subscribe frames in a loop costs the store nothing. Log topics keep their recent tail in memory
 * the same way (`EventLogWindow`, fed by `publishEvent`). Each socket has a frame budget; a client's
 * mistakes are logged at info, since they are not faults of this server.
 */
export class RealtimeHub {
  readonly #sources = new Map<RealtimeTopic, SnapshotSource>();
  readonly #logs = new Map<RealtimeTopic, LogTopic>();
  /** null: the source had no document (an empty store); the next publish brings one. */
  readonly #snapshots = new Map<RealtimeTopic, HeldSnapshot | null>();
  readonly #loading = new Map<RealtimeTopic, Promise<HeldSnapshot | null>>();
  readonly #clients = new Set<Client>();
  readonly #heartbeat: ReturnType<typeof setInterval>;

  constructor(
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'error'>,
    heartbeatMs = HEARTBEAT_INTERVAL_MS,
    /** The other instances (Redis); a lone instance has nobody to tell. */
    readonly bus: RealtimeBus = new LocalBus(),
  ) {
    this.#heartbeat = setInterval(() => this.#beat(), heartbeatMs);
    this.#heartbeat.unref();
    bus.onResync(() => void this.#reloadSnapshots());
  }

  get clientCount(): number {
    return this.#clients.size;
  }

  registerTopic(topic: RealtimeTopic, source: SnapshotSource): void {
    this.#sources.set(topic, source);
    this.bus.onMessage(topic, (message) => {
      if (message.kind === 'snapshot') this.#publishHere(topic, message);
    });
  }

  registerLog(topic: RealtimeTopic, source: EventLogSource): void {
    const window = new EventLogWindow(source.head, source.maxReplay, (data) => source.supersession(data));
    this.#logs.set(topic, { topic, source, window, backfill: null, backfilled: false });
  }

  attach(socket: WebSocket, log: ClientLog = this.log): void {
    const client: Client = {
      socket,
      log,
      topics: new Set(),
      logs: new Map(),
      budget: new FrameBudget(),
      missedBeats: 0,
    };
    this.#clients.add(client);
    socket.on('pong', () => {
      client.missedBeats = 0;
    });
    socket.on('close', () => this.#clients.delete(client));
    socket.on('error', () => this.#clients.delete(client));
    socket.on('message', (raw, isBinary) => this.#onMessage(client, isBinary ? null : raw.toString()));
  }

  /** Makes `snapshot` the topic's current document and sends it to everyone subscribed, on every instance. */
  publish(topic: RealtimeTopic, snapshot: TopicSnapshot): void {
    this.#publishHere(topic, snapshot);
    this.bus.publish({ topic, kind: 'snapshot', version: snapshot.version, data: snapshot.data });
  }

  #publishHere(topic: RealtimeTopic, snapshot: TopicSnapshot): void {
    const held = this.#snapshots.get(topic);
    // Two saves finishing out of order must not leave the older one as the current snapshot.
    if (held && held.version > snapshot.version) return;
    const next = hold(topic, snapshot);
    this.#snapshots.set(topic, next);
    for (const client of this.#clients) {
      if (client.topics.has(topic)) this.#send(client, next.frame);
    }
  }

  /**
   * Sends event `seq` of a log topic to its subscribers and keeps it for resumes. The caller
   * publishes in seq order (the chat service orders its commits); the frame is serialized once,
   * whatever the number of clients.
   */
  publishEvent(topic: RealtimeTopic, seq: number, data: unknown): void {
    const frame = frameOf(topic, seq, data);
    this.#logs.get(topic)?.window.append({ seq, data, frame });
    for (const client of this.#clients) {
      const subscription = client.logs.get(topic);
      // A resume under way takes it from the window; never one the client holds already: each event reaches it once.
      if (subscription?.live !== true || seq <= subscription.last) continue;
      subscription.last = seq;
      this.#send(client, frame);
    }
  }

  /** Forgets the events of a log topic before `seq`, which the store no longer has (see `EventLogWindow.forgetBefore`). */
  forgetLogBefore(topic: RealtimeTopic, seq: number): void {
    this.#logs.get(topic)?.window.forgetBefore(seq);
  }

  /** Shutdown: every socket is told 'service restart' (1012), so its client reconnects at once. */
  closeForRestart(): void {
    for (const client of this.#clients) client.socket.close(CLOSE_SERVICE_RESTART, 'Service restart');
  }

  close(): void {
    clearInterval(this.#heartbeat);
    for (const client of this.#clients) client.socket.terminate();
    this.#clients.clear();
  }

  #onMessage(client: Client, text: string | null): void {
    // Frames already in flight when the socket was closed for a mistake are not answered.
    if (client.socket.readyState !== client.socket.OPEN) return;
    if (!client.budget.take(performance.now())) {
      client.log.info({ event: 'realtime_frame_budget' }, 'realtime socket over its frame budget: closed');
      client.socket.close(CLOSE_POLICY_VIOLATION, 'Too many frames');
      return;
    }
    let frame: unknown;
    try {
      frame = text === null ? null : JSON.parse(text);
    } catch {
      frame = null;
    }
    const parsed = clientFrameSchema.safeParse(frame);
    if (!parsed.success) {
      client.log.info({ event: 'realtime_invalid_frame' }, 'realtime socket sent an invalid frame: closed');
      client.socket.close(CLOSE_POLICY_VIOLATION, 'Invalid frame');
      return;
    }
    const { topics, versions } = parsed.data;
    client.topics = new Set(topics.filter((topic) => !this.#logs.has(topic)));
    client.logs = new Map();
    for (const topic of topics) {
      const log = this.#logs.get(topic);
      if (log) this.#resume(client, topic, log, versions?.[topic]);
    }
    for (const topic of client.topics) {
      void this.#snapshot(topic).then((snapshot) => {
        // Resync by version: a client already holding this version gets nothing; any other version
        // (older, or newer because the store was reset) gets the current document.
        if (snapshot && versions?.[topic] !== snapshot.version) this.#send(client, snapshot.frame);
      });
    }
  }

  /** Sends what the client missed of a log topic (or tells it to resync), then makes it live. */
  #resume(client: Client, topic: RealtimeTopic, log: LogTopic, since: number | undefined): void {
    const pending: LogSubscription = { live: false };
    client.logs.set(topic, pending);
    void this.#prepare(log, since).then(
      (storedHead) => {
        // A newer subscribe frame replaced this subscription meanwhile: it does its own resume.
        if (client.logs.get(topic) !== pending) return;
        const { frames, last } = this.#replay(log, since, storedHead);
        for (const frame of frames) this.#send(client, frame);
        client.logs.set(topic, { live: true, last });
      },
      (error: unknown) => {
        // Going on without the replay would lose events silently; the client reconnects and resumes.
        this.log.error({ err: error, topic }, 'realtime log could not be read');
        client.socket.close(CLOSE_SERVER_ERROR, 'Try again');
      },
    );
  }

  /**
   * What a resume needs from the store, which is nothing for a client inside the window. Two rare
   * cases read it: a client holding more than was published here (another instance is ahead, or
   * the store was reset) asks for the store's head; a client holding less than the window reaches
   * back, while it has never reached back before `head`, fills it from the store once.
   */
  async #prepare(log: LogTopic, since: number | undefined): Promise<number | null> {
    if (since === undefined) return null;
    if (since > log.window.last) return log.source.storedHead();
    if (since < log.window.base && !log.backfilled && !log.window.full) await this.#backfill(log);
    return null;
  }

  /** The frames for a client holding `since`, and the seq it then holds; a resync frame when no replay can do. */
  #replay(
    { topic, source, window }: LogTopic,
    since: number | undefined,
    storedHead: number | null,
  ): { frames: Buffer[]; last: number } {
    if (since !== undefined && since >= window.base) {
      if (since <= window.last)
        return {
          frames: window.replay(since, (seq) => frameOf(topic, seq, source.superseded)),
          last: window.last,
        };
      // Ahead of this instance but not of the store: the events in between come live.
      if (storedHead !== null && since <= storedHead) return { frames: [], last: since };
    }
    return { frames: [frameOf(topic, window.last, source.resync)], last: window.last };
  }

  #backfill(log: LogTopic): Promise<void> {
    log.backfill ??= (async () => {
      const through = log.window.base;
      const from = Math.max(0, through - log.source.maxReplay);
      const events = await log.source.after(from, through - from);
      log.window.prepend(
        from,
        through,
        events.map(({ seq, data }) => ({ seq, data, frame: frameOf(log.topic, seq, data) })),
      );
      log.backfilled = true;
    })().finally(() => {
      log.backfill = null;
    });
    return log.backfill;
  }

  /** After a bus outage: each held document is read again, and sent on when another instance changed it meanwhile. */
  async #reloadSnapshots(): Promise<void> {
    for (const [topic, source] of this.#sources) {
      if (!this.#snapshots.get(topic)) continue;
      try {
        const current = await source();
        if (current && current.version !== this.#snapshots.get(topic)?.version)
          this.#publishHere(topic, current);
      } catch (error) {
        this.log.error({ err: error, topic }, 'realtime snapshot could not be reloaded');
      }
    }
  }

  /** The held snapshot, loading it once (one load shared by every subscriber that waits for it). */
  async #snapshot(topic: RealtimeTopic): Promise<HeldSnapshot | null> {
    const held = this.#snapshots.get(topic);
    if (held !== undefined) return held;
    const source = this.#sources.get(topic);
    if (!source) return null;
    let loading = this.#loading.get(topic);
    if (!loading) {
      loading = source()
        .then((snapshot) => {
          // A publish while the store was being read is newer than what the read returned.
          if (!this.#snapshots.has(topic)) this.#snapshots.set(topic, snapshot && hold(topic, snapshot));
          return this.#snapshots.get(topic) ?? null;
        })
        .catch((error: unknown) => {
          // Not held: the next subscriber tries again (a store that was briefly down comes back).
          this.log.error({ err: error, topic }, 'realtime snapshot could not be loaded');
          return null;
        })
        .finally(() => this.#loading.delete(topic));
      this.#loading.set(topic, loading);
    }
    return loading;
  }

  #send(client: Client, text: string | Buffer): void {
    if (client.socket.readyState !== client.socket.OPEN) return;
    if (client.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      client.socket.terminate();
      return;
    }
    // A Buffer is the once-serialized frame shared by all clients; `binary: false` keeps it a text frame.
    client.socket.send(text, { binary: false });
  }

  #beat(): void {
    for (const client of this.#clients) {
      if (client.missedBeats >= DEAD_AFTER_MISSED_BEATS) {
        client.socket.terminate();
        this.#clients.delete(client);
        continue;
      }
      client.missedBeats += 1;
      client.socket.ping();
      this.#send(client, HEARTBEAT_FRAME);
    }
  }
}

/** The heartbeat, as one shared buffer: a beat costs a send per socket, no serialization. */
const HEARTBEAT_FRAME = Buffer.from(HEARTBEAT_FRAME_TEXT);

function frameOf(topic: RealtimeTopic, version: number, data: unknown): Buffer {
  return Buffer.from(JSON.stringify({ topic, version, data } satisfies ServerFrame));
}

function hold(topic: RealtimeTopic, { version, data }: TopicSnapshot): HeldSnapshot {
  return { version, frame: JSON.stringify({ topic, version, data } satisfies ServerFrame) };
}
