import type { NowPlayingFrameData } from '@onair/core';
import type { RealtimeHub, TopicSnapshot } from '../realtime/hub.ts';
import type { IcecastPoller } from './icecast-poller.ts';

/**
 * The realtime `now-playing` topic: the track and the history, sent to every open app when the
 * poller sees a new track, so Recently played and the title change without waiting for a web poll.
 * `version` is the change's time (epoch ms, 0 before any): a reconnecting app holding it is sent
 * nothing, and with several instances (each reading the feed, sharing frames through the bus) the
 * latest change wins wherever it was seen first. The public listener count (when the station shows
 * it) rides along: a change of it is published too, versioned by when it was seen, so the version
 * still only grows.
 */
export class NowPlayingTopic {
  #poller: IcecastPoller | null = null;
  #shownListeners: number | null = null;
  #listenersAt = 0;

  constructor(
    private readonly hub: RealtimeHub,
    /** The listener count to show, or null (not shown, or below the station's minimum). */
    private readonly publicListeners: () => number | null = () => null,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Serves `poller`'s value to subscribers; call `trackChanged` from its `onTrackChange`. */
  attach(poller: IcecastPoller): void {
    this.#poller = poller;
    this.hub.registerTopic('now-playing', async () => this.#snapshot());
  }

  readonly trackChanged = (): void => {
    const snapshot = this.#snapshot();
    if (snapshot) this.hub.publish('now-playing', snapshot);
  };

  /** Call after each listener count read: publishes when the count shown (or hidden) changed. */
  readonly listenersCounted = (): void => {
    const shown = this.publicListeners();
    if (shown === this.#shownListeners) return;
    this.#shownListeners = shown;
    this.#listenersAt = this.now().getTime();
    this.trackChanged();
  };

  #snapshot(): TopicSnapshot | null {
    if (!this.#poller) return null;
    const listeners = this.publicListeners();
    const current = this.#poller.current;
    const nowPlaying = listeners === null ? current : { ...current, listeners };
    const data: NowPlayingFrameData = { nowPlaying, tracks: [...this.#poller.history] };
    const changedAt = current.updatedAt === null ? 0 : Date.parse(current.updatedAt);
    return { version: Math.max(Number.isFinite(changedAt) ? changedAt : 0, this.#listenersAt), data };
  }
}
