import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DirectStreamSource,
  findMediaSource,
  MSE_KEEP_BEHIND_SECONDS,
  MseStreamSource,
  type StreamSourceEvents,
} from './stream-source.ts';

class FakeSourceBuffer extends EventTarget {
  appended: number[][] = [];
  removed: Array<[number, number]> = [];
  /** The one buffered range, or none. */
  range: [number, number] | null = null;
  get buffered(): Pick<TimeRanges, 'length' | 'start' | 'end'> {
    const range = this.range;
    return { length: range ? 1 : 0, start: () => range?.[0] ?? 0, end: () => range?.[1] ?? 0 };
  }
  appendBuffer(bytes: Uint8Array): void {
    this.appended.push([...bytes]);
    setTimeout(() => this.dispatchEvent(new Event('updateend')), 0);
  }
  remove(start: number, end: number): void {
    this.removed.push([start, end]);
    setTimeout(() => this.dispatchEvent(new Event('updateend')), 0);
  }
}

class FakeMediaSource extends EventTarget {
  static last: FakeMediaSource | null = null;
  static isTypeSupported = (type: string) => type === 'audio/mpeg';
  buffer = new FakeSourceBuffer();
  constructor() {
    super();
    FakeMediaSource.last = this;
  }
  addSourceBuffer(type: string): FakeSourceBuffer {
    expect(type).toBe('audio/mpeg');
    return this.buffer;
  }
  open(): void {
    this.dispatchEvent(new Event('sourceopen'));
  }
}

/** A live stream the test feeds chunk by chunk. */
function liveStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'audio/mpeg' } }),
    push: (...bytes: number[]) => controller.enqueue(new Uint8Array(bytes)),
    end: () => controller.close(),
  };
}

function setup(fetchImpl: typeof fetch) {
  const media = document.createElement('audio');
  const events: StreamSourceEvents = { onFirstData: vi.fn(), onFailure: vi.fn(), onRefused: vi.fn() };
  const source = new MseStreamSource(
    media,
    events,
    FakeMediaSource as unknown as typeof MediaSource,
    fetchImpl,
  );
  return { media, events, source };
}

/**
 * Lets the source's pending work run: a few zero-delay turns, each queued behind the fake buffer's
 * own zero-delay updateend. A 5 ms wait raced those timers and lost on a busy machine.
 */
