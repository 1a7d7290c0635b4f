import { AUDIO_RETRY_MAX_MS, type NowPlaying } from '@onair/core';
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noTrackYet, stubStationFetch } from '../../test/fixtures.ts';
import { StationProvider } from '../station-context.tsx';
import { PlayerProvider, usePlayer } from './PlayerProvider.tsx';
import { PLAYER_MESSAGES } from './audio-engine.ts';
import { PlayButton } from './components/PlayButton.tsx';
import { PlayerService } from './player-service.ts';
import type { StreamSource, StreamSourceEvents, StreamSourceFactory } from './stream-source.ts';
import * as livePlayer from './live-player.ts';

const audioElements = () => document.querySelectorAll('audio').length;

/** A stream source that only records: jsdom cannot play audio, and the network is the test's. */
function recordingSources() {
  const opened: Array<{ url: string; events: StreamSourceEvents; stopped: boolean }> = [];
  const createSource: StreamSourceFactory = (_media, events): StreamSource => {
    const record = { url: '', events, stopped: false };
    opened.push(record);
    return {
      kind: 'mse',
      start: (url) => void (record.url = url),
      stop: () => void (record.stopped = true),
    };
  };
  return { opened, createSource };
}

// jsdom has no media playback: play() would return nothing and load() would log. The engine's
// part is proven on a fake element in audio-engine.test.ts; here only ownership is under test.
beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockReturnValue(undefined);
});

const streams = { standard: 'http://radio.test/live', high: 'http://radio.test/live-hq' };

describe('PlayerProvider: one owner, gone on unmount', () => {
  beforeEach(() => {
    stubStationFetch(undefined, { 'GET /api/now-playing': { body: noTrackYet } });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  });
  afterEach(() => vi.useRealTimers());

  for (const strict of [false, true]) {
    it(`leaves no <audio>, timer or listener behind after unmount${strict ? ' under StrictMode' : ''}`, async () => {
      const service = new PlayerService({ livePlayer });
      const addListener = vi.spyOn(window, 'addEventListener');
      const removeListener = vi.spyOn(window, 'removeEventListener');
      const tree = (
        <StationProvider>
          <PlayerProvider service={service}>
            <PlayButton />
          </PlayerProvider>
        </StationProvider>
      );
      const { unmount } = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
      await act(() => vi.advanceTimersByTimeAsync(0)); // the first now-playing answer arms the next poll
      expect(audioElements()).toBe(1);
      expect(vi.getTimerCount()).toBeGreaterThan(0);

      unmount();
      expect(audioElements()).toBe(0);
      expect(vi.getTimerCount()).toBe(0);
      const added = addListener.mock.calls.map(([type, handler]) => [type, handler]);
      const removed = removeListener.mock.calls.map(([type, handler]) => [type, handler]);
      expect(added.length).toBeGreaterThan(0);
      expect(removed).toEqual(expect.arrayContaining(added));
    });
  }

  it('the play button drives the service', async () => {
    const { opened, createSource } = recordingSources();
    render(
      <StationProvider>
        <PlayerProvider service={new PlayerService({ livePlayer, createSource })}>
          <PlayButton />
        </PlayerProvider>
      </StationProvider>,
    );
    await act(() => vi.advanceTimersByTimeAsync(0)); // /api/station answers with the stream URLs
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    expect(opened).toHaveLength(1);
  });

  it('usePlayer() outside its provider says so', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React logs the thrown error
    expect(() => renderHook(() => usePlayer())).toThrow('usePlayer() must be used inside <PlayerProvider>');
  });
});

describe('PlayerService: the engines come after the first paint', () => {
  const fetchNowPlaying = async (): Promise<NowPlaying> => noTrackYet;
  /** The engines' chunk is in, and every callback waiting for it has run. */
  async function enginesArrived() {
    await import('./live-player.ts');
    await new Promise((resolve) => setTimeout(resolve, 0));
  }

  it('a press before the engines arrive plays once they are here', async () => {
    const { opened, createSource } = recordingSources();
    const service = new PlayerService({ createSource, fetchNowPlaying });
    service.setStation({ name: 'Test FM', streams });
    service.start();
    service.prepare();
    service.play();
    await enginesArrived();
    expect(audioElements()).toBe(1);
    expect(opened.map(({ url }) => new URL(url).pathname)).toEqual(['/live']);
    expect(service.snapshot.state).not.toBe('stopped');
    service.stop();
    expect(audioElements()).toBe(0);
  });

  it('shows a track the socket brought while they were loading, once they are here', async () => {
    // The poll answers what it had before; only the socket's frame names the song.
    const service = new PlayerService({ fetchNowPlaying });
    service.start();
    service.receiveRealtime(1, {
      nowPlaying: {
        title: 'Tonnta',
        artist: 'Ciarán',
        album: '',
        artwork: '',
        updatedAt: new Date().toISOString(),
      },
      tracks: [],
    });
    await enginesArrived();
    expect(service.nowPlaying.nowPlaying?.title).toBe('Tonnta');
    service.stop();
  });

  it('a pause before they arrive takes the press back; a stop leaves nothing behind', async () => {
    const { opened, createSource } = recordingSources();
    const paused = new PlayerService({ createSource, fetchNowPlaying });
    paused.setStation({ name: 'Test FM', streams });
    paused.start();
    paused.play();
    paused.pause();
    const stopped = new PlayerService({ createSource, fetchNowPlaying });
    stopped.start();
    stopped.play();
    stopped.stop();
    await enginesArrived();
    expect(opened).toHaveLength(0);
    expect(paused.snapshot.state).toBe('stopped');
    expect(audioElements()).toBe(1); // the paused player's, idle; the stopped one made none
    paused.stop();
    expect(audioElements()).toBe(0);
  });
});

