import { createStreamSource, type StreamSource, type StreamSourceFactory } from './stream-source.ts';
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

export interface AudioEngineOptions extends PlayerEngineOptions {
  createSource?: StreamSourceFactory;
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
  /** A pause the engine made itself (offline, reload), whose event must not read as the listener's. */
  #ownPause = false;
  readonly #detach: () => void;

  constructor(media: HTMLMediaElement, options: AudioEngineOptions) {
    super(options);
    this.#media = media;
    this.#createSource = options.createSource ?? createStreamSource;
    media.preload = 'none';
    this.applyVolume();
    this.#detach = this.#listen();
  }

  protected override startSource(direct: boolean): void {
    const url = this.liveUrl();
    if (url === null) return; // the machine only connects with URLs; this keeps the types honest
    this.#closeSource();
    const source = this.#createSource(
      this.#media,
      {
        // Events of a source already replaced are old news.
        onFirstData: () => {
          if (this.#source === source) this.dispatch({ type: 'sourceData' });
        },
        onFailure: (_reason, corsBlocked) => {
          if (this.#source === source)
            this.dispatch({ type: 'sourceFailed', corsBlocked: corsBlocked === true });
        },
      },
      { direct },
    );
    this.#source = source;
    this.update({ sourceKind: source.kind });
    source.start(url);
    this.startWatchdog(this.#media.currentTime);
    this.#requestPlay();
  }

  protected override stopSource(): void {
    this.#closeSource();
  }

  protected override resumeIfPaused(): void {
    // play() was called inside the listener's tap (browsers require it); this second call
    // covers a browser that dropped the first while there was nothing to play.
    if (this.#media.paused) this.#requestPlay();
  }

  protected override sampleProgress(): void {
    this.progress(this.#media.currentTime);
  }

  protected override release(): void {
    this.#closeSource();
    this.#detach();
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
        // An error of the emptied element after a stop is not a failure of the stream.
        if (this.#source) this.dispatch({ type: 'mediaError' });
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
