import { AUDIO_RETRY_MAX_MS, START_TIMEOUT_MS, WATCHDOG_STALL_MS } from '@onair/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AudioEngine,
  EARLY_START_MS,
  PLAYER_MESSAGES,
  withCacheBuster,
  type AudioEngineOptions,
} from './audio-engine.ts';
import type { StreamSource, StreamSourceEvents } from './stream-source.ts';

/** Just enough of an <audio> element: state the engine reads, and events a test fires. */
class FakeMedia extends EventTarget {
  src = '';
  preload = '';
  paused = true;
  currentTime = 0;
  volume = 1;
  readyState = 0;
  playCalls = 0;
  playResult: () => Promise<void> = () => Promise.resolve();
  play(): Promise<void> {
    this.playCalls += 1;
    if (this.paused) {
      this.paused = false;
      this.emit('play');
    }
    return this.playResult();
  }
  pause(): void {
    if (this.paused) return;
    this.paused = true;
    this.emit('pause');
  }
  load(): void {}
  removeAttribute(name: string): void {
    if (name !== 'src') return;
    // Like a real element: without a source there is no data.
    this.src = '';
    this.readyState = 0;
  }
  emit(name: string): void {
    this.dispatchEvent(new Event(name));
  }
  /** The browser got data and sound flows. */
  sound(): void {
    this.readyState = 4;
    this.emit('playing');
  }
}

class FakeSource implements StreamSource {
  readonly kind: 'mse' | 'direct';
  url: string | null = null;
  stopped = false;
  constructor(
    readonly media: FakeMedia,
    readonly events: StreamSourceEvents,
    direct: boolean,
  ) {
    this.kind = direct ? 'direct' : 'mse';
  }
  start(url: string): void {
    this.url = url;
  }
  stop(): void {
    this.stopped = true;
    this.media.removeAttribute('src');
  }
}

const streams = { standard: 'http://radio.test/live', high: 'http://radio.test/live-hq' };

