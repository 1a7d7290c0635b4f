import { REWIND_STEP_MS, type Episode } from '@onair/core';
import { EPISODE_MESSAGES, EpisodePlayback, type EpisodePlaybackOptions } from './episode-playback.ts';
import type { MediaSessionTrack } from './media-session.ts';
import { nativeMetadata, type NativeAudioCalls } from './native-audio-calls.ts';

/** The episode's source in the native player (the live stream's is NATIVE_AUDIO_ID). */
export const NATIVE_EPISODE_AUDIO_ID = 'onair-episode';
/** How often the native position is read while playing: the plugin sends no time events. */
export const NATIVE_EPISODE_POLL_MS = 1_000;

export interface NativeEpisodePlayerOptions extends EpisodePlaybackOptions {
  /** What the lock screen shows for `episode`. */
  track: (episode: Episode) => MediaSessionTrack;
}

/**
 * An episode inside the iOS and Android apps: played by the native player, like the live stream,
 * so it plays on with the screen locked and shows on the lock screen, whose skip buttons move
 * REWIND_STEP_MS back and forward (the plugin seeks by itself; the next reading of the position
 * brings the new place here). The plugin has one notification source at a time: the player service
 * releases the live engine's before play(), and stop() destroys this one before the live stream
 * starts again, their calls in one queue (NativeAudioCalls).
 */
export class NativeEpisodePlayer extends EpisodePlayback {
  readonly #calls: NativeAudioCalls;
  readonly #track: (episode: Episode) => MediaSessionTrack;
  /** The native source there is (created, listeners attached), one object per source, or null. */
  #created: { episode: Episode } | null = null;
  /** Bumped at every load and stop, so the answers about a source gone are ignored. */
  #attempt = 0;
  #poll: ReturnType<typeof setInterval> | undefined;

  constructor(calls: NativeAudioCalls, options: NativeEpisodePlayerOptions) {
    super(options);
    this.#calls = calls;
    this.#track = options.track;
  }

  play(episode: Episode, positionMs?: number): void {
    const start = this.startOf(episode, positionMs);
    this.update({ episode, state: 'loading', positionMs: start, error: null });
    const attempt = ++this.#attempt;
    const created = this.#created?.episode.id === episode.id;
    if (!created) this.#release();
    const source = created && this.#created ? this.#created : { episode };
    this.#created = source;
    this.#calls
      .run(async (plugin) => {
        const audioId = NATIVE_EPISODE_AUDIO_ID;
        if (!created) await this.#create(source);
        await plugin.seek({ audioId, timeInSeconds: Math.round(start / 1000) });
        await plugin.play({ audioId });
      })
      .then(
        () => {
          if (attempt === this.#attempt) this.#playing();
        },
        () => {
          if (attempt !== this.#attempt) return;
          if (this.#created === source) this.#created = null;
          this.patch({ state: 'error', error: EPISODE_MESSAGES.failed });
        },
      );
  }

  pause(): void {
    if (!this.snapshot) return;
    this.#stopPolling();
    this.save();
    if (!this.#created) return;
    const attempt = this.#attempt;
    this.#calls
      .run((plugin) => plugin.pause({ audioId: NATIVE_EPISODE_AUDIO_ID }))
      .then(
        () => this.#paused(attempt),
        () => undefined, // nothing was playing
      );
  }

  seek(positionMs: number): void {
    const current = this.snapshot;
    if (!current) return;
    const position = this.clamp(positionMs, current.episode);
    this.update({ ...current, positionMs: position });
    this.save();
    if (!this.#created) return;
    const timeInSeconds = Math.round(position / 1000);
    this.#calls
      .run((plugin) => plugin.seek({ audioId: NATIVE_EPISODE_AUDIO_ID, timeInSeconds }))
      .catch(() => undefined); // the next reading of the position says where it is
  }

  stop(): void {
    if (!this.snapshot) return;
    this.#attempt += 1;
    this.#stopPolling();
    this.save();
    this.#release();
    this.forget();
  }

  destroy(): void {
    this.stop();
  }

  /** The native source for `episode`, its callbacks and buffers; undone if any step fails. */
  async #create(source: { episode: Episode }): Promise<void> {
    const plugin = await this.#calls.plugin;
    const audioId = NATIVE_EPISODE_AUDIO_ID;
    const { episode } = source;
    // Callbacks of a source gone (Android reports the stop of its release) are not this one's.
    const current = () => this.#created === source;
    try {
      await plugin.create({
        audioId,
        audioSource: new URL(episode.audioUrl, window.location.href).href,
        ...nativeMetadata(this.#track(episode)),
        useForNotification: true,
        isBackgroundMusic: false,
        showSeekBackward: true,
        showSeekForward: true,
        seekBackwardTime: REWIND_STEP_MS / 1000,
        seekForwardTime: REWIND_STEP_MS / 1000,
      });
      await plugin.onPlaybackStatusChange({ audioId }, ({ status }) => {
        if (!current()) return;
        if (status === 'playing') this.#playing();
        else this.#paused(this.#attempt);
      });
      await plugin.onAudioEnd({ audioId }, () => {
        if (!current()) return;
        this.#stopPolling();
        this.patch({ state: 'paused', positionMs: episode.durationMs });
        this.save();
      });
      await plugin.initialize({ audioId });
    } catch (error) {
      await plugin.destroy({ audioId }).catch(() => undefined);
      throw error;
    }
  }

  /** The source goes, and with it the notification, so the live engine may create its own. */
  #release(): void {
    if (!this.#created) return;
    this.#created = null;
    this.#calls
      .run(async (plugin) => {
        await plugin.stop({ audioId: NATIVE_EPISODE_AUDIO_ID });
        await plugin.destroy({ audioId: NATIVE_EPISODE_AUDIO_ID });
      })
      .catch(() => undefined); // a source the plugin failed to stop has nobody left to report to
  }

  /** Playing (our play, or the lock screen's): the place is read from the native player each tick. */
  #playing(): void {
    this.patch({ state: 'playing', error: null });
    this.#poll ??= setInterval(() => void this.#readPosition(this.#attempt), NATIVE_EPISODE_POLL_MS);
  }

  /** Paused (ours, the lock screen's, the OS's): the place reached is read once more and kept. */
  #paused(attempt: number): void {
    this.#stopPolling();
    this.patch({ state: 'paused' });
    void this.#readPosition(attempt).then(() => {
      if (attempt === this.#attempt) this.save();
    });
  }

  /** Reads the native position into the snapshot, saving it as it plays. Outside the queue. */
  async #readPosition(attempt: number): Promise<void> {
    try {
      const plugin = await this.#calls.plugin;
      const { currentTime } = await plugin.getCurrentTime({ audioId: NATIVE_EPISODE_AUDIO_ID });
      const current = this.snapshot;
      // A reading of a source replaced or stopped meanwhile is not this one's place.
      if (attempt !== this.#attempt || !current || !Number.isFinite(currentTime) || currentTime < 0) return;
      this.patch({ positionMs: this.clamp(currentTime * 1000, current.episode) });
      if (current.state === 'playing') this.saveIfDue();
    } catch {
      // The source is going; its last place is kept.
    }
  }

  #stopPolling(): void {
    clearInterval(this.#poll);
    this.#poll = undefined;
  }
}
