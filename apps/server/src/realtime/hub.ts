import type { WebSocket } from 'ws';
import { CLOSE_POLICY_VIOLATION, clientFrameSchema, type RealtimeTopic, type ServerFrame } from './frames.ts';

export interface TopicSnapshot {
  version: number;
  data: unknown;
}

/** Reads a topic's current document (from the store) for clients that subscribe or resync. */
export type SnapshotSource = () => Promise<TopicSnapshot | null>;

interface Client {
  socket: WebSocket;
  topics: Set<RealtimeTopic>;
  /** Cleared at each heartbeat, set by the pong; a socket still false at the next beat is dead. */
  alive: boolean;
}

/** A dead phone on mobile data never sends a close; one missed pong within this time ends it. */
export const HEARTBEAT_INTERVAL_MS = 30_000;
/** A client this far behind in reading is too slow to keep: it reconnects and resyncs instead. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/** The one owner of every realtime socket: subscriptions, fan-out of changes, and heartbeats. */
export class RealtimeHub {
  readonly #sources = new Map<RealtimeTopic, SnapshotSource>();
  readonly #clients = new Set<Client>();
  readonly #heartbeat: ReturnType<typeof setInterval>;

  constructor(
    private readonly log: { warn: (object: object, message: string) => void },
    heartbeatMs = HEARTBEAT_INTERVAL_MS,
  ) {
    this.#heartbeat = setInterval(() => this.#beat(), heartbeatMs);
    this.#heartbeat.unref();
  }

  get clientCount(): number {
    return this.#clients.size;
  }

  registerTopic(topic: RealtimeTopic, source: SnapshotSource): void {
    this.#sources.set(topic, source);
  }

  attach(socket: WebSocket): void {
    const client: Client = { socket, topics: new Set(), alive: true };
    this.#clients.add(client);
    socket.on('pong', () => {
      client.alive = true;
    });
    socket.on('close', () => this.#clients.delete(client));
    socket.on('error', () => this.#clients.delete(client));
    socket.on('message', (raw, isBinary) => {
      void this.#onMessage(client, isBinary ? null : raw.toString());
    });
  }

  /** Sends a topic's new document to everyone subscribed to it. */
  publish(topic: RealtimeTopic, snapshot: TopicSnapshot): void {
    const text = JSON.stringify({ topic, version: snapshot.version, data: snapshot.data } satisfies ServerFrame);
    for (const client of this.#clients) {
      if (client.topics.has(topic)) this.#send(client, text);
    }
  }

  close(): void {
    clearInterval(this.#heartbeat);
    for (const client of this.#clients) client.socket.terminate();
    this.#clients.clear();
  }

  async #onMessage(client: Client, text: string | null): Promise<void> {
    let frame: unknown;
    try {
      frame = text === null ? null : JSON.parse(text);
    } catch {
      frame = null;
    }
    const parsed = clientFrameSchema.safeParse(frame);
    if (!parsed.success) {
      client.socket.close(CLOSE_POLICY_VIOLATION, 'Invalid frame');
      return;
    }
    const { topics, versions } = parsed.data;
    client.topics = new Set(topics);
    for (const topic of client.topics) {
      const source = this.#sources.get(topic);
      if (!source) continue;
      try {
        const snapshot = await source();
        // Resync by version: a client already holding this version gets nothing; any other version
        // (older, or newer because the store was reset) gets the current document.
        if (snapshot && versions?.[topic] !== snapshot.version) {
          this.#send(client, JSON.stringify({ topic, ...snapshot } satisfies ServerFrame));
        }
      } catch (error) {
        this.log.warn({ err: error, topic }, 'realtime snapshot failed');
      }
    }
  }

  #send(client: Client, text: string): void {
    if (client.socket.readyState !== client.socket.OPEN) return;
    if (client.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      client.socket.terminate();
      return;
    }
    client.socket.send(text);
  }

  #beat(): void {
    for (const client of this.#clients) {
      if (!client.alive) {
        client.socket.terminate();
        this.#clients.delete(client);
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
  }
}
