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

export interface EpisodePlaybackOptions {
  onChange: () => void;
  now?: () => number;
}

/**
 * What every episode player keeps, whatever plays the file (an <audio> in browsers, the native
 * player in the apps): the episode loaded, its state and place, and the listener's place in
 * `playfm_episode_progress`, written as it plays, on pause and on each seek. The player service
 * owns one and keeps it and the live stream from playing at once.
 */
export abstract class EpisodePlayback {
  readonly #now: () => number;
  readonly #onChange: () => void;
  #snapshot: EpisodeSnapshot | null = null;
  #lastSavedAt = 0;

  constructor(options: EpisodePlaybackOptions) {
    this.#onChange = options.onChange;
    this.#now = options.now ?? Date.now;
  }

  get snapshot(): EpisodeSnapshot | null {
    return this.#snapshot;
  }

  /**
   * Plays `episode` from `positionMs` (by default where the listener left it, else its start).
   * Called inside the listener's tap: a browser lets play() start only there.
   */
  abstract play(episode: Episode, positionMs?: number): void;
  abstract pause(): void;
  /** To `positionMs` from the start (clamped to the episode), playing on if it played. */
  abstract seek(positionMs: number): void;
  /** Stops and forgets the episode (the live stream is starting); its place is kept. */
  abstract stop(): void;
  abstract destroy(): void;

  /**
   * Loads `episode` at `positionMs` (as play() would choose it) without playing it here: a Cast
   * receiver plays it. The player is left alone; a later play() here loads the file.
   */
  cue(episode: Episode, positionMs?: number): void {
    const start = this.startOf(episode, positionMs);
    this.update({ episode, state: 'paused', positionMs: start, error: null });
    this.save();
  }

  /** Where `episode` starts: `positionMs`, else where the listener left it, else its start. */
  protected startOf(episode: Episode, positionMs: number | undefined): number {
    const current = this.#snapshot;
    return (
      positionMs ??
      (current?.episode.id === episode.id
        ? current.positionMs
        : resumePositionMs(readStored(storedLater.episodeProgress), episode.id))
    );
  }

  /** `positionMs` within the loaded episode. */
  protected clamp(positionMs: number, episode: Episode): number {
    return Math.max(0, Math.min(Math.round(positionMs), episode.durationMs));
  }

  protected save(): void {
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

  /** While playing: saves when the last save is EPISODE_PROGRESS_SAVE_MS old. */
  protected saveIfDue(): void {
    if (this.#now() - this.#lastSavedAt >= EPISODE_PROGRESS_SAVE_MS) this.save();
  }

  protected update(next: EpisodeSnapshot): void {
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

  /** The loaded episode, changed by `patch`; nothing when none is loaded. */
  protected patch(patch: Partial<EpisodeSnapshot>): void {
    const current = this.#snapshot;
    if (current) this.update({ ...current, ...patch });
  }

  /** No episode is loaded any more (its place saved before, by the caller). */
  protected forget(): void {
    this.#snapshot = null;
    this.#onChange();
  }
}
