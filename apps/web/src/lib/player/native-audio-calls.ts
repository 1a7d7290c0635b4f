import type { MediaSessionTrack } from './media-session.ts';
import type { NativeAudioPlugin } from './native-audio-engine.ts';

/**
 * The native player's calls, run one after another in the order they were made, whoever made
 * them. The live engine and the episode player share the plugin, and the plugin has one
 * notification source at a time (the lock screen): one player's destroy must be done before the
 * other's create starts.
 */
export class NativeAudioCalls {
  readonly plugin: Promise<NativeAudioPlugin>;
  #last: Promise<unknown> = Promise.resolve();

  constructor(plugin: Promise<NativeAudioPlugin>) {
    this.plugin = plugin;
  }

  /** Queues `call` after every call made before; rejects with its failure (the queue goes on). */
  run<T>(call: (plugin: NativeAudioPlugin) => Promise<T>): Promise<T> {
    const run = this.#last.then(async () => call(await this.plugin));
    this.#last = run.catch(() => undefined);
    return run;
  }
}

/** What the native player shows on the lock screen and in the notification for `track`. */
export function nativeMetadata({ title, artist, album, artwork }: MediaSessionTrack) {
  return {
    friendlyTitle: title,
    artistName: artist,
    albumTitle: album,
    // The plugin reads a relative path from the app bundle; ours are the station's, so absolute.
    artworkSource: new URL(artwork || '/images/icon-512.png', window.location.href).href,
  };
}
