import { t } from '@lingui/core/macro';
import { recordEpisodeProgress, resumePositionMs, type Episode } from '@onair/core';
import { readStored, writeStored } from '../storage.ts';
import * as storedLater from '../stored-later.ts';

export type EpisodeState = 'loading' | 'playing' | 'paused' | 'error';

export interface EpisodeSnapshot {
  episode: Episode;
  state: EpisodeState;
  /** Where the playhead is, ms from the episode's start. */
  positionMs: number;
  error: string | null;
}

/** Read in the app's language at the moment they are shown. */
export const EPISODE_MESSAGES = {
  get failed() {
    return t`This episode could not be played. Try again in a moment.`;
  },
  get blocked() {
    return t`The browser blocked playback. Tap Play to start.`;
  },
};

/** How often the place reached is written while playing, so a closed tab loses at most this much. */
export const EPISODE_PROGRESS_SAVE_MS = 5_000;

/**
 * An episode on its own <audio>: a finished file served with Range requests, so the browser seeks
 * it (unlike the live stream, which the engine's state machine reopens at the edge). The player
 * service owns it and keeps it and the live stream from playing at once. The listener's place is
 * kept in `playfm_episode_progress` as it plays, on pause and on each seek.
 */
export class EpisodePlayer {
  readonly #media: HTMLAudioElement;
  readonly #now: () => number;
  readonly #onChange: () => void;
  #snapshot: EpisodeSnapshot | null = null;
  #lastSavedAt = 0;
  /** Where a newly loaded file is to start, until its metadata lets the time be set for sure. */
  #pendingStartMs: number | null = null;
  readonly #detach: () => void;

  constructor(media: HTMLAudioElement, options: { onChange: () => void; now?: () => number }) {
    this.#media = media;
    this.#onChange = options.onChange;
    this.#now = options.now ?? Date.now;
    media.preload = 'metadata';
    this.#detach = this.#listen();
  }

  get snapshot(): EpisodeSnapshot | null {
    return this.#snapshot;
  }

  /**
   * Plays `episode` from `positionMs` (by default where the listener left it, else its start).
   * Called inside the listener's tap: the browser lets play() start only there.
   */
  play(episode: Episode, positionMs?: number): void {
    const current = this.#snapshot;
    const start = this.#startOf(episode, positionMs);
    if (current?.episode.id !== episode.id || this.#media.getAttribute('src') !== episode.audioUrl) {
      this.#media.src = episode.audioUrl;
      this.#pendingStartMs = start;
    }
    this.#setTime(start);
    this.#update({ episode, state: 'loading', positionMs: start, error: null });
    this.#requestPlay();
  }

  /**
   * Loads `episode` at `positionMs` (as play() would choose it) without playing it here: a Cast
   * receiver plays it. The element is left alone; a later play() here loads the file.
   */
  cue(episode: Episode, positionMs?: number): void {
    const start = this.#startOf(episode, positionMs);
    this.#update({ episode, state: 'paused', positionMs: start, error: null });
    this.#save();
  }

  /** Where `episode` starts: `positionMs`, else where the listener left it, else its start. */
  #startOf(episode: Episode, positionMs: number | undefined): number {
    const current = this.#snapshot;
    return (
      positionMs ??
      (current?.episode.id === episode.id
        ? current.positionMs
        : resumePositionMs(readStored(storedLater.episodeProgress), episode.id))
    );
  }

  pause(): void {
    if (!this.#snapshot) return;
    this.#media.pause();
    this.#save();
  }

  /** To `positionMs` from the start (clamped to the episode), playing on if it played. */
  seek(positionMs: number): void {
    const current = this.#snapshot;
    if (!current) return;
    const position = Math.max(0, Math.min(Math.round(positionMs), current.episode.durationMs));
    if (this.#pendingStartMs !== null) this.#pendingStartMs = position;
    this.#setTime(position);
    this.#update({ ...current, positionMs: position });
    this.#save();
  }

  /** Stops and forgets the episode (the live stream is starting); its place is kept. */
  stop(): void {
    if (!this.#snapshot) return;
    this.#save();
    this.#media.pause();
    this.#media.removeAttribute('src');
    this.#media.load();
    this.#snapshot = null;
    this.#onChange();
  }

  destroy(): void {
    this.stop();
    this.#detach();
  }

  #setTime(positionMs: number): void {
    try {
      this.#media.currentTime = positionMs / 1000;
    } catch {
      // Before metadata some browsers refuse a time; the loadedmetadata handler applies it.
    }
  }

  #requestPlay(): void {
    this.#media.play().catch((error: unknown) => {
      const current = this.#snapshot;
      if (!current) return;
      if (error instanceof DOMException && error.name === 'NotAllowedError')
        this.#update({ ...current, state: 'paused', error: EPISODE_MESSAGES.blocked });
      // AbortError: a newer src replaced this one, the engine's own doing.
    });
  }

  #save(): void {
    const current = this.#snapshot;
    if (!current) return;
    this.#lastSavedAt = this.#now();
    writeStored(
      storedLater.episodeProgress,
      recordEpisodeProgress(
        readStored(storedLater.episodeProgress),
        current.episode,
        current.positionMs,
        this.#lastSavedAt,
      ),
    );
  }

  #update(next: EpisodeSnapshot): void {
    const last = this.#snapshot;
    if (
      last &&
      last.episode === next.episode &&
      last.state === next.state &&
      last.error === next.error &&
      Math.floor(last.positionMs / 1000) === Math.floor(next.positionMs / 1000)
    )
      return;
    this.#snapshot = next;
    this.#onChange();
  }

  #listen(): () => void {
    const media = this.#media;
    const set = (patch: Partial<EpisodeSnapshot>) => {
      const current = this.#snapshot;
      if (current) this.#update({ ...current, ...patch });
    };
    // Until the new file's metadata came, its time is not yet the one asked for: the place stays.
    const position = () =>
      this.#pendingStartMs ?? Math.round((Number.isFinite(media.currentTime) ? media.currentTime : 0) * 1000);
    const handlers: Record<string, () => void> = {
      loadedmetadata: () => {
        // A time asked for before the file's metadata came is applied now.
        const wanted = this.#pendingStartMs;
        this.#pendingStartMs = null;
        if (wanted !== null && Math.abs(position() - wanted) > 1000) this.#setTime(wanted);
      },
      playing: () => set({ state: 'playing', error: null }),
      waiting: () => set({ state: 'loading' }),
      pause: () => {
        set({ state: 'paused', positionMs: position() });
        this.#save();
      },
      ended: () => {
        set({ state: 'paused', positionMs: position() });
        this.#save();
      },
      timeupdate: () => {
        set({ positionMs: position() });
        if (!media.paused && this.#now() - this.#lastSavedAt >= EPISODE_PROGRESS_SAVE_MS) this.#save();
      },
      error: () => {
        if (this.#snapshot && media.getAttribute('src'))
          set({ state: 'error', error: EPISODE_MESSAGES.failed });
      },
    };
    for (const [name, handler] of Object.entries(handlers)) media.addEventListener(name, handler);
    return () => {
      for (const [name, handler] of Object.entries(handlers)) media.removeEventListener(name, handler);
    };
  }
}
