import {
  chooseMediaSource,
  createStreamSource,
  type StreamSource,
  type StreamSourceFactory,
} from './stream-source.ts';
import { PlayerEngine, type PlayerEngineOptions } from './player-engine.ts';

export {
  noticeText,
  PLAYER_MESSAGES,
  WATCHDOG_INTERVAL_MS,
  withCacheBuster,
  type PlayerSnapshot,
  type PlayerState,
  type StreamUrls,
} from './player-engine.ts';

/** HTMLMediaElement.HAVE_FUTURE_DATA, spelled out so the engine also runs on a fake element. */
const HAVE_FUTURE_DATA = 3;

/** How long a stream opened on pointerdown waits for the click's play() before it is closed. */
export const EARLY_START_MS = 2_000;

export interface AudioEngineOptions extends PlayerEngineOptions {
  createSource?: StreamSourceFactory;
  /**
   * Whether the stream may be opened on the listener's pointerdown, before play(). By default where
   * MSE plays: its request and MediaSource are what the tap waits for, and a paused element keeps
   * what was appended. An <audio src> element would start its own loading only at play().
   */
  startsEarly?: boolean;
}

/**
 * Runs the player's state machine (playerTransition in @onair/core, where every legal move is
 * listed, driven by PlayerEngine) on a real <audio> element: it turns the element's and the
 * source's happenings into events, and the machine's effects into actions. It never plays a stale
 * buffer: every start, resume and recovery opens the stream anew at the live edge (with a
 * cache-busting query, since Firefox caches live streams). It knows nothing of React.
 */
export class AudioEngine extends PlayerEngine {
  readonly #media: HTMLMediaElement;
  readonly #createSource: StreamSourceFactory;
  #source: StreamSource | null = null;
  readonly #startsEarly: boolean;
  /** The stream opened on pointerdown, until play() adopts it or EARLY_START_MS passes. */
  #early: { source: StreamSource; hasData: boolean; expiry: ReturnType<typeof setTimeout> } | null = null;
  /** A pause the engine made itself (offline, reload), whose event must not read as the listener's. */
  #ownPause = false;
  readonly #detach: () => void;

  constructor(media: HTMLMediaElement, options: AudioEngineOptions) {
    super(options);
    this.#media = media;
    this.#createSource = options.createSource ?? createStreamSource;
    this.#startsEarly = options.startsEarly ?? chooseMediaSource(false) !== null;
    media.preload = 'none';
    this.applyVolume();
    this.#detach = this.#listen();
  }

  protected override prepareSource(url: string): void {
    if (this.#early || this.#source || !this.#startsEarly) return;
    const source = this.#openSource(url, false);
    this.#early = { source, hasData: false, expiry: setTimeout(() => this.#dropEarly(), EARLY_START_MS) };
  }

  protected override startSource(direct: boolean): void {
    this.#closeSource();
    const early = this.#takeEarly();
    let source: StreamSource;
    if (early && !direct) source = early.source;
    else {
      early?.source.stop();
      const url = this.streamUrl();
      if (url === null) return; // the machine only connects with URLs; this keeps the types honest
      source = this.#openSource(url, direct);
    }
    this.#source = source;
    this.update({ sourceKind: source.kind });
    this.startWatchdog(this.#media.currentTime);
    this.#requestPlay();
    // The early stream's first bytes came in while the finger was down: the machine hears of them now.
    if (source === early?.source && early.hasData) this.dispatch({ type: 'sourceData' });
  }

  protected override stopSource(): void {
    this.#dropEarly();
    this.#closeSource();
  }

  protected override resumeIfPaused(): void {
    // play() was called inside the listener's tap (browsers require it); this second call
    // covers a browser that dropped the first while there was nothing to play.
    if (this.#media.paused) this.#requestPlay();
  }

  protected override playedSeconds(): number {
    const played = this.#source ? this.#media.currentTime : 0;
    return Number.isFinite(played) ? played : 0;
  }

  protected override sampleProgress(): void {
    this.progress(this.#media.currentTime);
  }

  protected override release(): void {
    this.#dropEarly();
    this.#closeSource();
    this.#detach();
  }

  /** Creates and starts a source; its events reach the machine once it is the engine's source. */
  #openSource(url: string, direct: boolean): StreamSource {
    const source = this.#createSource(
      this.#media,
      {
        // Events of a source already replaced are old news.
        onFirstData: () => {
          if (this.#source === source) this.dispatch({ type: 'sourceData' });
          else if (this.#early?.source === source) this.#early.hasData = true;
        },
        onFailure: (_reason, corsBlocked) => {
          if (this.#source === source)
            this.dispatch({ type: 'sourceFailed', corsBlocked: corsBlocked === true });
          // A stream opened early that failed is closed: play() opens its own, and reports.
          else if (this.#early?.source === source) this.#dropEarly();
        },
        onRefused: (reason) => {
          if (this.#source === source) this.dispatch({ type: 'sourceRefused', reason });
          else if (this.#early?.source === source) this.#dropEarly();
        },
      },
      { direct },
    );
    source.start(url);
    return source;
  }

  #takeEarly(): { source: StreamSource; hasData: boolean } | null {
    const early = this.#early;
    if (!early) return null;
    clearTimeout(early.expiry);
    this.#early = null;
    return early;
  }

  #dropEarly(): void {
    this.#takeEarly()?.source.stop();
  }

  protected override applyVolume(): void {
    this.#media.volume = this.volume();
  }

  #requestPlay(): void {
    this.#media.play().catch((error: unknown) => {
      // AbortError: a newer load replaced this one, which is the engine's own doing.
      if (error instanceof DOMException && error.name === 'NotAllowedError')
        this.dispatch({ type: 'playBlocked' });
    });
  }

  /** Pauses the element and ends the download. */
  #closeSource(): void {
    if (!this.#media.paused) {
      this.#ownPause = true;
      this.#media.pause();
    }
    this.#source?.stop();
    this.#source = null;
  }

  #listen(): () => void {
    const media = this.#media;
    const handlers: Record<string, () => void> = {
      play: () => this.dispatch({ type: 'mediaPlay', hasData: media.readyState >= HAVE_FUTURE_DATA }),
      playing: () => this.dispatch({ type: 'mediaPlaying' }),
      timeupdate: () => {
        if (!media.paused) this.dispatch({ type: 'mediaProgress' });
      },
      pause: () => {
        if (this.#ownPause) {
          this.#ownPause = false;
          return;
        }
        this.dispatch({ type: 'mediaPause' });
      },
      ended: () => this.dispatch({ type: 'mediaEnded' }),
      abort: () => this.dispatch({ type: 'mediaEmptied' }),
      emptied: () => this.dispatch({ type: 'mediaEmptied' }),
      error: () => {
        // An error of the emptied element after a stop is not a failure of the stream; a source
        // that reports the element's errors itself (with the server's reason) is left to do so.
        if (this.#source && this.#source.reportsMediaErrors !== true) this.dispatch({ type: 'mediaError' });
      },
      waiting: () => this.dispatch({ type: 'mediaStall' }),
      stalled: () => this.dispatch({ type: 'mediaStall' }),
    };
    for (const [name, handler] of Object.entries(handlers)) media.addEventListener(name, handler);
    return () => {
      for (const [name, handler] of Object.entries(handlers)) media.removeEventListener(name, handler);
    };
  }
}