function setup(options: Partial<AudioEngineOptions> = {}) {
  const media = new FakeMedia();
  const sources: FakeSource[] = [];
  const engine = new AudioEngine(media as unknown as HTMLMediaElement, {
    streams,
    quality: 'standard',
    startsEarly: true,
    createSource: (_media, events, { direct }) => {
      const source = new FakeSource(media, events, direct);
      sources.push(source);
      return source;
    },
    ...options,
  });
  const lastSource = () => {
    const source = sources.at(-1);
    if (!source) throw new Error('no source was opened');
    return source;
  };
  return { media, engine, sources, lastSource };
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-03-02T12:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('AudioEngine: the stream opened on pointerdown', () => {
  it('opens the stream while the finger is down, and play() plays that one', () => {
    const { engine, media, sources } = setup();
    engine.prepare();
    expect(sources).toHaveLength(1);
    expect(sources[0]?.url).toBe(`${streams.standard}?t=${Date.now()}`);
    expect(engine.snapshot).toMatchObject({ state: 'stopped', listening: false });
    expect(media.playCalls).toBe(0);
    vi.advanceTimersByTime(120); // the finger lifts: the click
    engine.prepare(); // a second pointerdown of a double tap opens nothing more
    engine.play();
    expect(sources).toHaveLength(1);
    expect(engine.snapshot).toMatchObject({ state: 'loading', listening: true, sourceKind: 'mse' });
    expect(media.playCalls).toBe(1);
    // Adopted: the expiry no longer applies, and its events are the player's.
    vi.advanceTimersByTime(EARLY_START_MS);
    expect(sources[0]?.stopped).toBe(false);
    media.sound();
    expect(engine.snapshot.state).toBe('playing');
  });

  it('tells the machine of first bytes that came in before the click', () => {
    // The browser drops play() calls made while the element has nothing: it stays paused.
    const dropsPlay = (media: FakeMedia) => {
      media.play = () => {
        media.playCalls += 1;
        return Promise.resolve();
      };
    };
    const withData = setup();
    dropsPlay(withData.media);
    withData.engine.prepare();
    withData.lastSource().events.onFirstData();
    withData.engine.play();
    // The tap's play(), then the one the first bytes ask for (resumeIfPaused).
    expect(withData.media.playCalls).toBe(2);

    const withoutData = setup();
    dropsPlay(withoutData.media);
    withoutData.engine.prepare();
    withoutData.engine.play();
    expect(withoutData.media.playCalls).toBe(1);
  });

  it('closes the stream when no click follows, and play() then opens a fresh one', () => {
    const { engine, sources, lastSource } = setup();
    engine.prepare();
    vi.advanceTimersByTime(EARLY_START_MS);
    expect(sources[0]?.stopped).toBe(true);
    engine.play();
    expect(sources).toHaveLength(2);
    expect(lastSource().url).toBe(`${streams.standard}?t=${Date.now()}`);
  });

  it('closes an early stream that failed, and play() opens its own', () => {
    const { engine, sources } = setup();
    engine.prepare();
    sources[0]?.events.onFailure('The stream answered HTTP 503');
    expect(sources[0]?.stopped).toBe(true);
    expect(engine.snapshot).toMatchObject({ state: 'stopped', error: null });
    engine.play();
    expect(sources).toHaveLength(2);
  });

  it('opens nothing while listening, offline, before the URLs are known, or where it may not', () => {
    const listening = setup();
    listening.engine.play();
    listening.engine.prepare();
    expect(listening.sources).toHaveLength(1);

    const offline = setup({ online: false });
    offline.engine.prepare();
    expect(offline.sources).toHaveLength(0);

    const noStreams = setup({ streams: null });
    noStreams.engine.prepare();
    expect(noStreams.sources).toHaveLength(0);

    const direct = setup({ startsEarly: false });
    direct.engine.prepare();
    expect(direct.sources).toHaveLength(0);
  });

  it('closes a stream nobody took when the player is destroyed', () => {
    const { engine, sources } = setup();
    engine.prepare();
    engine.destroy();
    expect(sources[0]?.stopped).toBe(true);
  });
});

describe('AudioEngine: play and pause', () => {
  it('starts stopped, and play() opens the chosen stream at the live edge and calls play()', () => {
    const { engine, media, lastSource } = setup();
    expect(engine.snapshot).toMatchObject({ state: 'stopped', listening: false, error: null, muted: false });
    engine.play();
    expect(engine.snapshot).toMatchObject({ state: 'loading', listening: true });
    expect(lastSource().url).toBe(`${streams.standard}?t=${Date.now()}`);
    expect(media.playCalls).toBe(1);
  });

  it("marks playing once sound flows ('playing'), and at 'play' when data is already there", () => {
    const { engine, media } = setup();
    engine.play();
    expect(engine.snapshot.state).toBe('loading');
    media.sound();
    expect(engine.snapshot.state).toBe('playing');

    const second = setup();
    second.media.readyState = 4;
    second.engine.play();
    expect(second.engine.snapshot.state).toBe('playing');
  });

  it('pause() stops the download; play() again opens a fresh connection instead of the stale buffer', () => {
    const { engine, media, sources } = setup();
    engine.play();
    media.sound();
    engine.pause();
    expect(engine.snapshot).toMatchObject({ state: 'stopped', listening: false });
    expect(media.paused).toBe(true);
    expect(sources[0]?.stopped).toBe(true);
    vi.advanceTimersByTime(60_000);
    engine.play();
    expect(sources).toHaveLength(2);
    expect(sources[1]?.url).toBe(`${streams.standard}?t=${Date.now()}`);
    expect(sources[1]?.url).not.toBe(sources[0]?.url);
  });

  it('a pause the engine did not make (headset, OS) stops listening', () => {
    const { engine, media, lastSource } = setup();
    engine.play();
    media.sound();
    media.pause();
    expect(engine.snapshot).toMatchObject({ state: 'stopped', listening: false });
    expect(lastSource().stopped).toBe(true);
  });

  it('ended, abort and emptied mark not playing when the listener is not listening', () => {
    for (const event of ['ended', 'abort', 'emptied']) {
      const { engine, media } = setup();
      engine.play();
      media.sound();
      engine.pause();
      // A late event after a pause must leave the player stopped, not in some other state.
      media.emit(event);
      expect(engine.snapshot.state).toBe('stopped');
    }
  });

  it('ignores abort/emptied caused by its own source swap while listening', () => {
    const { engine, media } = setup();
    engine.play();
    media.sound();
    media.emit('abort');
    media.emit('emptied');
    expect(engine.snapshot).toMatchObject({ state: 'playing', listening: true });
  });

  it('a browser that refuses to play without a tap ends in a clear error, not listening', async () => {
    const { engine, media } = setup();
    media.playResult = () => Promise.reject(new DOMException('no gesture', 'NotAllowedError'));
    engine.play();
    await vi.advanceTimersByTimeAsync(0);
    expect(engine.snapshot).toMatchObject({
      state: 'error',
      listening: false,
      error: PLAYER_MESSAGES.blocked,
    });
  });

  it('calls play() again when the first data arrives if the element is still paused', () => {
    const { engine, media, lastSource } = setup();
    engine.play();
    media.paused = true;
    lastSource().events.onFirstData();
    expect(media.playCalls).toBe(2);
  });
});

describe('AudioEngine: recovery', () => {
  it('an error sets error and reloads after 1 s (spec §4)', () => {
    const { engine, media, sources } = setup();
    engine.play();
    media.sound();
    media.emit('error');
    expect(engine.snapshot).toMatchObject({
      state: 'error',
      listening: true,
      error: PLAYER_MESSAGES.reconnecting(1),
    });
    expect(sources[0]?.stopped).toBe(true);
    vi.advanceTimersByTime(999);
    expect(sources).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sources).toHaveLength(2);
    expect(engine.snapshot).toMatchObject({ state: 'loading', error: PLAYER_MESSAGES.retrying });
    media.sound();
    expect(engine.snapshot).toMatchObject({ state: 'playing', error: null });
  });

  it('backs off 1 s, 2 s, 4 s … on repeated failures, and starts over once sound flows', () => {
    const { engine, media, sources, lastSource } = setup();
    engine.play();
    const waits: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const before = sources.length;
      lastSource().events.onFailure('HTTP 404');
      let waited = 0;
      while (sources.length === before) {
        vi.advanceTimersByTime(100);
        waited += 100;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000]);
    media.sound();
    lastSource().events.onFailure('ended');
    expect(engine.snapshot.error).toBe(PLAYER_MESSAGES.reconnecting(1));
  });

  it('keeps trying for as long as the listener wants to listen, and stops when they pause', () => {
    const { engine, sources, lastSource } = setup();
    engine.play();
    for (let i = 0; i < 20; i += 1) {
      const before = sources.length;
      lastSource().events.onFailure('down');
      while (sources.length === before) vi.advanceTimersByTime(500);
    }
    expect(sources).toHaveLength(21);
    lastSource().events.onFailure('down');
    engine.pause();
    vi.advanceTimersByTime(120_000);
    expect(sources).toHaveLength(21);
    expect(engine.snapshot).toMatchObject({ state: 'stopped', error: null });
  });

  it('switches to <audio src> at once, and for good, when the host refuses fetch() (no CORS)', () => {
    const { engine, media, sources, lastSource } = setup();
    engine.play();
    expect(lastSource().kind).toBe('mse');
    lastSource().events.onFailure('Failed to fetch', true);
    expect(sources).toHaveLength(2);
    expect(lastSource().kind).toBe('direct');
    expect(engine.snapshot).toMatchObject({ state: 'loading', sourceKind: 'direct' });
    media.sound();
    engine.pause();
    engine.play();
    expect(lastSource().kind).toBe('direct');
  });

  it("leaves the element's error to a source that reports it (<audio src>): its refusal is not retried", () => {
    const media = new FakeMedia();
    const sources: FakeSource[] = [];
    const engine = new AudioEngine(media as unknown as HTMLMediaElement, {
      streams,
      quality: 'standard',
      createSource: (_media, events) => {
        const source = Object.assign(new FakeSource(media, events, true), { reportsMediaErrors: true });
        sources.push(source);
        return source;
      },
    });
    engine.play();
    media.emit('error');
    expect(engine.snapshot.state).toBe('loading');
    sources.at(-1)?.events.onRefused('That moment has not been broadcast yet.');
    expect(engine.snapshot).toMatchObject({
      state: 'error',
      listening: false,
      error: 'That moment has not been broadcast yet.',
    });
  });

  it('ignores failures reported by a source it already replaced', () => {
    const { engine, media, sources } = setup();
    engine.play();
    engine.setQuality('high');
    media.sound();
    sources[0]?.events.onFailure('aborted');
    expect(engine.snapshot.state).toBe('playing');
  });

  it('a stream that ends while listening reconnects', () => {
    const { engine, media, sources } = setup();
    engine.play();
    media.sound();
    media.emit('ended');
    expect(engine.snapshot.state).toBe('error');
    vi.advanceTimersByTime(1_000);
    expect(sources).toHaveLength(2);
  });

  it('a stall while playing sets buffering and reloads after 2 s (spec §4)', () => {
    for (const event of ['waiting', 'stalled']) {
      const { engine, media, sources } = setup();
      engine.play();
      media.sound();
      media.emit(event);
      expect(engine.snapshot.state).toBe('loading');
      vi.advanceTimersByTime(1_999);
      expect(sources).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(sources).toHaveLength(2);
      expect(sources[0]?.stopped).toBe(true);
    }
  });

  it('a stall that clears by itself within 2 s does not reload', () => {
    const { engine, media, sources } = setup();
    engine.play();
    media.sound();
    media.emit('waiting');
    vi.advanceTimersByTime(1_000);
    media.emit('playing');
    for (let i = 0; i < 5; i += 1) {
      media.currentTime += 1;
      vi.advanceTimersByTime(1_000);
    }
    expect(sources).toHaveLength(1);
    expect(engine.snapshot.state).toBe('playing');
  });

  it("a 'waiting' before the first sound is the normal start, not a stall", () => {
    const { engine, media, sources } = setup();
    engine.play();
    media.emit('waiting');
    vi.advanceTimersByTime(3_000);
    expect(sources).toHaveLength(1);
    expect(engine.snapshot.state).toBe('loading');
  });

  it('a start that never sounds is retried after the start timeout', () => {
    const { engine, sources } = setup();
    engine.play();
    vi.advanceTimersByTime(START_TIMEOUT_MS - 1);
    expect(sources).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(engine.snapshot.state).toBe('error');
    vi.advanceTimersByTime(2_000);
    expect(sources).toHaveLength(2);
  });

  it('watchdog: playing but currentTime frozen (silent network switch) reloads the stream', () => {
    const { engine, media, sources } = setup();
    engine.play();
    media.sound();
    for (let i = 0; i < 10; i += 1) {
      media.currentTime += 1;
      vi.advanceTimersByTime(1_000);
    }
    expect(sources).toHaveLength(1);
    vi.advanceTimersByTime(WATCHDOG_STALL_MS);
    expect(sources).toHaveLength(2);
    expect(engine.snapshot.state).toBe('loading');
  });
});

