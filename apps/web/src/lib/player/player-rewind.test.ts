import { type NowPlaying, type TrackHistoryEntry } from '@onair/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerAnalyticsSink, type AnalyticsEvent } from '../analytics.ts';
import { PlayerService } from './player-service.ts';
import type { StreamSource, StreamSourceEvents, StreamSourceFactory } from './stream-source.ts';
import * as livePlayer from './live-player.ts';

const HOUR = 3_600_000;
const NOW = Date.parse('2026-03-02T19:30:00Z');
const streams = { standard: 'http://radio.test/live', high: 'http://radio.test/live-hq' };
const entry = (title: string, startedAt: string): TrackHistoryEntry => ({
  title,
  artist: 'A',
  album: '',
  artwork: '',
  startedAt,
});
const HISTORY = [
  entry('Moonrise', '2026-03-02T19:25:00.000Z'),
  entry('Sunrise', '2026-03-02T19:20:00.000Z'),
  entry('Tonnta', '2026-03-02T19:10:00.000Z'),
];
const live: NowPlaying = { ...HISTORY[0]!, updatedAt: HISTORY[0]!.startedAt };

function recordingSources() {
  const opened: Array<{ url: string; events: StreamSourceEvents; stopped: boolean }> = [];
  const createSource: StreamSourceFactory = (_media, events): StreamSource => {
    const record = { url: '', events, stopped: false };
    opened.push(record);
    return { kind: 'mse', start: (url) => void (record.url = url), stop: () => void (record.stopped = true) };
  };
  return { opened, createSource };
}

/** The archive instant a rewind URL asks for. */
const rewoundTo = (url: string | undefined) => {
  const parsed = new URL(url ?? '', 'http://localhost');
  return parsed.pathname === '/api/rewind' ? Number(parsed.searchParams.get('at')) : null;
};

/** jsdom plays nothing: the element's playhead is set by the test. */
function setPlayhead(seconds: number) {
  const audio = document.querySelector('audio');
  if (!audio) throw new Error('no <audio>');
  Object.defineProperty(audio, 'currentTime', { value: seconds, configurable: true, writable: true });
}

