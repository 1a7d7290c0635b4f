import type { Episode } from '@onair/core';
import { EPISODE_MESSAGES, EpisodePlayback, type EpisodePlaybackOptions } from './episode-playback.ts';

/**
 * An episode on its own <audio>: a finished file served with Range requests, so the browser seeks
 * it (unlike the live stream, which the engine's state machine reopens at the edge).
 */
export class EpisodePlayer extends EpisodePlayback {
  readonly #media: HTMLAudioElement;
  /** Where a newly loaded file is to start, until its metadata lets the time be set for sure. */
  #pendingStartMs: number | null = null;
  readonly #detach: () => void;

  constructor(media: HTMLAudioElement, options: EpisodePlaybackOptions) {
    super(options);
    this.#media = media;
    media.preload = 'metadata';
    this.#detach = this.#listen();
  }

  play(episode: Episode, positionMs?: number): void {
    const current = this.snapshot;
    const start = this.startOf(episode, positionMs);
    if (current?.episode.id !== episode.id || this.#media.getAttribute('src') !== episode.audioUrl) {
      this.#media.src = episode.audioUrl;
      this.#pendingStartMs = start;
    }
    this.#setTime(start);
    this.update({ episode, state: 'loading', positionMs: start, error: null });
    this.#requestPlay();
  }

  pause(): void {
    if (!this.snapshot) return;
    this.#media.pause();
    this.save();
  }

  seek(positionMs: number): void {
    const current = this.snapshot;
    if (!current) return;
    const position = this.clamp(positionMs, current.episode);
    if (this.#pendingStartMs !== null) this.#pendingStartMs = position;
    this.#setTime(position);
    this.update({ ...current, positionMs: position });
    this.save();
  }

  stop(): void {
    if (!this.snapshot) return;
    this.save();
    this.#media.pause();
    this.#media.removeAttribute('src');
    this.#media.load();
    this.forget();
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
      const current = this.snapshot;
      if (!current) return;
      if (error instanceof DOMException && error.name === 'NotAllowedError')
        this.update({ ...current, state: 'paused', error: EPISODE_MESSAGES.blocked });
      // AbortError: a newer src replaced this one, the engine's own doing.
    });
  }

  #listen(): () => void {
    const media = this.#media;
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
      playing: () => this.patch({ state: 'playing', error: null }),
      waiting: () => this.patch({ state: 'loading' }),
      pause: () => {
        this.patch({ state: 'paused', positionMs: position() });
        this.save();
      },
      ended: () => {
        this.patch({ state: 'paused', positionMs: position() });
        this.save();
      },
      timeupdate: () => {
        this.patch({ positionMs: position() });
        if (!media.paused) this.saveIfDue();
      },
      error: () => {
        if (this.snapshot && media.getAttribute('src'))
          this.patch({ state: 'error', error: EPISODE_MESSAGES.failed });
      },
    };
    for (const [name, handler] of Object.entries(handlers)) media.addEventListener(name, handler);
    return () => {
      for (const [name, handler] of Object.entries(handlers)) media.removeEventListener(name, handler);
    };
  }
}
