import { listeningSessionBucket } from '@onair/core';
import { beforePageHide, track } from '../analytics.ts';

/**
 * Reports each listening session once it ends, as `listening_session` with its length as a bucket
 * only: no id, no time of day, nothing to link it to another. A session starts when sound starts
 * and ends when the listener pauses or stops, the player goes away, or the page is left (reported
 * just before the analytics' last beacon). Like every event, nothing is sent when the listener
 * asked not to be tracked.
 */
export class ListeningSessionReporter {
  #startedAt: number | null = null;
  readonly #stopWatchingPage: () => void;

  constructor(private readonly now: () => number = Date.now) {
    this.#stopWatchingPage = beforePageHide(() => this.end());
  }

  /** The player's state changed: sound starting opens a session; no longer listening ends it. */
  update({ playing, listening }: { playing: boolean; listening: boolean }): void {
    if (playing && this.#startedAt === null) this.#startedAt = this.now();
    else if (!listening) this.end();
  }

  /** Ends the session under way, if any, and reports it. */
  end(): void {
    if (this.#startedAt === null) return;
    const lasted = this.now() - this.#startedAt;
    this.#startedAt = null;
    track('listening_session', { duration: listeningSessionBucket(lasted) });
  }

  /** The player is going away: its session ends here. */
  dispose(): void {
    this.end();
    this.#stopWatchingPage();
  }
}
