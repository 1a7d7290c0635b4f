import { AUDIO_RETRY_AFTER_ERROR_MS, WATCHDOG_STALL_MS } from '@onair/core';
import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PLAYER_MESSAGES } from './audio-engine.ts';
import { NATIVE_AUDIO_ID, type NativeAudioPlugin } from './native-audio-engine.ts';
import { PlayerService } from './player-service.ts';

type Status = 'playing' | 'paused' | 'stopped';

/**
 * The native player as the page meets it: a plugin object at Capacitor.Plugins.AudioPlayer, put
 * there by the native bridge in the apps and by this fake here. Calls are recorded by name; the
 * status callback is the lock screen, the headset or the OS speaking.
 */
function fakeNativePlayer() {
  const calls: Array<[string, Record<string, unknown>]> = [];
  let onStatus: ((result: { status: Status }) => void) | null = null;
  let onEnd: (() => void) | null = null;
  let failCreate = false;
  let position = 0;
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
      return { success: true };
    },
    initialize: async (params) => {
      calls.push(['initialize', { ...params }]);
      return { success: true };
    },
    changeAudioSource: record('changeAudioSource'),
    changeMetadata: record('changeMetadata'),
    play: record('play'),
    pause: record('pause'),
    stop: record('stop'),
    setVolume: record('setVolume'),
    destroy: record('destroy'),
    onPlaybackStatusChange: async (_params, callback) => {
      onStatus = callback;
      return { callbackId: 'status' };
    },
    getCurrentTime: async () => ({ currentTime: position }),
    onAudioEnd: async (_params, callback) => {
      onEnd = callback;
      return { callbackId: 'end' };
    },
  };
  return {
    plugin,
    calls,
    names: () => calls.map(([name]) => name),
    /** The stream URL of the last create or changeAudioSource. */
    lastUrl: () => {
      const last = calls.filter(([name]) => name === 'create' || name === 'changeAudioSource').at(-1)?.[1];
      return String(last?.['audioSource'] ?? last?.['source'] ?? '');
    },
    status: (status: Status) => onStatus?.({ status }),
    end: () => onEnd?.(),
    failNextCreate: () => void (failCreate = true),
    advance: (seconds: number) => void (position += seconds),
  };
}

const streams = { standard: 'https://radio.test/live', high: 'https://radio.test/live-hq' };
const station = { name: 'Test FM', streams };
const flush = () => act(() => vi.advanceTimersByTimeAsync(0));

let native: ReturnType<typeof fakeNativePlayer>;
let service: PlayerService;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(new Date('2026-01-05T10:00:00Z'));
  native = fakeNativePlayer();
  (globalThis as { Capacitor?: unknown }).Capacitor = {
    isNativePlatform: () => true,
    getPlatform: () => 'ios',
    Plugins: { AudioPlayer: native.plugin },
  };
  service = new PlayerService({
    fetchNowPlaying: () => new Promise(() => undefined),
    fetchTrackHistory: async () => [],
    quality: { read: () => 'standard', write: () => undefined },
  });
  service.setStation(station);
  service.start();
});

afterEach(() => {
  service.stop();
  delete (globalThis as { Capacitor?: unknown }).Capacitor;
  vi.useRealTimers();
});

