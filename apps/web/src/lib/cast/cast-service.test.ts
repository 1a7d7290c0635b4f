import {
  CAST_AVAILABILITY_SHORT_TIMEOUT_MS,
  CAST_AVAILABILITY_TIMEOUT_MS,
  CAST_FALLBACK_RESET_MS,
  CAST_MEDIA_LOAD_TIMEOUT_MS,
  CAST_SCRIPT_LOAD_TIMEOUT_MS,
  CAST_SESSION_REQUEST_TIMEOUT_MS,
  CAST_SESSION_VALIDITY_MS,
  type CastSession,
} from '@onair/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAST_SENDER_URL, type CastGlobals } from './cast-api.ts';
import { CastService, type CastEvent, type CastMedia, type CastWindow } from './cast-service.ts';
import { installFakeCastFramework, type FakeCastControl } from './fake-cast-framework.ts';

const MEDIA: CastMedia = {
  url: 'https://radio.test/live',
  title: 'Éire Abú',
  artist: 'Seán Ó Briain',
  album: 'OnAir',
  artwork: 'https://radio.test/art.jpg',
};
const DEVICE = 'Living Room TV';

type ScriptOutcome = 'loads' | 'fails' | 'hangs' | 'no-api';

interface Setup {
  service: CastService;
  fake: () => FakeCastControl;
  events: CastEvent[];
  toasts: () => string[];
  saved: { value: CastSession | null };
  window: CastWindow & { loadScript: ReturnType<typeof vi.fn>; probeStream: ReturnType<typeof vi.fn> };
}

/** A CastService on a fake page: the sender script `script`s, the framework is the fake one. */
function setup(
  options: {
    script?: ScriptOutcome;
    saved?: CastSession | null;
    castState?: FakeCastControl['castState'];
    requestAnswer?: string;
    loadAnswer?: string;
  } = {},
): Setup {
  const page: Record<string, unknown> = {};
  let apiAvailable: ((available: boolean) => void) | null = null;
  const install = () => {
    const control = installFakeCastFramework({ device: DEVICE }, page);
    control.castState = options.castState ?? 'NOT_CONNECTED';
    control.requestAnswer = options.requestAnswer ?? 'accept';
    control.loadAnswer = options.loadAnswer ?? 'accept';
  };
  const window = {
    loadScript: vi.fn(async (src: string) => {
      expect(src).toBe(CAST_SENDER_URL);
      const outcome = options.script ?? 'loads';
      if (outcome === 'fails') throw new Error('net::ERR_NAME_NOT_RESOLVED');
      if (outcome === 'hangs') return new Promise<void>(() => undefined);
      if (outcome === 'loads') install();
      apiAvailable?.(outcome === 'loads');
    }),
    onApiAvailable: (callback: (available: boolean) => void) => {
      apiAvailable = callback;
    },
    globals: () => ('cast' in page ? (page as unknown as CastGlobals) : null),
    probeStream: vi.fn(),
  };
  const saved = { value: options.saved ?? null };
  const service = new CastService(
    window,
    {
      now: () => Date.now(),
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    },
    { read: () => saved.value, write: (session) => (saved.value = session) },
  );
  const events: CastEvent[] = [];
  service.on((event) => events.push(event));
  return {
    service,
    fake: () => page['__fakeCast'] as FakeCastControl,
    events,
    toasts: () => events.flatMap((event) => (event.type === 'toast' ? [event.text] : [])),
    saved,
    window,
  };
}

