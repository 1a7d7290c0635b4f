import { AUDIO_RETRY_AFTER_ERROR_MS, WATCHDOG_STALL_MS } from '@onair/core';
import { act } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PLAYER_MESSAGES } from './audio-engine.ts';
import { NATIVE_AUDIO_ID } from './native-audio-engine.ts';
import type { PlayerService } from './player-service.ts';
import { fakeNativePlayer, startNativeTestService, stubNativeBridge } from '../../test/fake-native-audio.ts';

const flush = () => act(() => vi.advanceTimersByTimeAsync(0));

// A refusal's sentence module is fetched when a refusal happens (off the first paint); loaded here
// once, so the import the player awaits resolves within a flush.
beforeAll(async () => {
  await import('../i18n/server-error.ts');
});

let native: ReturnType<typeof fakeNativePlayer>;
let service: PlayerService;
let unstubBridge: () => void;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(new Date('2026-01-05T10:00:00Z'));
  native = fakeNativePlayer();
  // What the engine's fetch() of a stream the native player lost finds: the stream, playing.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('', { status: 200, headers: { 'content-type': 'audio/mpeg' } })),
  );
  unstubBridge = stubNativeBridge(native.plugin);
  service = startNativeTestService();
});

afterEach(() => {
  service.stop();
  vi.unstubAllGlobals();
  unstubBridge();
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
    const before = native.calls.length;
    native.status('stopped'); // not ours: the stream went away
    await flush(); // the engine asks the URL whether the server refuses it: it plays
    expect(service.snapshot).toMatchObject({ state: 'error', listening: true });
    expect(service.snapshot.error).toBe(
      PLAYER_MESSAGES.reconnecting(Math.ceil(AUDIO_RETRY_AFTER_ERROR_MS / 1000)),
    );
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

  it('live rewind plays the archive by absolute URL, and the position moves on with the native playhead', async () => {
    service.watchTimeshift();
    await flush();
    const at = Date.now() - 3_600_000;
    service.seekTo(at, 'scrub');
    await flush();
    const url = new URL(native.lastUrl());
    expect(url.href.startsWith(window.location.origin)).toBe(true);
    expect(url.pathname).toBe('/api/rewind');
    expect(Number(url.searchParams.get('at'))).toBe(at);
    native.status('playing');
    for (let second = 0; second < 5; second += 1) {
      native.advance(1);
      await act(() => vi.advanceTimersByTimeAsync(1_000));
    }
    expect(service.heardAt()).toBe(at + 5_000);
    // Pause and play resume where the listener was, not where they first rewound to.
    service.pause();
    await flush();
    service.play();
    await flush();
    expect(Number(new URL(native.lastUrl()).searchParams.get('at'))).toBe(at + 5_000);
  });

  it('a rewind the server refuses ends in its reason, not in retries, on the native player too', async () => {
    service.watchTimeshift();
    await flush();
    const reason = 'Nothing was recorded at that moment: the stream was down.';
    vi.mocked(fetch).mockImplementation(async () =>
      Response.json({ error: reason, code: 'rewind_gap' }, { status: 404 }),
    );
    service.seekTo(Date.now() - 3_600_000, 'scrub');
    await flush();
    const refused = native.lastUrl();
    native.status('stopped'); // the native player could not play it, and cannot say why
    await flush();
    expect(vi.mocked(fetch).mock.calls.at(-1)?.[0]).toBe(refused);
    expect(service.snapshot).toMatchObject({ state: 'error', listening: false, error: reason });
    // No retry comes: the archive would only refuse again.
    const before = native.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(native.names().slice(before)).not.toContain('changeAudioSource');
  });

  it('a start the native player fails is asked about alike: refused with the reason, not retried', async () => {
    const reason = 'That moment has not been broadcast yet.';
    vi.mocked(fetch).mockImplementation(async () =>
      Response.json({ error: reason, code: 'rewind_future' }, { status: 416 }),
    );
    native.failNextCreate();
    service.play();
    await flush();
    expect(service.snapshot).toMatchObject({ state: 'error', listening: false, error: reason });
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(native.names().filter((name) => name === 'create')).toHaveLength(1);
  });
});
