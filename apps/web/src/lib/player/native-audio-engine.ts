import type { AudioPlayerPlugin } from '@mediagrid/capacitor-native-audio';
import { nativePlatform, nativePlugin } from '../native/native-platform.ts';
import type { PlayerEvent } from '@onair/core';
import { PlayerEngine, type PlayerEngineOptions } from './player-engine.ts';
import type { MediaSessionTrack } from './media-session.ts';
import { refusalAt } from './stream-source.ts';
import { nativeMetadata, type NativeAudioCalls } from './native-audio-calls.ts';

/** The part of the native player plugin (@mediagrid/capacitor-native-audio) the engine uses. */
export type NativeAudioPlugin = Pick<
  AudioPlayerPlugin,
  | 'create'
  | 'initialize'
  | 'changeAudioSource'
  | 'changeMetadata'
  | 'play'
  | 'pause'
  | 'stop'
  | 'setVolume'
  | 'destroy'
  | 'onPlaybackStatusChange'
  | 'onAudioEnd'
  | 'getCurrentTime'
  | 'seek'
>;

/** The plugin's name on the bridge (Capacitor.Plugins.AudioPlayer). */
export const NATIVE_AUDIO_PLUGIN = 'AudioPlayer';
/** The one source the apps play; the plugin shows it in the notification and on the lock screen. */
export const NATIVE_AUDIO_ID = 'onair-live';

/** Served by apps/server (routes/lock-screen.ts). */
export const NATIVE_LOCK_SCREEN_PATH = '/api/now-playing/lock-screen';
/** How often the iOS native player reads it while playing. */
export const NATIVE_METADATA_INTERVAL_S = 15;

/** The native player inside the apps, null in a browser (where the <audio> engine plays). */
export function loadNativeAudioPlugin(): Promise<NativeAudioPlugin | null> {
  return nativePlugin<NativeAudioPlugin>(NATIVE_AUDIO_PLUGIN, async () => {
    const { AudioPlayer } = await import('@mediagrid/capacitor-native-audio');
    return AudioPlayer;
  });
}

export interface NativeAudioEngineOptions extends PlayerEngineOptions {
  /** What the lock screen shows when the source is created (later changes: showTrack). */
  track: MediaSessionTrack;
}

/**
 * The player inside the iOS and Android apps: the same state machine as AudioEngine
 * (playerTransition in @onair/core), but the stream plays in the native player (AVPlayer on iOS,
 * Media3 in a media-playback foreground service on Android), which keeps playing with the screen
 * locked and gives the lock-screen, notification and headset controls. The WebView's JavaScript is
 * only the remote control: effects become plugin calls, the plugin's status callbacks become events.
 *
 * Pausing pauses the native source rather than destroying it, so the notification stays and its
 * Play button works; every start still rejoins the live edge (a fresh, cache-busted URL).
 */
export class NativeAudioEngine extends PlayerEngine {
  #track: MediaSessionTrack;
  /** Plugin calls run one after another, in the order they were made (the episode player's too). */
  readonly #calls: NativeAudioCalls;
  /** The native source exists (created, listeners attached). */
  #created = false;
  /** Commands of ours in flight: Android reports our own pause/stop as status changes, which are not the listener's. */
  #ownCommands = 0;
  /** Bumped at every start and stop, so the failure of a superseded start is ignored. */
  #attempt = 0;
  /** Seconds the open source has played, as the watchdog last read them from the native player. */
  #playedS = 0;
  /** The URL the native player was last given. */
  #url: string | null = null;

  constructor(calls: NativeAudioCalls, options: NativeAudioEngineOptions) {
    super(options);
    this.#calls = calls;
    this.#track = options.track;
  }

  /**
   * An episode is to play in the native player: the live source (and with it the notification,
   * the one the plugin allows) goes now; the next start creates it again. Call it paused.
   */
  releaseNotification(): void {
    this.#attempt += 1;
    this.release();
  }