describe('inside the apps, the player plays natively behind the same PlayerService', () => {
  it('creates no <audio> element and plays the live edge in the native player, with the lock-screen text', async () => {
    expect(document.querySelectorAll('audio')).toHaveLength(0);
    service.play();
    expect(service.snapshot).toMatchObject({ state: 'loading', listening: true });
    await flush();
    expect(native.names()).toEqual(['create', 'initialize', 'setVolume', 'play']);
    expect(native.calls[0]?.[1]).toMatchObject({
      audioId: NATIVE_AUDIO_ID,
      friendlyTitle: 'Test FM',
      artistName: 'Live Radio',
      albumTitle: 'Test FM',
      useForNotification: true,
      showSeekBackward: false,
      showSeekForward: false,
    });
    expect(native.lastUrl()).toBe(`https://radio.test/live?t=${Date.now()}`);
    // iOS (this fake's platform): the native player reads the lock-screen titles itself.
    expect(native.calls[0]?.[1]).toMatchObject({
      metadataUpdateUrl: new URL('/api/now-playing/lock-screen', window.location.href).href,
    });
    native.status('playing');
    expect(service.snapshot).toMatchObject({ state: 'playing', listening: true, error: null });
  });

  it('pause keeps the native source (the notification stays); play rejoins the live edge with a fresh URL', async () => {
    service.play();
    await flush();
    native.status('playing');
    service.pause();
    await flush();
    expect(service.snapshot).toMatchObject({ state: 'stopped', listening: false });
    expect(native.names().at(-1)).toBe('pause');
    native.status('paused'); // Android echoes our own pause: still stopped, nothing else happens
    const before = native.calls.length;
    vi.setSystemTime(Date.now() + 60_000);
    service.play();
    await flush();
    expect(native.names().slice(before)).toEqual(['changeAudioSource', 'setVolume', 'play']);
    expect(native.lastUrl()).toBe(`https://radio.test/live?t=${Date.now()}`);
  });

  it('follows the lock screen: its Pause stops the player, its Play starts it again', async () => {
    service.play();
    await flush();
    native.status('playing');
    native.status('paused');
    expect(service.snapshot).toMatchObject({ state: 'stopped', listening: false });
    native.status('playing');
    expect(service.snapshot.listening).toBe(true);
    await flush();
    expect(native.names().at(-1)).toBe('play');
  });

  it('stop() on unmount destroys the native source and ignores later callbacks', async () => {
    service.play();
    await flush();
    service.stop();
    await flush();
    expect(native.names().slice(-2)).toEqual(['stop', 'destroy']);
    native.status('stopped');
    expect(service.snapshot).toMatchObject({ state: 'stopped', listening: false });
  });

  it('reconnects when the native player loses the stream, after the retry delay', async () => {
    service.play();
    await flush();
    native.status('playing');
    native.status('stopped'); // not ours: the stream went away
    expect(service.snapshot).toMatchObject({ state: 'error', listening: true });
    expect(service.snapshot.error).toBe(
      PLAYER_MESSAGES.reconnecting(Math.ceil(AUDIO_RETRY_AFTER_ERROR_MS / 1000)),
    );
    const before = native.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(AUDIO_RETRY_AFTER_ERROR_MS));
    expect(native.names().slice(before)).toEqual(['pause', 'changeAudioSource', 'setVolume', 'play']);
    native.status('playing');
    expect(service.snapshot).toMatchObject({ state: 'playing', error: null });
  });

  it('reconnects a native player that says "playing" while its position stands still (the watchdog)', async () => {
    service.play();
    await flush();
    native.status('playing');
    for (let second = 0; second < 8; second += 1) {
      native.advance(1);
      await act(() => vi.advanceTimersByTimeAsync(1_000));
    }
    expect(service.snapshot.state).toBe('playing');
    const before = native.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(WATCHDOG_STALL_MS + 1_000));
    expect(service.snapshot.state).not.toBe('playing');
    expect(native.names().slice(before)).toContain('changeAudioSource');
  });

  it('a stream that ends is reconnected too, and a failed start is retried', async () => {
    native.failNextCreate();
    service.play();
    await flush();
    expect(service.snapshot.state).toBe('error');
    await act(() => vi.advanceTimersByTimeAsync(AUDIO_RETRY_AFTER_ERROR_MS));
    // The failed source was undone, so the retry creates it anew.
    expect(native.names().filter((name) => name === 'create')).toHaveLength(2);
    native.status('playing');
    native.end();
    expect(service.snapshot).toMatchObject({ state: 'error', listening: true });
  });

  it('offline pauses the native player; back online rejoins the stream', async () => {
    service.play();
    await flush();
    native.status('playing');
    window.dispatchEvent(new Event('offline'));
    await flush();
    expect(service.snapshot).toMatchObject({ state: 'error', error: PLAYER_MESSAGES.offline });
    expect(native.names().at(-1)).toBe('pause');
    window.dispatchEvent(new Event('online'));
    await flush();
    expect(native.names().slice(-3)).toEqual(['changeAudioSource', 'setVolume', 'play']);
  });

  it('sends track changes to the lock screen, and mute and the sleep-timer fade to the native volume', async () => {
    service.play();
    await flush();
    native.status('playing');
    service.receiveRealtime(1, {
      nowPlaying: {
        title: 'Song',
        artist: 'Singer',
        album: '',
        artwork: '',
        updatedAt: '2026-01-05T10:00:00.000Z',
      },
      tracks: [],
    });
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    const metadata = native.calls.filter(([name]) => name === 'changeMetadata').at(-1)?.[1];
    expect(metadata).toMatchObject({ friendlyTitle: 'Song', artistName: 'Singer', audioId: NATIVE_AUDIO_ID });
    service.toggleMute();
    service.setFadeLevel(0.5);
    service.toggleMute();
    await flush();
    const volumes = native.calls
      .filter(([name]) => name === 'setVolume')
      .map(([, params]) => params['volume']);
    expect(volumes.slice(-3)).toEqual([0, 0, 0.5]);
  });
});