describe('AudioEngine: offline and online', () => {
  it('offline pauses playing audio and shows an error; online clears it and resumes', () => {
    const { engine, media, sources } = setup();
    engine.play();
    media.sound();
    engine.setOnline(false);
    expect(engine.snapshot).toMatchObject({
      state: 'error',
      listening: true,
      error: PLAYER_MESSAGES.offline,
    });
    expect(media.paused).toBe(true);
    expect(sources[0]?.stopped).toBe(true);
    vi.advanceTimersByTime(60_000); // no retries while offline
    expect(sources).toHaveLength(1);
    engine.setOnline(true);
    expect(engine.snapshot).toMatchObject({ state: 'loading', error: null, listening: true });
    expect(sources).toHaveLength(2);
    media.sound();
    expect(engine.snapshot.state).toBe('playing');
  });

  it('offline while stopped changes nothing; play() while offline explains why nothing plays', () => {
    const { engine, sources } = setup({ online: false });
    engine.setOnline(true);
    engine.setOnline(false);
    expect(engine.snapshot).toMatchObject({ state: 'stopped', error: null });
    engine.play();
    expect(engine.snapshot).toMatchObject({ state: 'error', error: PLAYER_MESSAGES.offline });
    expect(sources).toHaveLength(0);
    engine.setOnline(true);
    expect(sources).toHaveLength(1);
  });

  it('a listener who paused while offline is not resumed when the network returns', () => {
    const { engine, sources } = setup();
    engine.play();
    engine.setOnline(false);
    engine.pause();
    engine.setOnline(true);
    expect(sources).toHaveLength(1);
    expect(engine.snapshot).toMatchObject({ state: 'stopped', error: null });
  });
});

