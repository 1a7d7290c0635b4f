import { icecastListenerCount, pathOf } from '@onair/core';
import type { AnalyticsRepo } from '../store/analytics-repo.ts';
import type { PollerLogger } from './icecast-poller.ts';

/**
 * Turns the now-playing poller's Icecast reads (one every few seconds) into one listener figure per
 * minute: the station learns its audience from its own stream server (plus the live rewind streams
 * of every instance, less the archive's recorder), with no client tracking.
 * A store write happens only when a minute starts or its highest reading rises.
 */
export class ListenerRecorder {
  readonly #mountPaths: string[];
  #minute = '';
  #highest = -1;

  constructor(
    private readonly analytics: AnalyticsRepo,
    streamUrls: readonly string[],
    private readonly now: () => Date,
    private readonly logger: PollerLogger,
    /** Told every count read, before the per-minute filter (integrations' listeners.peak). */
    private readonly onCount?: (listeners: number) => void,
    /**
     * What the stream server's count is off by: plus the live rewind streams of every instance,
     * minus the archive's recorder (a listener of the mount, but not a person).
     */
    private readonly correction: () => number = () => 0,
  ) {
    this.#mountPaths = streamUrls.flatMap((url) => pathOf(url) ?? []);
  }

  /** Called with each status body the poller parsed; never rejects (a failed write is logged). */
  async record(status: unknown): Promise<void> {
    const live = icecastListenerCount(status, this.#mountPaths);
    if (live === null) return;
    const listeners = Math.max(0, live + this.correction());
    this.onCount?.(listeners);
    const at = this.now();
    const minute = at.toISOString().slice(0, 16);
    if (minute === this.#minute && listeners <= this.#highest) return;
    this.#minute = minute;
    this.#highest = listeners;
    try {
      await this.analytics.recordListeners(listeners, at);
    } catch (error) {
      this.logger.warn({ err: error }, 'listener count not recorded');
    }
  }
}