describe('PlayerService: live rewind', () => {
  let service: PlayerService;
  let now = NOW;
  const events: AnalyticsEvent[] = [];
  let unregister: () => void;

  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
    now = NOW;
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'load').mockReturnValue(undefined);
    events.length = 0;
    unregister = registerAnalyticsSink((event) => events.push(event));
  });
  afterEach(() => {
    unregister();
    service.stop();
    vi.useRealTimers();
  });

  async function started(earliestAt: number | null = NOW - 10 * HOUR) {
    const sources = recordingSources();
    service = new PlayerService({
      livePlayer,
      createSource: sources.createSource,
      fetchNowPlaying: async () => live,
      fetchTrackHistory: async () => HISTORY,
      fetchRewindWindow: async () => ({ earliestAt, timeshiftMs: 4 * HOUR }),
      now: () => now,
    });
    service.setStation({ name: 'Test FM', streams });
    service.start();
    service.watchTimeshift();
    service.watchTracks();
    await vi.advanceTimersByTimeAsync(0);
    return sources;
  }

  it('Back 30 seconds plays the archive from 30 s before what is heard, and counts it (privately)', async () => {
    const { opened } = await started();
    service.play();
    expect(rewoundTo(opened.at(-1)?.url)).toBeNull();
    service.back();
    expect(rewoundTo(opened.at(-1)?.url)).toBe(NOW - 30_000);
    expect(opened.at(-1)?.url).toMatch(/quality=standard/);
    expect(service.timeshift.rewound).toBe(true);
    // Stats and the sleep timer read this: rewound listening is listening.
    expect(service.snapshot.listening).toBe(true);
    expect(events.map((event) => [event.name, event.params])).toEqual([['rewind_used', { action: 'back' }]]);
  });

  it('moves on with the playhead: a reconnect resumes where the listener was, not where they rewound to', async () => {
    const { opened } = await started();
    service.seekTo(NOW - HOUR, 'scrub');
    opened.at(-1)?.events.onFirstData();
    setPlayhead(90);
    expect(service.heardAt()).toBe(NOW - HOUR + 90_000);
    opened.at(-1)?.events.onFailure('HTTP 502');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(rewoundTo(opened.at(-1)?.url)).toBe(NOW - HOUR + 90_000);
  });

  it('shows the song heard at the rewound position, and Recently played as it was then', async () => {
    await started();
    expect(service.nowPlaying.nowPlaying?.title).toBe('Moonrise');
    service.seekTo(Date.parse('2026-03-02T19:21:00Z'), 'scrub');
    expect(service.nowPlaying.nowPlaying?.title).toBe('Sunrise');
    expect(service.recentTracks?.map((track) => track.title)).toEqual(['Sunrise', 'Tonnta']);
    // Four minutes of playing later the next song has begun.
    setPlayhead(4 * 60 + 1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(service.nowPlaying.nowPlaying?.title).toBe('Moonrise');
    service.goLive();
    expect(service.timeshift.rewound).toBe(false);
  });

  it('Go live returns to the live mount', async () => {
    const { opened } = await started();
    service.seekTo(NOW - HOUR, 'restart');
    service.goLive();
    expect(opened.at(-1)?.url).toMatch(/^http:\/\/radio\.test\/live\?t=/);
  });

  it("a refused rewind shows the server's reason, not Reconnecting…, and Go live still plays", async () => {
    const { opened } = await started();
    service.seekTo(NOW - HOUR, 'scrub');
    const refusedSource = opened.at(-1);
    refusedSource?.events.onRefused('Nothing was recorded at that moment: the stream was down.');
    expect(service.snapshot.error).toBe('Nothing was recorded at that moment: the stream was down.');
    expect(service.snapshot.listening).toBe(false);
    expect(refusedSource?.stopped).toBe(true);
    // No retry comes: the archive would only refuse again.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(opened.at(-1)).toBe(refusedSource);
    service.goLive();
    expect(opened.at(-1)?.url).toMatch(/^http:\/\/radio\.test\/live\?t=/);
    expect(service.snapshot.listening).toBe(true);
    expect(service.snapshot.error).toBeNull();
  });

  it('pausing live and playing later resumes where it paused, while the window reaches it', async () => {
    const { opened } = await started();
    service.play();
    service.pause();
    expect(service.timeshift.rewound).toBe(true);
    now += 10 * 60_000;
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    service.play();
    expect(rewoundTo(opened.at(-1)?.url)).toBe(NOW);
    expect(events.at(-1)?.params).toEqual({ action: 'resume' });
  });

  it('after a pause longer than the window, play is live again', async () => {
    const { opened } = await started();
    service.play();
    service.pause();
    now += 5 * HOUR;
    service.play();
    expect(rewoundTo(opened.at(-1)?.url)).toBeNull();
    expect(service.timeshift.rewound).toBe(false);
  });

  it('with nothing recorded, pause and play stay live and Back 30 seconds does nothing', async () => {
    const { opened } = await started(null);
    service.play();
    service.pause();
    service.play();
    service.back();
    expect(opened.map((source) => rewoundTo(source.url))).toEqual([null, null]);
  });

  it('the lock screen seeks back, forward and to a point of the window', async () => {
    const handlers = new Map<string, MediaSessionActionHandler | null>();
    const positions: Array<MediaPositionState | undefined> = [];
    vi.stubGlobal('navigator', {
      ...navigator,
      onLine: true,
      mediaSession: {
        setActionHandler: (action: string, handler: MediaSessionActionHandler | null) =>
          handlers.set(action, handler),
        setPositionState: (state?: MediaPositionState) => positions.push(state),
        metadata: null,
        playbackState: 'none',
      },
    });
    const { opened } = await started();
    service.play();
    handlers.get('seekbackward')?.({ action: 'seekbackward', seekOffset: 60 });
    expect(rewoundTo(opened.at(-1)?.url)).toBe(NOW - 60_000);
    handlers.get('seekforward')?.({ action: 'seekforward' });
    expect(rewoundTo(opened.at(-1)?.url)).toBe(NOW - 30_000);
    handlers.get('seekforward')?.({ action: 'seekforward' });
    expect(rewoundTo(opened.at(-1)?.url)).toBeNull(); // forward to the live edge is live
    handlers.get('seekto')?.({ action: 'seekto', seekTime: 600 });
    expect(rewoundTo(opened.at(-1)?.url)).toBe(NOW - 4 * HOUR + 600_000);
    expect(positions.at(-1)).toEqual({ duration: 4 * 3600, position: 600, playbackRate: 1 });
  });
});