describe('AudioEngine: back at once after a long outage', () => {
  /** Fails until the backoff has grown to its 30 s cap, and returns how many sources were opened. */
  function longOutage() {
    const context = setup();
    const { engine, sources, lastSource } = context;
    engine.play();
    for (let i = 0; i < 6; i += 1) {
      const before = sources.length;
      lastSource().events.onFailure('HTTP 502');
      while (sources.length === before) vi.advanceTimersByTime(500);
    }
    lastSource().events.onFailure('HTTP 502');
    expect(engine.snapshot.error).toBe(PLAYER_MESSAGES.reconnecting(AUDIO_RETRY_MAX_MS / 1000));
    return context;
  }

  it('the window online event retries at once instead of waiting out the 30 s backoff', () => {
    const { engine, media, sources } = longOutage();
    const before = sources.length;
    engine.setOnline(true); // navigator.onLine never went false: only the online event says the network is back
    expect(sources).toHaveLength(before + 1);
    expect(engine.snapshot).toMatchObject({ state: 'loading', error: PLAYER_MESSAGES.retrying });
    media.sound();
    expect(engine.snapshot).toMatchObject({ state: 'playing', error: null });
  });

  it('a page that becomes visible retries at once too', () => {
    const { engine, sources } = longOutage();
    const before = sources.length;
    engine.pageVisible();
    expect(sources).toHaveLength(before + 1);
    expect(engine.snapshot.state).toBe('loading');
  });

  it('online and visible change nothing while playing', () => {
    const { engine, media, sources } = setup();
    engine.play();
    media.sound();
    engine.setOnline(true);
    engine.pageVisible();
    expect(sources).toHaveLength(1);
    expect(engine.snapshot.state).toBe('playing');
  });
});