/** Lets promise callbacks run without moving the fake clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);

async function connected(options: Parameters<typeof setup>[0] = {}): Promise<Setup> {
  const cast = setup(options);
  await cast.service.toggle(MEDIA);
  expect(cast.service.snapshot.state).toBe('connected');
  return cast;
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-23T12:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('CastService states', () => {
  it('starts unavailable and loads nothing until asked', () => {
    const cast = setup();
    expect(cast.service.snapshot).toMatchObject({
      state: 'unavailable',
      device: null,
      error: null,
      fallback: false,
    });
    expect(cast.window.loadScript).not.toHaveBeenCalled();
  });

  it('goes connecting → connected: the Default Media Receiver gets the plain stream URL, live, with the metadata', async () => {
    const cast = setup();
    const states: string[] = [];
    cast.service.subscribe(() => states.push(cast.service.snapshot.state));
    const done = cast.service.toggle(MEDIA);
    expect(cast.service.snapshot.state).toBe('connecting');
    expect(cast.toasts()).toEqual(['Searching for Cast devices...']);
    // Spec §5: the HEAD goes out but nothing waits for it.
    expect(cast.window.probeStream).toHaveBeenCalledWith(MEDIA.url);
    await done;
    expect(states).toEqual(['connecting', 'connected']);
    expect(cast.service.snapshot).toMatchObject({
      state: 'connected',
      device: DEVICE,
      paused: false,
      muted: false,
    });
    expect(cast.fake().options).toEqual([
      { receiverApplicationId: 'CC1AD845', autoJoinPolicy: 'origin_scoped' },
    ]);
    expect(cast.fake().loads).toEqual([
      {
        contentId: MEDIA.url,
        contentType: 'audio/mpeg',
        streamType: 'LIVE',
        autoplay: true,
        title: MEDIA.title,
        artist: MEDIA.artist,
        albumName: MEDIA.album,
        images: [MEDIA.artwork],
      },
    ]);
    expect(cast.events).toContainEqual({ type: 'connected', device: DEVICE });
    expect(cast.toasts()).toEqual(['Searching for Cast devices...', `Connected to ${DEVICE}!`]);
    expect(cast.saved.value).toEqual({ receiverName: DEVICE, isConnected: true, timestamp: Date.now() });
  });

  it('is available once the framework sees receivers, unavailable when it sees none', async () => {
    const cast = await connected();
    await cast.service.disconnect();
    expect(cast.service.snapshot.state).toBe('available');
    cast.fake().setCastState('NO_DEVICES_AVAILABLE');
    expect(cast.service.snapshot.state).toBe('unavailable');
    cast.fake().setCastState('NOT_CONNECTED');
    expect(cast.service.snapshot.state).toBe('available');
  });

  it('uses a framework already on the page without adding the script again', async () => {
    const cast = setup();
    installFakeCastFramework({ device: DEVICE }, {}); // another page: no effect
    await cast.service.toggle(MEDIA);
    await cast.service.disconnect();
    await cast.service.toggle(MEDIA);
    expect(cast.window.loadScript).toHaveBeenCalledTimes(1);
    expect(cast.service.snapshot.state).toBe('connected');
  });
});

describe('CastService on the receiver', () => {
  it('sends play/pause and mute to the receiver and follows what it reports', async () => {
    const cast = await connected();
    cast.service.pause();
    expect(cast.fake().playOrPauseCalls).toBe(1);
    expect(cast.service.snapshot.paused).toBe(true);
    cast.service.pause(); // already paused: nothing to toggle
    expect(cast.fake().playOrPauseCalls).toBe(1);
    cast.service.play();
    expect(cast.service.snapshot.paused).toBe(false);
    cast.service.toggleMute();
    expect(cast.service.snapshot.muted).toBe(true);
    cast.fake().receiverSets({ isPaused: true });
    expect(cast.service.snapshot.paused).toBe(true);
  });

  it('tells the receiver a new track or quality, once per change', async () => {
    const cast = await connected();
    await cast.service.setMedia(MEDIA);
    expect(cast.fake().loads).toHaveLength(1);
    await cast.service.setMedia({ ...MEDIA, title: 'Next', url: 'https://radio.test/live-hq' });
    expect(cast.fake().loads.map((load) => [load.contentId, load.title])).toEqual([
      [MEDIA.url, MEDIA.title],
      ['https://radio.test/live-hq', 'Next'],
    ]);
  });
});

describe('CastService disconnects', () => {
  it('by us: ends the session, toasts, forgets the saved session', async () => {
    const cast = await connected();
    await cast.service.toggle(MEDIA);
    expect(cast.fake().endCalls).toEqual([true]);
    expect(cast.service.snapshot).toMatchObject({ state: 'available', device: null });
    expect(cast.events.slice(-2)).toEqual([
      { type: 'disconnected' },
      { type: 'toast', text: 'Disconnected from Cast device' },
    ]);
    expect(cast.saved.value).toBeNull();
  });

  it('by the receiver or another sender: the same toast, control back', async () => {
    const cast = await connected();
    cast.fake().receiverEnds();
    expect(cast.service.snapshot.state).toBe('available');
    expect(cast.toasts().at(-1)).toBe('Disconnected from Cast device');
    expect(cast.events).toContainEqual({ type: 'disconnected' });
  });

  it('says so when the framework refuses to end the session', async () => {
    const cast = await connected();
    cast.fake().endThrows = true;
    await cast.service.disconnect();
    expect(cast.toasts().at(-1)).toBe('Failed to disconnect from Cast device');
    expect(cast.service.snapshot.state).toBe('connected');
  });
});

describe('CastService failures → spec §8 messages', () => {
  const codes: Array<[string, string]> = [
    ['cancel', 'Cast device selection cancelled'],
    ['timeout', 'Audio stream loading timed out'],
    ['api_not_initialized', 'Cast feature is not ready'],
    ['invalid_parameter', 'Invalid Cast configuration'],
    ['extension_not_compatible', 'Cast extension is not available'],
    ['extension_missing', 'Cast extension is not available'],
    ['receiver_unavailable', 'Cast device is currently unavailable'],
    ['session_error', 'Cast session error occurred'],
    ['channel_error', 'Network connection issue'],
    ['load_media_failed', 'Failed to load audio stream'],
    ['something_new', 'Cast operation failed'],
  ];

  it.each(codes)('session request rejected with %s → %s', async (code, message) => {
    const cast = setup({ requestAnswer: code });
    await cast.service.toggle(MEDIA);
    expect(cast.service.snapshot.error?.text).toBe(message);
    expect(cast.service.snapshot.fallback).toBe(true);
    expect(cast.service.snapshot.state).toBe('available');
  });

  it('media load rejected with load_media_failed → its message; the session is ended quietly', async () => {
    const cast = setup({ loadAnswer: 'load_media_failed' });
    await cast.service.toggle(MEDIA);
    expect(cast.service.snapshot).toMatchObject({
      state: 'available',
      error: { text: 'Failed to load audio stream' },
    });
    expect(cast.toasts()).toEqual(['Searching for Cast devices...']);
    expect(cast.events.at(-1)).toEqual({ type: 'disconnected' });
  });

  it('a script that cannot be fetched → Cast extension is not available; the next tap tries again', async () => {
    const cast = setup({ script: 'fails' });
    await cast.service.toggle(MEDIA);
    expect(cast.service.snapshot.error?.text).toBe('Cast extension is not available');
    expect(cast.service.snapshot.state).toBe('unavailable');
    await cast.service.toggle(MEDIA);
    expect(cast.window.loadScript).toHaveBeenCalledTimes(2);
  });

  it('a script whose API is unavailable (not Chrome) → Cast extension is not available', async () => {
    const cast = setup({ script: 'no-api' });
    await cast.service.toggle(MEDIA);
    expect(cast.service.snapshot.error?.text).toBe('Cast extension is not available');
  });

  it.each([
    ['cancel', CAST_FALLBACK_RESET_MS.short],
    ['channel_error', CAST_FALLBACK_RESET_MS.medium],
    ['invalid_parameter', CAST_FALLBACK_RESET_MS.long],
  ])('the fallback flag of %s resets after %i ms', async (code, resetMs) => {
    const cast = setup({ requestAnswer: code });
    await cast.service.toggle(MEDIA);
    expect(cast.service.snapshot.fallback).toBe(true);
    await vi.advanceTimersByTimeAsync(resetMs - 1);
    expect(cast.service.snapshot.fallback).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(cast.service.snapshot).toMatchObject({ fallback: false, error: null });
  });
});

describe('CastService timeouts (spec §9) on a fake clock', () => {
  it('script load: 15 s, then Cast extension is not available', async () => {
    const cast = setup({ script: 'hangs' });
    void cast.service.toggle(MEDIA);
    await vi.advanceTimersByTimeAsync(CAST_SCRIPT_LOAD_TIMEOUT_MS - 1);
    expect(cast.service.snapshot.state).toBe('connecting');
    await vi.advanceTimersByTimeAsync(1);
    expect(cast.service.snapshot).toMatchObject({
      state: 'unavailable',
      error: { text: 'Cast extension is not available' },
    });
  });

  it('availability: 10 s without a receiver → No Cast devices found, with the retry hint', async () => {
    const cast = setup({ castState: 'NO_DEVICES_AVAILABLE' });
    void cast.service.toggle(MEDIA);
    await vi.advanceTimersByTimeAsync(CAST_AVAILABILITY_TIMEOUT_MS - 1);
    expect(cast.service.snapshot.state).toBe('connecting');
    await vi.advanceTimersByTimeAsync(1);
    expect(cast.service.snapshot.error).toEqual({
      key: 'noDevices',
      text: 'No Cast devices found on your network',
      hint: 'Make sure your Cast device is on the same Wi-Fi network, then try again.',
    });
  });

  it('availability: a receiver showing up within the 10 s lets the request go on', async () => {
    const cast = setup({ castState: 'NO_DEVICES_AVAILABLE' });
    const done = cast.service.toggle(MEDIA);
    await vi.advanceTimersByTimeAsync(5_000);
    cast.fake().setCastState('NOT_CONNECTED');
    await done;
    expect(cast.service.snapshot.state).toBe('connected');
  });

  it('session request: 30 s without an answer → Cast device is currently unavailable', async () => {
    const cast = setup({ requestAnswer: 'hang' });
    void cast.service.toggle(MEDIA);
    await vi.advanceTimersByTimeAsync(CAST_SESSION_REQUEST_TIMEOUT_MS - 1);
    expect(cast.service.snapshot.state).toBe('connecting');
    await vi.advanceTimersByTimeAsync(1);
    expect(cast.service.snapshot.error?.text).toBe('Cast device is currently unavailable');
  });

  it('media load: 15 s without an answer → Audio stream loading timed out, session ended', async () => {
    const cast = setup({ loadAnswer: 'hang' });
    void cast.service.toggle(MEDIA);
    await vi.advanceTimersByTimeAsync(CAST_MEDIA_LOAD_TIMEOUT_MS - 1);
    expect(cast.service.snapshot.state).toBe('connected');
    await vi.advanceTimersByTimeAsync(1);
    expect(cast.service.snapshot).toMatchObject({
      state: 'available',
      error: { text: 'Audio stream loading timed out' },
    });
  });
});

describe('CastService rejoins a saved session (30 min)', () => {
  const savedAt = (ageMs: number): CastSession => ({
    receiverName: DEVICE,
    isConnected: true,
    timestamp: Date.now() - ageMs,
  });

  it('rejoins one saved 30 min ago when the framework auto-joins', async () => {
    const cast = setup({ saved: savedAt(CAST_SESSION_VALIDITY_MS) });
    const done = cast.service.resume();
    await settle();
    cast.fake().rejoin();
    await done;
    expect(cast.service.snapshot).toMatchObject({ state: 'connected', device: DEVICE });
    expect(cast.events).toContainEqual({ type: 'connected', device: DEVICE });
  });

  it('forgets one older than 30 min without loading the framework', async () => {
    const cast = setup({ saved: savedAt(CAST_SESSION_VALIDITY_MS + 1) });
    await cast.service.resume();
    expect(cast.window.loadScript).not.toHaveBeenCalled();
    expect(cast.saved.value).toBeNull();
    expect(cast.service.snapshot.state).toBe('unavailable');
  });

  it('forgets a fresh one the receiver does not rejoin within 8 s, silently', async () => {
    const cast = setup({ saved: savedAt(60_000) });
    const done = cast.service.resume();
    await vi.advanceTimersByTimeAsync(CAST_AVAILABILITY_SHORT_TIMEOUT_MS - 1);
    expect(cast.saved.value).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(cast.saved.value).toBeNull();
    expect(cast.service.snapshot).toMatchObject({ state: 'available', error: null });
    expect(cast.toasts()).toEqual([]);
  });
});
