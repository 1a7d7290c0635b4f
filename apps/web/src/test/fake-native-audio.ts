import { NATIVE_AUDIO_ID, type NativeAudioPlugin } from '../lib/player/native-audio-engine.ts';
import * as livePlayer from '../lib/player/live-player.ts';
import { PlayerService } from '../lib/player/player-service.ts';

type Status = 'playing' | 'paused' | 'stopped';

/**
 * The native player as the page meets it: a plugin object at Capacitor.Plugins.AudioPlayer, put
 * there by the native bridge in the apps and by this fake in tests. Calls are recorded by name; the
 * status callback is the lock screen, the headset or the OS speaking. Like the plugin, it keeps its
 * sources by audioId and refuses a second notification source (useForNotification) while one is
 * there. Each source has its own position, which seek() sets and advance() moves on.
 */
export function fakeNativePlayer() {
  const calls: Array<[string, Record<string, unknown>]> = [];
  const onStatus = new Map<string, (result: { status: Status }) => void>();
  const onEnd = new Map<string, () => void>();
  const sources = new Map<string, { notification: boolean }>();
  const positions = new Map<string, number>();
  let failCreate = false;
  let failPlay = false;
  const record =
    (name: string) =>
    async (params: object): Promise<never> => {
      calls.push([name, { ...params }]);
      return undefined as never;
    };
  const plugin: NativeAudioPlugin = {
    create: async (params) => {
      calls.push(['create', { ...params }]);
      if (failCreate) throw new Error('no network');
      if (sources.has(params.audioId)) throw new Error(`${params.audioId} exists already`);
      if (params.useForNotification && [...sources.values()].some((source) => source.notification))
        throw new Error(
          'An audio source with useForNotification = true already exists. There can only be one.',
        );
      sources.set(params.audioId, { notification: params.useForNotification });
      return { success: true };
    },
    initialize: async (params) => {
      calls.push(['initialize', { ...params }]);
      return { success: true };
    },
    changeAudioSource: record('changeAudioSource'),
    changeMetadata: record('changeMetadata'),
    play: async (params) => {
      calls.push(['play', { ...params }]);
      if (failPlay) throw new Error('cannot play');
    },
    pause: record('pause'),
    stop: record('stop'),
    seek: async (params) => {
      calls.push(['seek', { ...params }]);
      positions.set(params.audioId, params.timeInSeconds);
    },
    setVolume: record('setVolume'),
    destroy: async (params) => {
      calls.push(['destroy', { ...params }]);
      sources.delete(params.audioId);
      onStatus.delete(params.audioId);
      onEnd.delete(params.audioId);
    },
    onPlaybackStatusChange: async ({ audioId }, callback) => {
      onStatus.set(audioId, callback);
      return { callbackId: `status-${audioId}` };
    },
    getCurrentTime: async ({ audioId }) => ({ currentTime: positions.get(audioId) ?? 0 }),
    onAudioEnd: async ({ audioId }, callback) => {
      onEnd.set(audioId, callback);
      return { callbackId: `end-${audioId}` };
    },
  };
  return {
    plugin,
    calls,
    names: () => calls.map(([name]) => name),
    /** The audioIds of the sources there are now. */
    sources: () => [...sources.keys()],
    /** How many sources hold the notification (the lock screen): never more than one. */
    notificationSources: () => [...sources.values()].filter((source) => source.notification).length,
    /** The stream URL of the last create or changeAudioSource. */
    lastUrl: () => {
      const last = calls.filter(([name]) => name === 'create' || name === 'changeAudioSource').at(-1)?.[1];
      return String(last?.['audioSource'] ?? last?.['source'] ?? '');
    },
    status: (status: Status, audioId = NATIVE_AUDIO_ID) => onStatus.get(audioId)?.({ status }),
    end: (audioId = NATIVE_AUDIO_ID) => onEnd.get(audioId)?.(),
    failNextCreate: () => void (failCreate = true),
    failPlay: () => void (failPlay = true),
    advance: (seconds: number, audioId = NATIVE_AUDIO_ID) =>
      void positions.set(audioId, (positions.get(audioId) ?? 0) + seconds),
  };
}

/** Inside the apps, as the page sees it: Capacitor on iOS with `plugin` on the bridge. Returns the undo. */
export function stubNativeBridge(plugin: NativeAudioPlugin): () => void {
  (globalThis as { Capacitor?: unknown }).Capacitor = {
    isNativePlatform: () => true,
    getPlatform: () => 'ios',
    Plugins: { AudioPlayer: plugin },
  };
  return () => delete (globalThis as { Capacitor?: unknown }).Capacitor;
}

/** The station the native player's tests play: its two mounts. */
export const NATIVE_TEST_STATION = {
  name: 'Test FM',
  streams: { standard: 'https://radio.test/live', high: 'https://radio.test/live-hq' },
};

/**
 * The app's PlayerService as the native tests start it (after stubNativeBridge): live player loaded,
 * nothing on air, a four-hour rewind window, the test station set and the service started.
 */
export function startNativeTestService(): PlayerService {
  const service = new PlayerService({
    livePlayer,
    fetchNowPlaying: () => new Promise(() => undefined),
    fetchTrackHistory: async () => [],
    quality: { read: () => 'standard', write: () => undefined },
    fetchRewindWindow: async () => ({ earliestAt: Date.now() - 4 * 3_600_000, timeshiftMs: 4 * 3_600_000 }),
  });
  service.setStation(NATIVE_TEST_STATION);
  service.start();
  return service;
}