describe('AudioEngine: dispatch', () => {
  it('ignores events the machine does not allow in the current state', () => {
    const { engine, media, sources } = setup();
    const listener = vi.fn();
    engine.subscribe(listener);
    engine.dispatch({ type: 'retryDue' });
    engine.dispatch({ type: 'stallTimeout' });
    engine.dispatch({ type: 'mediaError' });
    engine.pause();
    expect(listener).not.toHaveBeenCalled();
    expect(sources).toHaveLength(0);
    engine.play();
    media.sound();
    engine.dispatch({ type: 'startTimeout' });
    engine.dispatch({ type: 'retryDue' });
    engine.play();
    expect(sources).toHaveLength(1);
    expect(engine.snapshot.state).toBe('playing');
  });

  it('after destroy() it stops the stream, its timers and the element listeners', () => {
    const { engine, media, lastSource } = setup();
    engine.play();
    media.sound();
    engine.destroy();
    expect(lastSource().stopped).toBe(true);
    expect(media.paused).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    media.emit('playing');
    engine.play();
    expect(engine.snapshot.state).toBe('playing'); // frozen at its last state: nothing reacts any more
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('AudioEngine: volume, quality and streams', () => {
  it('mute sets volume 0 and unmute restores the saved volume; the fade level multiplies it', () => {
    const { engine, media } = setup();
    expect(media.volume).toBe(1);
    engine.toggleMute();
    expect(engine.snapshot.muted).toBe(true);
    expect(media.volume).toBe(0);
    engine.setFadeLevel(0.5);
    expect(media.volume).toBe(0);
    engine.toggleMute();
    expect(media.volume).toBe(0.5);
    engine.setFadeLevel(1);
    expect(media.volume).toBe(1);
    engine.setFadeLevel(7);
    expect(media.volume).toBe(1);
    engine.setFadeLevel(Number.NaN);
    expect(media.volume).toBe(1);
  });

  it('changing quality reloads the stream at the new bitrate while listening, and only then', () => {
    const { engine, media, sources } = setup();
    engine.setQuality('high');
    expect(sources).toHaveLength(0);
    engine.play();
    media.sound();
    expect(sources[0]?.url).toContain(streams.high);
    engine.setQuality('standard');
    expect(sources).toHaveLength(2);
    expect(sources[0]?.stopped).toBe(true);
    expect(sources[1]?.url).toContain(streams.standard);
    expect(engine.snapshot.quality).toBe('standard');
  });

  it('a tap before the station is known waits for the stream URLs', () => {
    const { engine, sources } = setup({ streams: null });
    engine.play();
    expect(engine.snapshot).toMatchObject({ state: 'loading', error: PLAYER_MESSAGES.noStream });
    expect(sources).toHaveLength(0);
    engine.setStreams(streams);
    expect(sources).toHaveLength(1);
    expect(engine.snapshot.error).toBeNull();
  });

  it('notifies subscribers only on a real change', () => {
    const { engine } = setup();
    const listener = vi.fn();
    engine.subscribe(listener);
    engine.setMuted(false);
    expect(listener).not.toHaveBeenCalled();
    engine.setMuted(true);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('withCacheBuster', () => {
  it('adds a fresh query, keeping an existing one and a hash', () => {
    expect(withCacheBuster('http://x/live', 5)).toBe('http://x/live?t=5');
    expect(withCacheBuster('http://x/live?a=1', 5)).toBe('http://x/live?a=1&t=5');
    expect(withCacheBuster('/demo/live#x', 5)).toBe('/demo/live?t=5#x');
  });
});
