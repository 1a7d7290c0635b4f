import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AirPlayRoutes, NativeAirPlay } from '../native/native-airplay.ts';
import type { NativeAudioPlugin } from './native-audio-engine.ts';
import { PlayerService, type RemotePlaybackView } from './player-service.ts';
import * as livePlayer from './live-player.ts';

/** The iOS app's AirPlay plugin as the page meets it on the bridge; the system picker counts its openings. */
function fakeAirPlay(available: boolean) {
  let listener: ((routes: AirPlayRoutes) => void) | null = null;
  const plugin: NativeAirPlay & { pickerShown: number } = {
    pickerShown: 0,
    getRoutes: async () => ({ available }),
    showRoutePicker: async () => void (plugin.pickerShown += 1),
    addListener: async (_event, callback) => {
      listener = callback;
      return { remove: async () => void (listener = null) };
    },
  };
  return { plugin, routes: (next: AirPlayRoutes) => listener?.(next) };
}

/** Inside an app (Capacitor's bridge faked at the window boundary), with the plugins the binary holds. */
function inApp(platform: 'ios' | 'android', plugins: Record<string, unknown>) {
  (globalThis as { Capacitor?: unknown }).Capacitor = {
    isNativePlatform: () => true,
    getPlatform: () => platform,
    Plugins: { AudioPlayer: {} as NativeAudioPlugin, ...plugins },
    PluginHeaders: Object.keys(plugins).map((name) => ({ name })),
  };
}

function startPlayer() {
  const player = new PlayerService({
    livePlayer,
    fetchNowPlaying: () => new Promise(() => undefined),
    fetchTrackHistory: async () => [],
    quality: { read: () => 'standard', write: () => undefined },
  });
  player.start();
  player.setStation({
    name: 'Test FM',
    streams: { standard: 'https://radio.test/live', high: 'https://radio.test/live-hq' },
  });
  return player;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('Cast and AirPlay inside the apps: each offered only where it works', () => {
  let player: PlayerService | null = null;
  afterEach(() => {
    player?.stop();
    player = null;
    delete (globalThis as { Capacitor?: unknown }).Capacitor;
  });

  it('iOS app: AirPlay through the system route picker, following the routes; no Cast', async () => {
    const airPlay = fakeAirPlay(false);
    inApp('ios', { AirPlay: airPlay.plugin });
    player = startPlayer();
    const toasts: string[] = [];
    player.onCastEvent((event) => event.type === 'toast' && toasts.push(event.text));
    await settle();
    expect(player.remote).toMatchObject<Partial<RemotePlaybackView>>({
      castOffered: false,
      airPlay: 'unavailable',
    });

    player.showAirPlayPicker();
    expect(toasts).toEqual(['AirPlay not available']);
    expect(airPlay.plugin.pickerShown).toBe(0);

    airPlay.routes({ available: true });
    expect(player.remote.airPlay).toBe('available');
    player.showAirPlayPicker();
    await settle();
    expect(airPlay.plugin.pickerShown).toBe(1);
  });

  it('an iOS app built before the plugin: no AirPlay button rather than one that fails', async () => {
    inApp('ios', {});
    player = startPlayer();
    await settle();
    expect(player.remote.airPlay).toBe('unsupported');
  });

  it('Android app: neither the web Cast button (a WebView has no Cast sender) nor AirPlay', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0.0.0 Mobile Safari/537.36',
    );
    inApp('android', {});
    player = startPlayer();
    await settle();
    expect(player.remote).toMatchObject<Partial<RemotePlaybackView>>({
      castOffered: false,
      airPlay: 'unsupported',
    });
    vi.restoreAllMocks();
  });
});
