import { createHash } from 'node:crypto';
import {
  estimateChangeAtMs,
  parseIcecastStatus,
  pushTrackHistory,
  sameTrack,
  type NowPlaying,
  type NowPlayingErrorKind,
  type StreamMetadata,
  type TrackHistoryEntry,
} from '@onair/core';

/**
 * One upstream read per interval, however many listeners ask: listeners read the cached value. A
 * change is dated halfway between two reads, so 1 s keeps its time within ±0.5 s: the apps show a
 * title when the song reaches their listener's ears, which needs that time (titles in sync).
 */
export const NOW_PLAYING_UPSTREAM_POLL_MS = 1_000;
/** An upstream that has not answered by then counts as unreachable for this round. */
export const STATUS_FETCH_TIMEOUT_MS = 4_000;

/** Reads the status feed once; the demo station answers in-process, a real one over HTTP. */
export type FetchStatus = (signal: AbortSignal) => Promise<Response>;

/** Spec §7 #5: GET the Icecast status-json.xsl feed, asking for JSON. */
export function fetchStatusFrom(statusUrl: string): FetchStatus {
  return (signal) => fetch(statusUrl, { headers: { Accept: 'application/json' }, signal });
}

export interface PollerLogger {
  warn: (details: object, message: string) => void;
  info: (details: object, message: string) => void;
}

export interface IcecastPollerOptions {
  fetchStatus: FetchStatus;
  intervalMs?: number;
  now?: () => Date;
  logger?: PollerLogger;
  /** Sees every status body that parsed as JSON (the listener figures are recorded from it). */
  onStatus?: (status: unknown) => void;
  /** Called after each change of the track (the realtime `now-playing` topic is published from it). */
  onTrackChange?: () => void;
  /** Called after every failed read of the feed (counted in /metrics). */
  onPollError?: (kind: NowPlayingErrorKind) => void;
  /**
   * Called after each read that tells whether the stream has a source: true when it has, false
   * when Icecast says there is none or cannot be reached (integrations' station.offline/online).
   */
  onSourceSeen?: (online: boolean) => void;
}

type PollResult =
  { ok: true; metadata: StreamMetadata } | { ok: false; kind: NowPlayingErrorKind; detail: string };

const EMPTY: StreamMetadata = { title: '', artist: '', album: '', artwork: '' };

/**
 * The server's one reader of the station's now-playing feed. Every failure is recorded by kind
 * (spec §8: HTTP status, content type, structure, no source; plus unreachable) and the previous
 * metadata stays. The served value carries an ETag so polling listeners mostly get 304s.
 */
export class IcecastPoller {
  readonly #fetchStatus: FetchStatus;
  readonly #intervalMs: number;
  readonly #now: () => Date;
  readonly #logger: PollerLogger | undefined;
  readonly #onStatus: ((status: unknown) => void) | undefined;
  readonly #onTrackChange: (() => void) | undefined;
  readonly #onPollError: ((kind: NowPlayingErrorKind) => void) | undefined;
  readonly #onSourceSeen: ((online: boolean) => void) | undefined;
  /** When the last good read was made: a change seen now happened after it. */
  #lastGoodReadAt: number | null = null;
  #metadata: StreamMetadata = EMPTY;
  #updatedAt: string | null = null;
  #error: NonNullable<NowPlaying['error']> | undefined;
  #history: TrackHistoryEntry[] = [];
  #current: NowPlaying;
  #etag: string;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #running = false;
  #inFlight: Promise<void> | null = null;
  /** How many times the upstream feed was read, for the bench and the tests. */
  upstreamRequests = 0;

  constructor(options: IcecastPollerOptions) {
    this.#fetchStatus = options.fetchStatus;
    this.#intervalMs = options.intervalMs ?? NOW_PLAYING_UPSTREAM_POLL_MS;
    this.#now = options.now ?? (() => new Date());
    this.#logger = options.logger;
    this.#onStatus = options.onStatus;
    this.#onTrackChange = options.onTrackChange;
    this.#onPollError = options.onPollError;
    this.#onSourceSeen = options.onSourceSeen;
    this.#current = this.#compose();
    this.#etag = etagOf(this.#current);
  }