  /** The lock screen's title, artist, album and artwork follow what is playing. */
  showTrack(track: MediaSessionTrack): void {
    const same = (Object.keys(track) as Array<keyof MediaSessionTrack>).every(
      (key) => track[key] === this.#track[key],
    );
    this.#track = track;
    if (same || !this.#created) return;
    // A lock screen that keeps the old title is not worth stopping the music for.
    this.#command((plugin) =>
      plugin.changeMetadata({ audioId: NATIVE_AUDIO_ID, ...nativeMetadata(this.#track) }),
    ).catch(() => undefined);
  }

  /** Ends the native source (the notification goes); part of destroy(). */
  protected override release(): void {
    if (!this.#created) return;
    this.#created = false;
    // Released either way: a source the plugin failed to stop has nobody left to report to.
    this.#command(async (plugin) => {
      await plugin.stop({ audioId: NATIVE_AUDIO_ID });
      await plugin.destroy({ audioId: NATIVE_AUDIO_ID });
    }).catch(() => undefined);
  }

  protected override resumeIfPaused(): void {
    // the native player starts by itself once it has data
  }

  protected override startSource(): void {
    const url = this.streamUrl();
    if (url === null) return;
    const attempt = ++this.#attempt;
    this.#url = url;
    // A fresh source starts at the native player's time 0.
    this.#playedS = 0;
    const volume = this.volume();
    const created = this.#created;
    this.#created = true;
    this.startWatchdog(-1);
    this.#command(async (plugin) => {
      const audioId = NATIVE_AUDIO_ID;
      if (created) {
        await plugin.changeAudioSource({ audioId, source: url });
      } else {
        await this.#create(plugin, url);
      }
      await plugin.setVolume({ audioId, volume });
      await plugin.play({ audioId });
    }).catch(() => {
      if (attempt === this.#attempt) this.#failed({ type: 'sourceFailed', corsBlocked: false });
    });
  }

  /**
   * The native player lost or could not open the stream, and cannot say why: the URL is asked once
   * with fetch(), so a refusal with the server's reason (a rewind outside the window) ends in
   * 'refused' rather than in retries that would only be refused again. Anything else is `event`.
   */
  #failed(event: PlayerEvent): void {
    const attempt = this.#attempt;
    const url = this.#url;
    if (url === null) return this.dispatch(event);
    void refusalAt(url).then((reason) => {
      // A source replaced or stopped meanwhile: its failure is old news.
      if (attempt !== this.#attempt) return;
      this.dispatch(reason === null ? event : { type: 'sourceRefused', reason });
    });
  }

  /** The first start: the native source, its callbacks, its buffers. Undone if any step fails. */
  async #create(plugin: NativeAudioPlugin, url: string): Promise<void> {
    const audioId = NATIVE_AUDIO_ID;
    try {
      await plugin.create({
        audioId,
        audioSource: url,
        ...nativeMetadata(this.#track),
        useForNotification: true,
        isBackgroundMusic: false,
        // A live stream has nothing to seek to.
        showSeekBackward: false,
        showSeekForward: false,
        // iOS suspends the WebView's JavaScript in the background: the native player then reads
        // the titles itself (the server's /api/now-playing/lock-screen, in the plugin's shape).
        ...(nativePlatform() === 'ios'
          ? {
              metadataUpdateUrl: new URL(NATIVE_LOCK_SCREEN_PATH, window.location.href).href,
              metadataUpdateInterval: NATIVE_METADATA_INTERVAL_S,
            }
          : {}),
      });
      await plugin.onPlaybackStatusChange({ audioId }, ({ status }) => this.#status(status));
      await plugin.onAudioEnd({ audioId }, () => this.dispatch({ type: 'mediaEnded' }));
      await plugin.initialize({ audioId });
    } catch (error) {
      this.#created = false;
      await plugin.destroy({ audioId }).catch(() => undefined);
      throw error;
    }
  }

  protected override stopSource(): void {
    this.#attempt += 1;
    if (!this.#created) return;
    this.#command((plugin) => plugin.pause({ audioId: NATIVE_AUDIO_ID })).catch(() => undefined);
  }

  /**
   * A silent network switch can leave the native player "playing" with nothing coming (the plugin
   * reports no error for it): the watchdog reads the native position each second.
   * Read outside the command queue, so a status change meanwhile still counts as the listener's.
   */
  protected override sampleProgress(): void {
    const attempt = this.#attempt;
    void this.#calls.plugin
      .then((plugin) => plugin.getCurrentTime({ audioId: NATIVE_AUDIO_ID }))
      .then(({ currentTime }) => {
        // A reading of a source replaced meanwhile is not the new one's time.
        if (attempt !== this.#attempt) return;
        if (Number.isFinite(currentTime) && currentTime >= 0) this.#playedS = currentTime;
        this.progress(currentTime);
      })
      .catch(() => undefined);
  }

  /** The rewound position moves on with what the native player played (read each watchdog tick). */
  protected override playedSeconds(): number {
    return this.#playedS;
  }

  /** From the plugin: the lock screen, a headset, the OS, or (on Android) our own commands. */
  #status(status: 'playing' | 'paused' | 'stopped'): void {
    if (status === 'playing') {
      // Play on the lock screen while the app is paused: the listener wants sound again.
      this.dispatch(this.snapshot.listening ? { type: 'mediaPlaying' } : { type: 'play' });
      return;
    }
    if (this.#ownCommands > 0) return;
    // A pause we did not make is the listener's (lock screen, headset unplugged, a call took the
    // audio); a stop we did not make is the stream lost, and the machine reconnects.
    if (status === 'paused') this.dispatch({ type: 'mediaPause' });
    else this.#failed({ type: 'mediaError' });
  }

  protected override applyVolume(): void {
    if (!this.#created) return;
    const volume = this.volume();
    this.#command((plugin) => plugin.setVolume({ audioId: NATIVE_AUDIO_ID, volume })).catch(() => undefined);
  }

  /** Queues one plugin call after the previous ones; rejects with that call's failure. */
  #command(call: (plugin: NativeAudioPlugin) => Promise<unknown>): Promise<unknown> {
    return this.#calls.run(async (plugin) => {
      this.#ownCommands += 1;
      try {
        return await call(plugin);
      } finally {
        this.#ownCommands -= 1;
      }
    });
  }
}