describe('PlayerService', () => {
  const fetchNowPlaying = vi.fn(async (_signal?: AbortSignal): Promise<NowPlaying> => noTrackYet);
  let service: PlayerService;
  beforeEach(() => {
    vi.useFakeTimers();
    fetchNowPlaying.mockClear();
  });
  afterEach(() => {
    service.stop();
    vi.useRealTimers();
  });

  function started() {
    const sources = recordingSources();
    service = new PlayerService({ livePlayer, createSource: sources.createSource, fetchNowPlaying });
    service.setStation({ name: 'Test FM', streams });
    service.start();
    return sources;
  }

  /** Fails until the backoff has grown to its 30 s cap. */
  function failUntilLongBackoff(opened: ReturnType<typeof recordingSources>['opened']) {
    service.play();
    for (let failures = 0; failures < 7; failures += 1) {
      const before = opened.length;
      opened.at(-1)?.events.onFailure('HTTP 502');
      if (failures < 6) while (opened.length === before) vi.advanceTimersByTime(500);
    }
    expect(service.snapshot.error).toBe(PLAYER_MESSAGES.reconnecting(AUDIO_RETRY_MAX_MS / 1000));
  }

  it('does no work before start(): no element, no request, no timer', () => {
    service = new PlayerService({ livePlayer, fetchNowPlaying });
    expect(service.snapshot.state).toBe('stopped');
    expect(audioElements()).toBe(0);
    expect(fetchNowPlaying).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stop() aborts the now-playing request in flight and ends the stream; start() again works', () => {
    const signals: AbortSignal[] = [];
    fetchNowPlaying.mockImplementationOnce(
      (signal?: AbortSignal) => (signals.push(signal!), new Promise<NowPlaying>(() => undefined)),
    );
    const { opened } = started();
    // The first poll goes out in the task after start(), not inside it.
    expect(signals).toHaveLength(0);
    vi.advanceTimersByTime(0);
    expect(signals[0]?.aborted).toBe(false);
    service.play();
    expect(opened).toHaveLength(1);
    service.stop();
    expect(signals[0]?.aborted).toBe(true);
    expect(opened[0]?.stopped).toBe(true);
    expect(audioElements()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    service.start();
    expect(audioElements()).toBe(1);
    expect(service.snapshot).toMatchObject({ state: 'stopped', listening: false });
  });

  it('the window online event retries at once after a long outage, not after the 30 s backoff', () => {
    const { opened } = started();
    failUntilLongBackoff(opened);
    const before = opened.length;
    window.dispatchEvent(new Event('online'));
    expect(opened).toHaveLength(before + 1);
    expect(service.snapshot).toMatchObject({ state: 'loading', error: PLAYER_MESSAGES.retrying });
  });

  it('a page that becomes visible retries at once too', () => {
    const { opened } = started();
    failUntilLongBackoff(opened);
    const before = opened.length;
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(opened).toHaveLength(before + 1);
  });

  it('after stop() the browser events reach nothing', () => {
    const { opened } = started();
    failUntilLongBackoff(opened);
    const before = opened.length;
    service.stop();
    window.dispatchEvent(new Event('online'));
    document.dispatchEvent(new Event('visibilitychange'));
    vi.advanceTimersByTime(60_000);
    expect(opened).toHaveLength(before);
    expect(fetchNowPlaying).toHaveBeenCalledTimes(1);
  });

  it('keeps the listener’s quality and mute across a restart, and saves the quality', () => {
    const saved: string[] = [];
    service = new PlayerService({
      livePlayer,
      fetchNowPlaying,
      quality: { read: () => 'standard', write: (quality) => void saved.push(quality) },
    });
    service.start();
    service.setQuality('high');
    service.toggleMute();
    service.stop();
    service.start();
    expect(service.snapshot).toMatchObject({ quality: 'high', muted: true });
    expect(document.querySelector('audio')?.volume).toBe(0);
    expect(saved).toEqual(['high']);
  });
});
