import { t } from '@lingui/core/macro';
import {
  AUDIO_DEFAULT_VOLUME,
  initialPlayerMachine,
  playerTransition,
  playerView,
  WATCHDOG_STALL_MS,
  type AudioQuality,
  type PlayerEffect,
  type PlayerEvent,
  type PlayerMachine,
  type PlayerNotice,
  type PlayerState,
  rewindUrl,
} from '@onair/core';
import type { StreamSource } from './stream-source.ts';

export type { PlayerState };
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

/** How often the watchdog looks at the playback position while a stream is open. */
export const WATCHDOG_INTERVAL_MS = 1_000;

/** The player's notices, read in the app's language at the moment they are shown. */
export const PLAYER_MESSAGES = {
  get offline() {
    return t`You’re offline. Playback will resume when you’re back online.`;
  },
  get blocked() {
    return t`The browser blocked playback. Tap Play to start.`;
  },
  get noStream() {
    return t`The station’s stream is not available yet.`;
  },
  reconnecting: (seconds: number) => t`Lost the stream. Reconnecting in ${seconds} s…`,
  get retrying() {
    return t`Reconnecting…`;
  },
};

export function noticeText(notice: PlayerNotice | null): string | null {
  if (!notice) return null;
  switch (notice.kind) {
    case 'reconnecting':
      return PLAYER_MESSAGES.reconnecting(notice.seconds);
    case 'refused':
      return notice.reason;
    default:
      return PLAYER_MESSAGES[notice.kind];
  }
}

/** Firefox (and some proxies) cache live streams; a fresh query on every load defeats that. */
export function withCacheBuster(url: string, now: number): string {
  const [base, hash] = url.split('#', 2);
  const joined = `${base}${base?.includes('?') ? '&' : '?'}t=${now}`;
  return hash === undefined ? joined : `${joined}#${hash}`;
}

export interface PlayerEngineOptions {
  streams: StreamUrls | null;
  quality: AudioQuality;
  muted?: boolean;
  /** Whether the browser is online at start (navigator.onLine). */
  online?: boolean;
  now?: () => number;
}

/**
 * What every player engine shares: it runs the player's state machine (playerTransition in
 * @onair/core, where every legal move is listed), one event at a time, keeps the snapshot the UI
 * reads, owns the phase timer (start timeout, stall timeout, retry) and the progress watchdog.
 * A concrete engine (the <audio> one in browsers, the native one in the apps) only says how a
 * stream starts, stops and is sampled, and turns its player's happenings into dispatch(event).
 */
export abstract class PlayerEngine {
  protected readonly now: () => number;
  readonly #listeners = new Set<() => void>();
  #machine: PlayerMachine;
  #snapshot: PlayerSnapshot;
  #streams: StreamUrls | null;
  #fadeLevel = 1;
  /** The listener's own level (the keyboard's ↑/↓), 0..1; mute and the fade apply on top of it. */
  #level = AUDIO_DEFAULT_VOLUME;
  /** The one pending timer of the current phase (start timeout, stall timeout or retry). */
  #timer: ReturnType<typeof setTimeout> | undefined;
  #watchdog: ReturnType<typeof setInterval> | undefined;
  #lastPosition = 0;
  #lastProgressAt = 0;
  /** Events raised while effects run wait here, so each transition completes before the next. */
  readonly #queue: PlayerEvent[] = [];
  #dispatching = false;
  #destroyed = false;
  /**
   * Where the stream plays from: null at the live edge, else the archive instant (epoch ms) the
   * open source began at, moved on by what it played each time a source closes (so a retry or a
   * pause and play resume where the listener was, not where they first rewound to).
   */
  #startAt: number | null = null;
  /** The played seconds of the open source that do not count (those before a seek). */
  #playedOffsetS = 0;

