import { sameTrack, titleSwitchAtMs, type NowPlaying } from '@onair/core';

export interface TitleSyncOptions {
  /** How far behind live the listener hears now (ms); 0 when nothing plays. */
  lagMs: () => number;
  onChange: () => void;
  now?: () => number;
}

/**
 * Holds back a new title until its song reaches the listener's ears (titleSwitchAtMs in the core):
 * the feed changes when the station's source does, the listener hears it a buffer later. A value of
 * the same track (its artwork, an error note) applies at once; a newer track replaces a pending one.
 */
export class TitleSync {
  readonly #lagMs: () => number;
  readonly #onChange: () => void;
  readonly #now: () => number;
  #heard: NowPlaying | null = null;
  #pending: NowPlaying | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(options: TitleSyncOptions) {
    this.#lagMs = options.lagMs;
    this.#onChange = options.onChange;
    this.#now = options.now ?? Date.now;
  }

  /** What the listener hears now, as far as the app can tell. */
  get heard(): NowPlaying | null {
    return this.#heard;
  }

  receive(next: NowPlaying | null): void {
    if (next === null || next === this.#heard) return;
    const heard = this.#heard;
    if (heard === null || (sameTrack(heard, next) && heard.updatedAt === next.updatedAt)) {
      this.#cancel();
      this.#show(next);
      return;
    }
    // The same new track again (the poll and the socket both bring it): keep its moment.
    if (this.#pending && sameTrack(this.#pending, next) && this.#pending.updatedAt === next.updatedAt) {
      this.#pending = next;
      return;
    }
    this.#cancel();
    const now = this.#now();
    const at = titleSwitchAtMs({
      changedAtMs: next.updatedAt === null ? null : Date.parse(next.updatedAt),
      receivedAtMs: now,
      lagMs: this.#lagMs(),
    });
    if (at <= now) {
      this.#show(next);
      return;
    }
    this.#pending = next;
    this.#timer = setTimeout(() => {
      const pending = this.#pending;
      this.#pending = null;
      if (pending) this.#show(pending);
    }, at - now);
  }

  stop(): void {
    this.#cancel();
  }

  #cancel(): void {
    clearTimeout(this.#timer);
    this.#pending = null;
  }

  #show(value: NowPlaying): void {
    this.#heard = value;
    this.#onChange();
  }
}