const settle = async () => {
  for (let turn = 0; turn < 10; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};

describe('MseStreamSource', () => {
  // jsdom has no object URLs and no media loading; the source only needs them to exist.
  const { createObjectURL, revokeObjectURL } = URL;
  beforeEach(() => {
    URL.createObjectURL = () => 'blob:stream';
    URL.revokeObjectURL = () => undefined;
    vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
  });
  afterEach(() => {
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
    FakeMediaSource.last = null;
  });

  it('requests the stream at once, before the MediaSource opens, and appends what arrived as one batch', async () => {
    const stream = liveStream();
    const fetchImpl = vi.fn(async () => stream.response);
    const { media, events, source } = setup(fetchImpl);
    source.start('http://radio.test/live?t=1');
    expect(fetchImpl).toHaveBeenCalledWith(
      'http://radio.test/live?t=1',
      expect.objectContaining({ cache: 'no-store' }),
    );
    expect(media.getAttribute('src')).toBe('blob:stream');
    stream.push(1, 2);
    stream.push(3);
    await settle();
    FakeMediaSource.last?.open();
    await settle();
    expect(FakeMediaSource.last?.buffer.appended).toEqual([[1, 2, 3]]);
    expect(events.onFirstData).toHaveBeenCalledTimes(1);
    stream.push(4);
    await settle();
    expect(FakeMediaSource.last?.buffer.appended).toEqual([[1, 2, 3], [4]]);
    expect(events.onFirstData).toHaveBeenCalledTimes(1);
    source.stop();
  });

  it('removes played audio older than the keep window, so a long listen stays flat in memory', async () => {
    const stream = liveStream();
    const { media, source } = setup(async () => stream.response);
    source.start('http://radio.test/live');
    FakeMediaSource.last?.open();
    const buffer = FakeMediaSource.last?.buffer;
    if (!buffer) throw new Error('no buffer');
    buffer.range = [0, 100];
    Object.defineProperty(media, 'currentTime', { value: 20, configurable: true });
    stream.push(1);
    await settle();
    expect(buffer.removed).toEqual([]); // only 10 s behind the keep window: not worth a remove()
    Object.defineProperty(media, 'currentTime', { value: 95, configurable: true });
    stream.push(2);
    await settle();
    expect(buffer.removed).toEqual([[0, 95 - MSE_KEEP_BEHIND_SECONDS]]);
    source.stop();
  });

  it('reports a refused stream (4xx with JSON { error, code }) by its code, not as a failure to retry', async () => {
    const refusal = Response.json(
      { error: 'No audio was archived at that instant (API wording).', code: 'rewind_gap' },
      { status: 404 },
    );
    const { events, source } = setup(async () => refusal);
    source.start('http://radio.test/api/rewind?at=1&quality=standard');
    FakeMediaSource.last?.open();
    // The code's sentence is the app's own, in its language (its module is fetched on a refusal only).
    await vi.waitFor(() =>
      expect(events.onRefused).toHaveBeenCalledWith(
        'Nothing was recorded at that moment: the stream was down.',
      ),
    );
    expect(events.onFailure).not.toHaveBeenCalled();
  });

  it.each([
    [
      'an Icecast 404 page',
      new Response('<html>Not found</html>', { status: 404, headers: { 'content-type': 'text/html' } }),
    ],
    ['a 503 with a reason', Response.json({ error: 'Busy' }, { status: 503 })],
    ['a 404 whose JSON names no error', Response.json({ message: 'gone' }, { status: 404 })],
  ])('retries %s as a failure', async (_name, answer) => {
    const { events, source } = setup(async () => answer);
    source.start('http://radio.test/live');
    FakeMediaSource.last?.open();
    await settle();
    expect(events.onFailure).toHaveBeenCalledOnce();
    expect(events.onRefused).not.toHaveBeenCalled();
  });

  it('reports the end of the stream as a failure, and nothing after stop()', async () => {
    const stream = liveStream();
    const { events, source } = setup(async () => stream.response);
    source.start('http://radio.test/live');
    FakeMediaSource.last?.open();
    stream.push(1);
    stream.end();
    await settle();
    expect(events.onFailure).toHaveBeenCalledWith('The stream ended', false);

    const second = setup(async () => liveStream().response);
    second.source.start('http://radio.test/live');
    second.source.stop();
    await settle();
    expect(second.events.onFailure).not.toHaveBeenCalled();
  });

  it('reports an HTTP error, and tells a host without CORS from a dead network', async () => {
    const notFound = setup(async () => new Response('', { status: 404 }));
    notFound.source.start('http://radio.test/live');
    await settle();
    expect(notFound.events.onFailure).toHaveBeenCalledWith('The stream answered HTTP 404', false);

    // fetch() fails, but an opaque no-cors request gets through: the host lacks CORS headers.
    const noCors = setup(async (_url, init) => {
      if (init?.mode === 'no-cors') return new Response(null, { status: 200 });
      throw new TypeError('Failed to fetch');
    });
    noCors.source.start('http://radio.test/live');
    await settle();
    expect(noCors.events.onFailure).toHaveBeenCalledWith('Failed to fetch', true);

    const offline = setup(async () => Promise.reject(new TypeError('Failed to fetch')));
    offline.source.start('http://radio.test/live');
    await settle();
    expect(offline.events.onFailure).toHaveBeenCalledWith('Failed to fetch', false);
  });
});

describe('DirectStreamSource (<audio src>)', () => {
  /** The element failing as Chromium does: code 4 for an answer it cannot play (a 4xx included), 2 for a network error. */
  const fail = (media: HTMLAudioElement, code: number) => {
    Object.defineProperty(media, 'error', { value: { code }, configurable: true });
    media.dispatchEvent(new Event('error'));
  };
  const direct = (fetchImpl: typeof fetch) => {
    const media = document.createElement('audio');
    vi.spyOn(media, 'load').mockReturnValue(undefined);
    const events: StreamSourceEvents = { onFirstData: vi.fn(), onFailure: vi.fn(), onRefused: vi.fn() };
    return { media, events, source: new DirectStreamSource(media, events, fetchImpl) };
  };
  const rewind = 'http://radio.test/api/rewind?at=1';

  it("asks the URL again when the element cannot play it, and reports the server's refusal with its reason", async () => {
    const fetchImpl = vi.fn(async () =>
      Response.json(
        { error: 'That moment has not been broadcast yet.', code: 'rewind_future' },
        { status: 416 },
      ),
    );
    const { media, events, source } = direct(fetchImpl);
    source.start(rewind);
    fail(media, 4);
    await settle();
    expect(fetchImpl).toHaveBeenCalledWith(rewind, expect.objectContaining({ cache: 'no-store' }));
    expect(events.onRefused).toHaveBeenCalledWith('That moment has not been broadcast yet.');
    expect(events.onFailure).not.toHaveBeenCalled();
  });

  it('reports a failure to retry when the URL plays after all, is not ours, or cannot be reached', async () => {
    for (const answer of [
      async () => new Response('', { status: 200, headers: { 'content-type': 'audio/mpeg' } }),
      async () => new Response('<h1>404</h1>', { status: 404, headers: { 'content-type': 'text/html' } }),
      () => Promise.reject(new TypeError('Failed to fetch')),
    ]) {
      const { media, events, source } = direct(vi.fn(answer));
      source.start(rewind);
      fail(media, 4);
      await settle();
      expect(events.onFailure).toHaveBeenCalledWith('The stream could not be played');
      expect(events.onRefused).not.toHaveBeenCalled();
    }
  });

  it('a network error is a failure at once, with no second request; a stopped source reports nothing', async () => {
    const fetchImpl = vi.fn<typeof fetch>();
    const { media, events, source } = direct(fetchImpl);
    source.start(rewind);
    fail(media, 2);
    expect(events.onFailure).toHaveBeenCalledTimes(1);
    source.stop();
    fail(media, 4);
    fail(media, 2);
    await settle();
    expect(events.onFailure).toHaveBeenCalledTimes(1);
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});

describe('findMediaSource', () => {
  it('prefers ManagedMediaSource (iOS Safari 17.1+), then MediaSource, when they take MP3', () => {
    const yes = { isTypeSupported: () => true };
    const no = { isTypeSupported: () => false };
    expect(findMediaSource({ ManagedMediaSource: yes, MediaSource: no })).toBe(yes);
    expect(findMediaSource({ MediaSource: yes })).toBe(yes);
    expect(findMediaSource({ MediaSource: no })).toBeNull();
    expect(findMediaSource({})).toBeNull();
  });
});
