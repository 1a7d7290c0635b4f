import { metadataPollDelayMs, nowPlayingSchema, type NowPlaying } from '@onair/core';
import { getJson } from '../api-client.ts';

export interface NowPlayingSnapshot {
  /** The last good answer of /api/now-playing; null until one arrived. */
  nowPlaying: NowPlaying | null;
  /** The last poll failed (the previous metadata stays on screen). */
  failed: boolean;
}

export interface NowPlayingPollerOptions {
  isPlaying: () => boolean;
  fetchNowPlaying?: (signal: AbortSignal) => Promise<NowPlaying>;
  now?: () => number;
}

const INTERACTION_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

/**
 * Polls GET /api/now-playing on the spec §9 policy (metadataPollDelayMs in the core): 30 s visible,
 * 5 min hidden, paused when idle and not playing, slower when long idle, and at once on becoming
 * visible. The server answers with an ETag and `no-cache`, so the browser revalidates and most
 * polls cost a 304.
 */
export class NowPlayingPoller {
  readonly #isPlaying: () => boolean;
  readonly #fetch: (signal: AbortSignal) => Promise<NowPlaying>;
  readonly #now: () => number;
  readonly #listeners = new Set<() => void>();
  #snapshot: NowPlayingSnapshot = { nowPlaying: null, failed: false };
  #timer: ReturnType<typeof setTimeout> | undefined;
  #controller: AbortController | null = null;
  #lastInteraction: number;
  /** Polling stopped by the idle rule; the next interaction or play resumes it. */
  #dormant = false;
  #stopListening: (() => void) | null = null;

  constructor(options: NowPlayingPollerOptions) {
    this.#isPlaying = options.isPlaying;
    this.#fetch =
      options.fetchNowPlaying ?? ((signal) => getJson('/api/now-playing', nowPlayingSchema, { signal }));
    this.#now = options.now ?? Date.now;
    this.#lastInteraction = this.#now();
  }

  get snapshot(): NowPlayingSnapshot {
    return this.#snapshot;
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  start(): () => void {
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void this.refresh();
      else this.#scheduleNext();
    };
    const onInteraction = () => {
      this.#lastInteraction = this.#now();
      if (this.#dormant) void this.refresh();
    };
    document.addEventListener('visibilitychange', onVisibility);
    for (const name of INTERACTION_EVENTS) window.addEventListener(name, onInteraction, { passive: true });
    this.#stopListening = () => {
      document.removeEventListener('visibilitychange', onVisibility);
      for (const name of INTERACTION_EVENTS) window.removeEventListener(name, onInteraction);
    };
    // In a task of its own: start() runs among the app's first effects, and a fetch and its
    // wrapper are better not added to that one long task on a slow phone (Total Blocking Time).
    this.#timer = setTimeout(() => void this.refresh(), 0);
    return () => this.stop();
  }

  stop(): void {
    clearTimeout(this.#timer);
    this.#controller?.abort();
    this.#stopListening?.();
    this.#stopListening = null;
  }

  /** A value that came another way (the realtime socket): as good as a poll's answer. */
  accept(nowPlaying: NowPlaying): void {
    this.#set({ nowPlaying, failed: false });
  }

  /** The player started or stopped: a dormant poller wakes up for a listener. */
  playingChanged(): void {
    if (this.#dormant && this.#isPlaying()) void this.refresh();
  }

  async refresh(): Promise<void> {
    clearTimeout(this.#timer);
    this.#controller?.abort();
    const controller = new AbortController();
    this.#controller = controller;
    this.#dormant = false;
    try {
      const nowPlaying = await this.#fetch(controller.signal);
      if (controller.signal.aborted) return;
      this.#set({ nowPlaying, failed: false });
    } catch {
      if (controller.signal.aborted) return;
      // The previous metadata stays (spec §7 #5); only the failure is noted.
      this.#set({ ...this.#snapshot, failed: true });
    }
    this.#scheduleNext();
  }

  #scheduleNext(): void {
    clearTimeout(this.#timer);
    const delay = metadataPollDelayMs({
      visible: document.visibilityState === 'visible',
      playing: this.#isPlaying(),
      idleMs: this.#now() - this.#lastInteraction,
    });
    if (delay === null) {
      this.#dormant = true;
      return;
    }
    this.#timer = setTimeout(() => void this.refresh(), delay);
  }

  #set(next: NowPlayingSnapshot): void {
    const same =
      next.failed === this.#snapshot.failed &&
      JSON.stringify(next.nowPlaying) === JSON.stringify(this.#snapshot.nowPlaying);
    if (same) return;
    this.#snapshot = next;
    for (const listener of this.#listeners) listener();
  }
}
