import {
  AUDIO_DEFAULT_VOLUME,
  audioRetryDelayMs,
  type AudioQuality,
  type AudioRetryCause,
} from '@onair/core';
import { createStreamSource, type StreamSource, type StreamSourceFactory } from './stream-source.ts';

export type PlayerState = 'stopped' | 'loading' | 'playing' | 'error';
export type StreamUrls = Readonly<Record<AudioQuality, string>>;

export interface PlayerSnapshot {
  state: PlayerState;
  /** The listener wants sound: true from play() until pause()/stop() (or a pause from the system). */
  listening: boolean;
  error: string | null;
  muted: boolean;
  quality: AudioQuality;
  /** Which way the stream reaches the element, for diagnostics and the bench. */
  sourceKind: StreamSource['kind'] | null;
}

/** How often the watchdog looks at currentTime while playing. */
export const WATCHDOG_INTERVAL_MS = 1_000;
/**
 * After a silent network switch an element can stay 'playing' while nothing advances; this long
 * without progress counts as a stall and the stream is reloaded.
 */
export const WATCHDOG_STALL_MS = 5_000;
/** A (re)load that has not produced sound after this long is given up and retried with backoff. */
export const START_TIMEOUT_MS = 15_000;

/** HTMLMediaElement.HAVE_FUTURE_DATA, spelled out so the engine also runs on a fake element. */
const HAVE_FUTURE_DATA = 3;

export const PLAYER_MESSAGES = {
  offline: 'You’re offline. Playback will resume when you’re back online.',
  blocked: 'The browser blocked playback. Tap Play to start.',
  noStream: 'The station’s stream is not available yet.',
  reconnecting: (seconds: number) => `Lost the stream. Reconnecting in ${seconds} s…`,
  retrying: 'Reconnecting…',
} as const;

export interface AudioEngineOptions {
  streams: StreamUrls | null;
  quality: AudioQuality;
  /** Whether the browser is online at start (navigator.onLine). */
  online?: boolean;
  createSource?: StreamSourceFactory;
  now?: () => number;
}

/**
 * The one owner of the <audio> element: a state machine over spec §4 (stopped / loading / playing /
 * error) that keeps a live stream going. It never plays a stale buffer: every start, resume and
 * recovery opens the stream anew at the live edge (with a cache-busting query, since Firefox
 * caches live streams). React reaches it through PlayerProvider/usePlayer(); it knows nothing of React.
 */
export class AudioEngine {
  readonly #media: HTMLMediaElement;
  readonly #createSource: StreamSourceFactory;
  readonly #now: () => number;
  readonly #listeners = new Set<() => void>();
  #snapshot: PlayerSnapshot;
  #streams: StreamUrls | null;
  #online: boolean;
  #source: StreamSource | null = null;
  #volume = AUDIO_DEFAULT_VOLUME;
  #fadeLevel = 1;
  /** Consecutive failed attempts since sound last flowed; drives the backoff. */
  #failures = 0;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  #stallTimer: ReturnType<typeof setTimeout> | undefined;
  #startTimer: ReturnType<typeof setTimeout> | undefined;
  #watchdog: ReturnType<typeof setInterval> | undefined;
  #lastTime = 0;
  #lastProgressAt = 0;
  /** Sound has flowed since the current load (a 'waiting' before that is the normal start, not a stall). */
  #sounding = false;
  /** The stream host refuses fetch() (no CORS): stay on <audio src> for this page's life. */
  #directOnly = false;
  /** A pause the engine made itself (offline, reload), whose event must not read as the listener's. */
  #ownPause = false;
  readonly #detach: () => void;

