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

export const PLAYER_MESSAGES = {
  offline: 'You’re offline. Playback will resume when you’re back online.',
  blocked: 'The browser blocked playback. Tap Play to start.',
  noStream: 'The station’s stream is not available yet.',
  reconnecting: (seconds: number) => `Lost the stream. Reconnecting in ${seconds} s…`,
  retrying: 'Reconnecting…',
} as const;

export function noticeText(notice: PlayerNotice | null): string | null {
  if (!notice) return null;
  return notice.kind === 'reconnecting'
    ? PLAYER_MESSAGES.reconnecting(notice.seconds)
    : PLAYER_MESSAGES[notice.kind];
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
  /** The one pending timer of the current phase (start timeout, stall timeout or retry). */
  #timer: ReturnType<typeof setTimeout> | undefined;
  #watchdog: ReturnType<typeof setInterval> | undefined;
  #lastPosition = 0;
  #lastProgressAt = 0;
  /** Events raised while effects run wait here, so each transition completes before the next. */
  readonly #queue: PlayerEvent[] = [];
  #dispatching = false;
  #destroyed = false;

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
    if ((phase.name !== 'idle' && phase.name !== 'blocked') || !online || direct) return;
    const url = this.liveUrl();
    if (url !== null) this.prepareSource(url);
  }

  pause(): void {
    this.dispatch({ type: 'pause' });
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

  /** The stream URL of the chosen quality, cache-busted, or null before the station sent its URLs. */
  protected liveUrl(): string | null {
    const streams = this.#streams;
    return streams ? withCacheBuster(streams[this.#snapshot.quality], this.now()) : null;
  }

  /** The saved volume with mute and the sleep timer's fade applied. */
  protected volume(): number {
    return this.#snapshot.muted ? 0 : AUDIO_DEFAULT_VOLUME * this.#fadeLevel;
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
        this.#disarm();
        this.stopWatchdog();
        this.stopSource();
        return;
      case 'startSource':
        this.startSource(effect.direct);
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
