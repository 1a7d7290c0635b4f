import type { NowPlayingFrameData } from '@onair/core';
import type { RealtimeHub, TopicSnapshot } from '../realtime/hub.ts';
import type { IcecastPoller } from './icecast-poller.ts';

/**
 * The realtime `now-playing` topic: the track and the history, sent to every open app when the
 * poller sees a new track, so Recently played and the title change without waiting for a web poll.
 * `version` is the change's time (epoch ms, 0 before any): a reconnecting app holding it is sent
 * nothing, and with several instances (each reading the feed, sharing frames through the bus) the
 * latest change wins wherever it was seen first.
 */
export class NowPlayingTopic {
  #poller: IcecastPoller | null = null;

  constructor(private readonly hub: RealtimeHub) {}

  /** Serves `poller`'s value to subscribers; call `trackChanged` from its `onTrackChange`. */
  attach(poller: IcecastPoller): void {
    this.#poller = poller;
    this.hub.registerTopic('now-playing', async () => this.#snapshot());
  }

  readonly trackChanged = (): void => {
    const snapshot = this.#snapshot();
    if (snapshot) this.hub.publish('now-playing', snapshot);
  };

  #snapshot(): TopicSnapshot | null {
    if (!this.#poller) return null;
    const nowPlaying = this.#poller.current;
    const data: NowPlayingFrameData = { nowPlaying, tracks: [...this.#poller.history] };
    const changedAt = nowPlaying.updatedAt === null ? 0 : Date.parse(nowPlaying.updatedAt);
    return { version: Number.isFinite(changedAt) ? changedAt : 0, data };
  }
}