  get current(): NowPlaying {
    return this.#current;
  }

  get etag(): string {
    return this.#etag;
  }

  get history(): readonly TrackHistoryEntry[] {
    return this.#history;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    const loop = async () => {
      await this.poll();
      if (this.#running) this.#timer = setTimeout(() => void loop(), this.#intervalMs);
    };
    void loop();
  }

  stop(): void {
    this.#running = false;
    clearTimeout(this.#timer);
  }

  /** Reads the feed once; concurrent callers share the read in flight. */
  poll(): Promise<void> {
    this.#inFlight ??= this.#read()
      .then((result) => this.#apply(result))
      .finally(() => {
        this.#inFlight = null;
      });
    return this.#inFlight;
  }

  async #read(): Promise<PollResult> {
    this.upstreamRequests += 1;
    let response: Response;
    try {
      response = await this.#fetchStatus(AbortSignal.timeout(STATUS_FETCH_TIMEOUT_MS));
    } catch (error) {
      return { ok: false, kind: 'network', detail: error instanceof Error ? error.message : String(error) };
    }
    try {
      if (!response.ok) return { ok: false, kind: 'http-status', detail: `HTTP ${response.status}` };
      const type = response.headers.get('content-type') ?? '';
      if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
        return { ok: false, kind: 'content-type', detail: type || '(none)' };
      }
      let body: unknown;
      try {
        body = JSON.parse(await response.text());
      } catch {
        // Icecast 2.4 serves broken JSON for a moment after it starts.
        return { ok: false, kind: 'structure', detail: 'not JSON' };
      }
      this.#onStatus?.(body);
      const parsed = parseIcecastStatus(body);
      return parsed.ok ? parsed : { ok: false, kind: parsed.error, detail: parsed.error };
    } finally {
      // An unread body would keep the upstream connection busy.
      if (!response.bodyUsed) await response.body?.cancel().catch(() => undefined);
    }
  }

  #apply(result: PollResult): void {
    const readAt = this.#now().getTime();
    const at = new Date(readAt).toISOString();
    let changed = false;
    if (result.ok) {
      if (this.#error) this.#logger?.info({ kind: this.#error.kind }, 'now-playing feed recovered');
      this.#error = undefined;
      if (!sameTrack(result.metadata, this.#metadata) || result.metadata.artwork !== this.#metadata.artwork) {
        const changedAt = new Date(estimateChangeAtMs(this.#lastGoodReadAt, readAt)).toISOString();
        this.#metadata = result.metadata;
        this.#updatedAt = changedAt;
        this.#history = pushTrackHistory(this.#history, result.metadata, changedAt);
        changed = true;
      }
      this.#lastGoodReadAt = readAt;
    } else {
      this.#onPollError?.(result.kind);
      if (this.#error?.kind !== result.kind) {
        // `at` is when this kind of failure began, so a lasting outage does not change the ETag each poll.
        this.#logger?.warn(
          { kind: result.kind, detail: result.detail },
          'now-playing feed failed; keeping the last metadata',
        );
        this.#error = { kind: result.kind, at };
      }
    }
    const next = this.#compose();
    const etag = etagOf(next);
    if (etag !== this.#etag) {
      this.#current = next;
      this.#etag = etag;
    }
    if (changed) this.#onTrackChange?.();
    if (result.ok) this.#onSourceSeen?.(true);
    else if (result.kind === 'no-source' || result.kind === 'network') this.#onSourceSeen?.(false);
  }

  #compose(): NowPlaying {
    return { ...this.#metadata, updatedAt: this.#updatedAt, ...(this.#error ? { error: this.#error } : {}) };
  }
}

function etagOf(value: NowPlaying): string {
  return `"${createHash('sha1').update(JSON.stringify(value)).digest('base64url').slice(0, 20)}"`;
}