  constructor(options: PlayerEngineOptions) {
    this.#streams = options.streams;
    this.now = options.now ?? Date.now;
    this.#machine = initialPlayerMachine({
      online: options.online ?? true,
      hasStreams: options.streams !== null,
    });
    this.#snapshot = {
      ...this.#view(),
      muted: options.muted ?? false,
      quality: options.quality,
      sourceKind: null,
    };
  }

  get snapshot(): PlayerSnapshot {
    return this.#snapshot;
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * The one way the player changes state. An event the machine does not allow in the current
   * phase is ignored.
   */
  dispatch(event: PlayerEvent): void {
    if (this.#destroyed) return;
    this.#queue.push(event);
    if (this.#dispatching) return;
    this.#dispatching = true;
    try {
      for (let next = this.#queue.shift(); next; next = this.#queue.shift()) {
        const result = playerTransition(this.#machine, next);
        if (!result) continue;
        this.#machine = result.machine;
        for (const effect of result.effects) this.#run(effect);
        this.update(this.#view());
      }
    } finally {
      this.#dispatching = false;
    }
  }

  play(): void {
    this.dispatch({ type: 'play' });
  }

  /**
   * The listener's finger (or Enter key) is down on Play: the stream may be asked for now, so that
   * it is on its way when the click says play. Only while not listening, online, with the URLs known.
   */
  prepare(): void {
    const { phase, online, direct } = this.#machine;
    const stopped = phase.name === 'idle' || phase.name === 'blocked' || phase.name === 'refused';
    if (!stopped || !online || direct) return;
    const url = this.streamUrl();
    if (url !== null) this.prepareSource(url);
  }

  pause(): void {
    this.dispatch({ type: 'pause' });
  }

  /** The archive instant the listener hears (epoch ms), or null at the live edge. */
  get heardAt(): number | null {
    if (this.#startAt === null) return null;
    return Math.round(this.#startAt + Math.max(0, this.playedSeconds() - this.#playedOffsetS) * 1000);
  }

  /**
   * Plays from `at`, an instant of the live rewind window (epoch ms), or from the live edge with
   * null: a listening player reopens its stream there, a stopped one starts (inside the tap).
   */
  seek(at: number | null): void {
    this.#startAt = at;
    this.#playedOffsetS = this.playedSeconds();
    this.dispatch({ type: this.#snapshot.listening ? 'reload' : 'play' });
  }

  /** Where the next play() starts, without starting: the place a live listener paused at. */
  setStartAt(at: number | null): void {
    this.#startAt = at;
    this.#playedOffsetS = this.playedSeconds();
  }

  stop(): void {
    this.pause();
  }

  toggleMute(): void {
    this.setMuted(!this.#snapshot.muted);
  }

  /** Spec §4: muting sets the volume to 0, unmuting restores the saved volume; legal in every state. */
  setMuted(muted: boolean): void {
    this.update({ muted });
    this.applyVolume();
  }

  /** 0..1 multiplier on the saved volume (the sleep timer's fade-out); the saved volume stays. */
  setFadeLevel(level: number): void {
    this.#fadeLevel = Number.isFinite(level) ? Math.min(1, Math.max(0, level)) : 1;
    this.applyVolume();
  }

  /** The listener's level, 0..1 (out-of-range values are clamped); legal in every state, like mute. */
  setLevel(level: number): void {
    this.#level = Number.isFinite(level) ? Math.min(1, Math.max(0, level)) : AUDIO_DEFAULT_VOLUME;
    this.applyVolume();
  }

  setQuality(quality: AudioQuality): void {
    if (quality === this.#snapshot.quality) return;
    this.update({ quality });
    this.dispatch({ type: 'reload' });
  }

  /** The station's stream URLs arrive with /api/station; a tap on Play before that waits for them. */
  setStreams(streams: StreamUrls | null): void {
    const changed = streams?.standard !== this.#streams?.standard || streams?.high !== this.#streams?.high;
    this.#streams = streams;
    if (changed) this.dispatch({ type: 'streams', available: streams !== null });
  }

  /** From the browser's online/offline events. */
  setOnline(online: boolean): void {
    this.dispatch({ type: online ? 'online' : 'offline' });
  }

  /** The page became visible again: a pending retry need not wait out its backoff. */
  pageVisible(): void {
    this.dispatch({ type: 'visible' });
  }

  /** Cancels every timer, lets the engine release its player, and ignores every event after this. */
  destroy(): void {
    this.#disarm();
    this.stopWatchdog();
    this.release();
    this.#destroyed = true;
    this.#queue.length = 0;
    this.#listeners.clear();
  }

  /** Opens the stream afresh at the live edge (first start, resume, recovery, quality change). */
  protected abstract startSource(direct: boolean): void;
  /** See prepare(): opens the stream at `url` ahead of startSource, where the engine can. */
  protected prepareSource(_url: string): void {}
  /** Pauses the stream and ends the download; the timer and the watchdog are already stopped. */
  protected abstract stopSource(): void;
  /** The machine asks for play() again, in case the first one was dropped. */
  protected abstract resumeIfPaused(): void;
  /** Sets the player's volume to volume(). */
  protected abstract applyVolume(): void;
  /** One watchdog tick: read the position and hand it to progress(). */
  protected abstract sampleProgress(): void;
  /** Part of destroy(): the stream, the listeners and the player itself go. */
  protected abstract release(): void;

  /** The live stream of the chosen quality, cache-busted, or the archive's from the rewound instant; null before the station sent its URLs. */
  protected streamUrl(): string | null {
    const streams = this.#streams;
    if (!streams) return null;
    if (this.#startAt !== null) {
      const path = rewindUrl(this.#startAt, this.#snapshot.quality);
      // Absolute for the native player; the archive's answer is never cached (each instant is its own URL).
      return typeof location === 'object' ? new URL(path, location.href).href : path;
    }
    return withCacheBuster(streams[this.#snapshot.quality], this.now());
  }

  /** Seconds the open source has played (the element's currentTime); 0 where the engine cannot tell. */
  protected playedSeconds(): number {
    return 0;
  }

  /** The open source closes: the rewound position keeps what it played. */
  #commitPlayed(): void {
    const heard = this.heardAt;
    if (heard !== null) this.#startAt = heard;
    this.#playedOffsetS = this.playedSeconds();
  }

  /** The listener's level with mute and the sleep timer's fade applied. */
  protected volume(): number {
    return this.#snapshot.muted ? 0 : this.#level * this.#fadeLevel;
  }

  /**
   * While a stream is open, the position is sampled every second; a position stuck for
   * WATCHDOG_STALL_MS counts as frozen (a silent network switch reports no error).
   */
  protected startWatchdog(position: number): void {
    this.#lastPosition = position;
    this.#lastProgressAt = this.now();
    if (this.#watchdog !== undefined) return;
    this.#watchdog = setInterval(() => this.sampleProgress(), WATCHDOG_INTERVAL_MS);
  }

  protected stopWatchdog(): void {
    clearInterval(this.#watchdog);
    this.#watchdog = undefined;
  }

  protected progress(position: number): void {
    if (position !== this.#lastPosition) {
      this.#lastPosition = position;
      this.#lastProgressAt = this.now();
      return;
    }
    if (this.now() - this.#lastProgressAt >= WATCHDOG_STALL_MS) this.dispatch({ type: 'frozen' });
  }

  protected update(patch: Partial<PlayerSnapshot>): void {
    const next = { ...this.#snapshot, ...patch };
    const keys = Object.keys(patch) as Array<keyof PlayerSnapshot>;
    if (keys.every((key) => next[key] === this.#snapshot[key])) return;
    this.#snapshot = next;
    for (const listener of this.#listeners) listener();
  }

  #view(): Pick<PlayerSnapshot, 'state' | 'listening' | 'error'> {
    const { state, listening, notice } = playerView(this.#machine.phase);
    return { state, listening, error: noticeText(notice) };
  }

  #run(effect: PlayerEffect): void {
    switch (effect.type) {
      case 'stopSource':
        this.#commitPlayed();
        this.#disarm();
        this.stopWatchdog();
        this.stopSource();
        return;
      case 'startSource':
        this.#commitPlayed();
        this.startSource(effect.direct);
        // A fresh source starts at its element's time 0.
        this.#playedOffsetS = 0;
        return;
      case 'resumeIfPaused':
        this.resumeIfPaused();
        return;
      case 'arm': {
        clearTimeout(this.#timer);
        const timer = effect.timer;
        this.#timer = setTimeout(() => {
          this.#timer = undefined;
          this.dispatch({ type: timer });
        }, effect.ms);
        return;
      }
      case 'disarm':
        this.#disarm();
        return;
    }
  }

  #disarm(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