  constructor(media: HTMLMediaElement, options: AudioEngineOptions) {
    this.#media = media;
    this.#streams = options.streams;
    this.#online = options.online ?? true;
    this.#createSource = options.createSource ?? createStreamSource;
    this.#now = options.now ?? Date.now;
    this.#snapshot = {
      state: 'stopped',
      listening: false,
      error: null,
      muted: false,
      quality: options.quality,
      sourceKind: null,
    };
    media.preload = 'none';
    this.#applyVolume();
    this.#detach = this.#listen();
  }

  get snapshot(): PlayerSnapshot {
    return this.#snapshot;
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  play(): void {
    this.#failures = 0;
    this.#update({ listening: true, error: null });
    this.#load();
  }

  /** Pausing a live stream drops the connection: resuming later rejoins the live edge. */
  pause(): void {
    this.#update({ listening: false, error: null });
    this.#halt();
    this.#update({ state: 'stopped' });
  }

  stop(): void {
    this.pause();
  }

  toggleMute(): void {
    this.setMuted(!this.#snapshot.muted);
  }

  setMuted(muted: boolean): void {
    this.#update({ muted });
    this.#applyVolume();
  }

  /** 0..1 multiplier on the saved volume (the sleep timer's fade-out); the saved volume stays. */
  setFadeLevel(level: number): void {
    this.#fadeLevel = Number.isFinite(level) ? Math.min(1, Math.max(0, level)) : 1;
    this.#applyVolume();
  }

  setQuality(quality: AudioQuality): void {
    if (quality === this.#snapshot.quality) return;
    this.#update({ quality });
    if (this.#snapshot.listening) this.#load();
  }

  /** The station's stream URLs arrive with /api/station; a tap on Play before that waits for them. */
  setStreams(streams: StreamUrls | null): void {
    const changed = streams?.standard !== this.#streams?.standard || streams?.high !== this.#streams?.high;
    this.#streams = streams;
    if (changed && this.#snapshot.listening) this.#load();
  }

  /** From the browser's online/offline events. */
  setOnline(online: boolean): void {
    if (online === this.#online) return;
    this.#online = online;
    if (!online) {
      if (!this.#snapshot.listening) return;
      // Offline pauses playing audio and says so; the listener's wish to listen is kept for later.
      this.#halt();
      this.#update({ state: 'error', error: PLAYER_MESSAGES.offline });
      return;
    }
    if (this.#snapshot.listening) {
      this.#failures = 0;
      this.#update({ error: null });
      this.#load();
    } else if (this.#snapshot.error === PLAYER_MESSAGES.offline) {
      this.#update({ state: 'stopped', error: null });
    }
  }

  destroy(): void {
    this.#halt();
    this.#detach();
    this.#listeners.clear();
  }

  /** Opens the stream afresh at the live edge (first start, resume, recovery, quality change). */
  #load(): void {
    this.#clearTimers();
    this.#stopSource();
    if (!this.#online) {
      this.#update({ state: 'error', error: PLAYER_MESSAGES.offline });
      return;
    }
    const streams = this.#streams;
    if (!streams) {
      this.#update({ state: 'loading', error: PLAYER_MESSAGES.noStream });
      return;
    }
    this.#sounding = false;
    this.#update({
      state: 'loading',
      ...(this.#snapshot.error === PLAYER_MESSAGES.noStream ? { error: null } : {}),
    });
    const source = this.#createSource(
      this.#media,
      {
        onFirstData: () => {
          // play() is called at once below (inside the listener's tap, which browsers require); this
          // second call covers a browser that dropped the first while there was nothing to play.
          if (this.#source === source && this.#media.paused) this.#requestPlay();
        },
        onFailure: (_reason, useDirect) => {
          if (this.#source !== source) return;
          if (useDirect && !this.#directOnly) {
            // Not an outage: the host just cannot be fetched. Switch ways at once, without backoff.
            this.#directOnly = true;
            this.#load();
            return;
          }
          this.#fail('error');
        },
      },
      { direct: this.#directOnly },
    );
    this.#source = source;
    this.#update({ sourceKind: source.kind });
    source.start(withCacheBuster(streams[this.#snapshot.quality], this.#now()));
    this.#startTimer = setTimeout(() => this.#fail('stall'), START_TIMEOUT_MS);
    this.#startWatchdog();
    this.#requestPlay();
  }

  #requestPlay(): void {
    this.#media.play().catch((error: unknown) => {
      // AbortError: a newer load replaced this one, which is the engine's own doing.
      if (error instanceof DOMException && error.name === 'NotAllowedError') {
        this.#halt();
        this.#update({ listening: false, state: 'error', error: PLAYER_MESSAGES.blocked });
      }
    });
  }

  /**
   * Something broke while the listener wants sound: say so and try again after the backoff delay,
   * less what the caller already waited (a stall has been watched for 2 s before it gets here).
   */
  #fail(cause: AudioRetryCause, alreadyWaitedMs = 0): void {
    if (!this.#snapshot.listening || !this.#online) return;
    const delay = audioRetryDelayMs(cause, this.#failures) - alreadyWaitedMs;
    this.#failures += 1;
    this.#clearTimers();
    this.#stopSource();
    if (delay <= 0) {
      this.#update({ error: PLAYER_MESSAGES.retrying });
      this.#load();
      return;
    }
    this.#update({ state: 'error', error: PLAYER_MESSAGES.reconnecting(Math.ceil(delay / 1000)) });
    this.#retryTimer = setTimeout(() => {
      this.#update({ error: PLAYER_MESSAGES.retrying });
      this.#load();
    }, delay);
  }

  /** Stops everything the engine runs; state is left to the caller. */
  #halt(): void {
    this.#clearTimers();
    this.#stopWatchdog();
    this.#stopSource();
  }

  #stopSource(): void {
    if (!this.#media.paused) {
      this.#ownPause = true;
      this.#media.pause();
    }
    this.#source?.stop();
    this.#source = null;
  }

  #clearTimers(): void {
    clearTimeout(this.#retryTimer);
    clearTimeout(this.#stallTimer);
    clearTimeout(this.#startTimer);
    this.#retryTimer = this.#stallTimer = this.#startTimer = undefined;
  }

  #startWatchdog(): void {
    this.#lastTime = this.#media.currentTime;
    this.#lastProgressAt = this.#now();
    if (this.#watchdog !== undefined) return;
    this.#watchdog = setInterval(() => this.#checkProgress(), WATCHDOG_INTERVAL_MS);
  }

  #stopWatchdog(): void {
    clearInterval(this.#watchdog);
    this.#watchdog = undefined;
  }

  #checkProgress(): void {
    const time = this.#media.currentTime;
    if (time !== this.#lastTime) {
      this.#lastTime = time;
      this.#lastProgressAt = this.#now();
      return;
    }
    if (this.#snapshot.state === 'playing' && this.#now() - this.#lastProgressAt >= WATCHDOG_STALL_MS) {
      this.#fail('stall', WATCHDOG_STALL_MS);
    }
  }

  /** Sound is flowing: the start and stall timers are moot and the backoff starts over. */
  #markSounding(): void {
    this.#sounding = true;
    this.#failures = 0;
    clearTimeout(this.#stallTimer);
    clearTimeout(this.#startTimer);
    this.#stallTimer = this.#startTimer = undefined;
    this.#update({ state: 'playing', error: null });
  }

  #listen(): () => void {
    const media = this.#media;
    const handlers: Record<string, () => void> = {
      // Spec §4: the play event marks playing. A live stream only sounds once data is there, so
      // before that it reads as loading (buffering) and 'playing' completes the move.
      play: () => {
        if (!this.#snapshot.listening) return;
        if (media.readyState >= HAVE_FUTURE_DATA) this.#markSounding();
        else this.#update({ state: 'loading' });
      },
      playing: () => {
        if (this.#snapshot.listening) this.#markSounding();
      },
      timeupdate: () => {
        if (
          this.#snapshot.listening &&
          !media.paused &&
          this.#snapshot.state !== 'playing' &&
          this.#sounding
        ) {
          this.#markSounding();
        }
      },
      // Spec §4: pause, ended, abort and emptied mark not playing.
      pause: () => {
        if (this.#ownPause) {
          this.#ownPause = false;
          return;
        }
        // A pause the engine did not make (headset unplugged, the OS took the audio): the listener stopped.
        if (this.#snapshot.listening) this.pause();
      },
      ended: () => {
        // A live stream never ends on purpose: the source went away.
        if (this.#snapshot.listening) this.#fail('error');
        else this.#update({ state: 'stopped' });
      },
      abort: () => this.#markNotPlayingUnlessReloading(),
      emptied: () => this.#markNotPlayingUnlessReloading(),
      error: () => {
        if (this.#snapshot.listening && this.#source) this.#fail('error');
      },
      // Spec §4: a stall sets buffering and reloads after 2 s if still stalled.
      waiting: () => this.#onStall(),
      stalled: () => this.#onStall(),
    };
    for (const [name, handler] of Object.entries(handlers)) media.addEventListener(name, handler);
    return () => {
      for (const [name, handler] of Object.entries(handlers)) media.removeEventListener(name, handler);
    };
  }

  /** abort/emptied also follow the engine's own source swaps; only without a wish to listen do they stop. */
  #markNotPlayingUnlessReloading(): void {
    if (!this.#snapshot.listening && this.#snapshot.state !== 'error') this.#update({ state: 'stopped' });
  }

  #onStall(): void {
    if (!this.#snapshot.listening || !this.#sounding || this.#stallTimer !== undefined) return;
    this.#update({ state: 'loading' });
    const wait = audioRetryDelayMs('stall', 0);
    this.#stallTimer = setTimeout(() => {
      this.#stallTimer = undefined;
      if (this.#snapshot.state !== 'playing') this.#fail('stall', wait);
    }, wait);
  }

  #applyVolume(): void {
    this.#media.volume = this.#snapshot.muted ? 0 : this.#volume * this.#fadeLevel;
  }

  #update(patch: Partial<PlayerSnapshot>): void {
    const next = { ...this.#snapshot, ...patch };
    const keys = Object.keys(patch) as Array<keyof PlayerSnapshot>;
    if (keys.every((key) => next[key] === this.#snapshot[key])) return;
    this.#snapshot = next;
    for (const listener of this.#listeners) listener();
  }
}

/** Firefox (and some proxies) cache live streams; a fresh query on every load defeats that. */
export function withCacheBuster(url: string, now: number): string {
  const [base, hash] = url.split('#', 2);
  const joined = `${base}${base?.includes('?') ? '&' : '?'}t=${now}`;
  return hash === undefined ? joined : `${joined}#${hash}`;
}
