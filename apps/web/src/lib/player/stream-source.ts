import { ApiError } from '../api-client.ts';
import { airPlayCapable } from './platform.ts';

/**
 * How the live MP3 gets into the <audio> element. Two ways, one interface, so the engine's state
 * machine does not care which one runs:
 *  - MseStreamSource: fetch → MediaSource SourceBuffer('audio/mpeg'). Measured here against a real
 *    Icecast 2.4, sound starts ~0.2 s after the tap, against ~3 s (192 kbps) / ~5 s (320 kbps) for
 *    <audio src>, because Chromium's progressive loader waits for a large read-ahead before it
 *    starts while MSE plays as soon as the first frames are appended.
 *  - DirectStreamSource: plain <audio src>, for browsers without MSE MP3 support and for
 *    AirPlay-capable WebKit, iOS included (see chooseMediaSource).
 */
export interface StreamSourceEvents {
  /** The first bytes are in the element: a good moment to (re)call play(). */
  onFirstData: () => void;
  /**
   * The stream ended or failed; the engine decides when to try again. `useDirect` says the stream
   * host answers but refuses fetch() (no CORS headers): only <audio src> can play it.
   */
  onFailure: (reason: string, useDirect?: boolean) => void;
  /**
   * The server refused the stream and said why (a 4xx answer with JSON `{ error }`, as
   * /api/rewind gives for a moment outside the window, in the future or in a gap): no retry helps.
   */
  onRefused: (reason: string) => void;
}

export interface StreamSource {
  readonly kind: 'mse' | 'direct';
  /** The source reports the element's `error` itself (onFailure or onRefused), so the engine leaves it be. */
  readonly reportsMediaErrors?: boolean;
  start(url: string): void;
  /** Stops the download and empties the element; after this the source reports nothing more. */
  stop(): void;
}

export type StreamSourceFactory = (
  media: HTMLMediaElement,
  events: StreamSourceEvents,
  options: { direct: boolean },
) => StreamSource;

/** Played audio kept behind the playhead; older frames are removed so an 8-hour listen stays flat in memory. */
export const MSE_KEEP_BEHIND_SECONDS = 10;
/** Trim only once this much is behind the playhead, so remove() runs rarely. */
export const MSE_TRIM_THRESHOLD_SECONDS = 30;

const MP3_MIME = 'audio/mpeg';

type MediaSourceConstructor = {
  new (): MediaSource;
  isTypeSupported(type: string): boolean;
};

/** MediaSource, or ManagedMediaSource (iOS Safari 17.1+, where plain MediaSource is missing). */
export function findMediaSource(scope: object = globalThis): MediaSourceConstructor | null {
  const candidates = scope as {
    ManagedMediaSource?: MediaSourceConstructor;
    MediaSource?: MediaSourceConstructor;
  };
  for (const constructor of [candidates.ManagedMediaSource, candidates.MediaSource]) {
    if (
      constructor &&
      typeof constructor.isTypeSupported === 'function' &&
      constructor.isTypeSupported(MP3_MIME)
    ) {
      return constructor;
    }
  }
  return null;
}

/** MediaError.MEDIA_ERR_SRC_NOT_SUPPORTED: what an element reports for an answer it cannot play, a 4xx included. */
const MEDIA_ERR_SRC_NOT_SUPPORTED = 4;

/**
 * Plain <audio src>. It reports the element's failures itself: an element cannot read the body of
 * an answer it could not play, so when it says "not supported" the URL is asked once more with
 * fetch() to tell a refusal with the server's reason (a rewind outside the window) from a failure.
 */
export class DirectStreamSource implements StreamSource {
  readonly kind = 'direct';
  readonly reportsMediaErrors = true;
  readonly #media: HTMLMediaElement;
  readonly #events: StreamSourceEvents;
  readonly #fetch: typeof fetch;
  /** The URL playing, until stop(): a report about any other is old news. */
  #url: string | null = null;
  readonly #onData = () => {
    if (this.#url !== null) this.#events.onFirstData();
  };
  readonly #onError = () => {
    const url = this.#url;
    if (url === null) return;
    const failed = () => {
      if (this.#url === url) this.#events.onFailure('The stream could not be played');
    };
    if (this.#media.error?.code !== MEDIA_ERR_SRC_NOT_SUPPORTED) return failed();
    void refusalAt(url, this.#fetch).then((reason) => {
      if (reason === null) failed();
      else if (this.#url === url) this.#events.onRefused(reason);
    });
  };

  constructor(
    media: HTMLMediaElement,
    events: StreamSourceEvents,
    fetchImpl: typeof fetch = (...args) => fetch(...args),
  ) {
    this.#media = media;
    this.#events = events;
    this.#fetch = fetchImpl;
  }

  start(url: string): void {
    this.#url = url;
    this.#media.addEventListener('loadeddata', this.#onData, { once: true });
    this.#media.addEventListener('error', this.#onError);
    this.#media.src = url;
  }

  stop(): void {
    this.#url = null;
    this.#media.removeEventListener('loadeddata', this.#onData);
    this.#media.removeEventListener('error', this.#onError);
    // Removing src and calling load() is what really closes the HTTP connection of a live stream.
    this.#media.removeAttribute('src');
    this.#media.load();
  }
}

export class MseStreamSource implements StreamSource {
  readonly kind = 'mse';
  readonly #media: HTMLMediaElement;
  readonly #events: StreamSourceEvents;
  readonly #MediaSource: MediaSourceConstructor;
  readonly #fetch: typeof fetch;
  #controller: AbortController | null = null;
  #objectUrl: string | null = null;

  constructor(
    media: HTMLMediaElement,
    events: StreamSourceEvents,
    MediaSourceImpl: MediaSourceConstructor,
    fetchImpl: typeof fetch = (...args) => fetch(...args),
  ) {
    this.#media = media;
    this.#events = events;
    this.#MediaSource = MediaSourceImpl;
    this.#fetch = fetchImpl;
  }

  start(url: string): void {
    const controller = new AbortController();
    this.#controller = controller;
    const signal = controller.signal;
    // The request goes out now, in parallel with the MediaSource opening (which takes a few
    // frames): every millisecond here is a millisecond of silence after the tap.
    const response = this.#fetch(url, { signal, cache: 'no-store' });
    response.catch(() => undefined); // awaited (and reported) in #pump
    const mediaSource = new this.#MediaSource();
    const opened = new Promise<void>((resolve) =>
      mediaSource.addEventListener('sourceopen', () => resolve(), { once: true }),
    );
    this.#objectUrl = URL.createObjectURL(mediaSource);
    // ManagedMediaSource only plays when remote playback is off or an alternative URL source exists.
    if ('ManagedMediaSource' in globalThis) this.#media.disableRemotePlayback = true;
    this.#media.src = this.#objectUrl;
    this.#pump(mediaSource, opened, response, signal).catch(async (error: unknown) => {
      if (signal.aborted) return; // stopped on purpose: not a failure
      if (error instanceof StreamRefused) {
        this.#events.onRefused(error.message);
        return;
      }
      const reason = error instanceof Error ? error.message : String(error);
      const corsBlocked = error instanceof FetchFailed && (await this.#answersWithoutCors(url, signal));
      if (!signal.aborted) this.#events.onFailure(reason, corsBlocked);
    });
  }

  stop(): void {
    this.#controller?.abort();
    this.#controller = null;
    this.#media.removeAttribute('src');
    this.#media.load();
    if (this.#objectUrl) URL.revokeObjectURL(this.#objectUrl);
    this.#objectUrl = null;
  }

  /**
   * Reads the stream and appends it. Reading never waits for the SourceBuffer: whatever arrived
   * while an append ran goes in as one batch, so Icecast's burst (many small chunks) becomes one
   * or two appends and the element has enough to start at once.
   */
  async #pump(
    mediaSource: MediaSource,
    opened: Promise<void>,
    pending: Promise<Response>,
    signal: AbortSignal,
  ): Promise<void> {
    let response: Response;
    try {
      response = await pending;
    } catch (error) {
      if (signal.aborted) throw error;
      throw new FetchFailed(error instanceof Error ? error.message : String(error));
    }
    if (!response.ok || !response.body) {
      const refusal = await refusalOf(response);
      if (refusal !== null) throw new StreamRefused(refusal);
      throw new Error(`The stream answered HTTP ${response.status}`);
    }
    const reader = response.body.getReader();
    const queue: Uint8Array[] = [];
    let ended = false;
    let wake: () => void = () => undefined;
    const reading = (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          queue.push(value);
          wake();
        }
      } finally {
        ended = true;
        wake();
      }
    })();
    reading.catch(() => undefined); // a read error ends the stream like its end does

    try {
      await opened;
      const buffer = mediaSource.addSourceBuffer(MP3_MIME);
      let first = true;
      for (;;) {
        if (signal.aborted) return;
        if (queue.length === 0) {
          if (ended) throw new Error('The stream ended');
          await new Promise<void>((resolve) => (wake = resolve));
          continue;
        }
        await this.#append(buffer, concat(queue.splice(0)), signal);
        if (first) {
          first = false;
          this.#events.onFirstData();
        }
        await this.#trim(buffer, signal);
      }
    } finally {
      reader.cancel().catch(() => undefined);
    }
  }

  /**
   * fetch() fails alike for a dead network and for a host without CORS headers. An opaque
   * (no-cors) request tells them apart: it succeeds only when the host is reachable.
   */
  async #answersWithoutCors(url: string, signal: AbortSignal): Promise<boolean> {
    const probe = new AbortController();
    signal.addEventListener('abort', () => probe.abort(), { once: true });
    try {
      await this.#fetch(url, { mode: 'no-cors', cache: 'no-store', signal: probe.signal });
      return true;
    } catch {
      return false;
    } finally {
      probe.abort(); // a live stream never ends: the headers were all the probe needed
    }
  }

  async #append(buffer: SourceBuffer, bytes: Uint8Array<ArrayBuffer>, signal: AbortSignal): Promise<void> {
    try {
      await whenUpdated(buffer, () => buffer.appendBuffer(bytes), signal);
    } catch (error) {
      // A full buffer (the element paused by the system, say): drop played audio and try once more.
      if (!(error instanceof DOMException) || error.name !== 'QuotaExceededError') throw error;
      await this.#trim(buffer, signal, 0);
      await whenUpdated(buffer, () => buffer.appendBuffer(bytes), signal);
    }
  }

  async #trim(
    buffer: SourceBuffer,
    signal: AbortSignal,
    threshold = MSE_TRIM_THRESHOLD_SECONDS,
  ): Promise<void> {
    if (buffer.buffered.length === 0) return;
    const start = buffer.buffered.start(0);
    const keepFrom = this.#media.currentTime - MSE_KEEP_BEHIND_SECONDS;
    if (keepFrom - start <= threshold || keepFrom <= start) return;
    await whenUpdated(buffer, () => buffer.remove(start, keepFrom), signal);
  }
}

function concat(chunks: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

class FetchFailed extends Error {
  override readonly name = 'FetchFailed';
}

class StreamRefused extends Error {
  override readonly name = 'StreamRefused';
}

/**
 * Asks `url` once with fetch() and answers the server's reason if it refuses (see refusalOf), else
 * null (it plays, it fails for another reason, or fetch() cannot reach it): for players that only
 * see that a URL did not play (<audio src>, the apps' native player).
 */
export async function refusalAt(
  url: string,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): Promise<string | null> {
  const controller = new AbortController();
  try {
    const response = await fetchImpl(url, { cache: 'no-store', signal: controller.signal });
    return await refusalOf(response);
  } catch {
    return null;
  } finally {
    controller.abort(); // a stream that does play never ends: its headers were all this needed
  }
}

/** A refusal's longest reason shown; the server's are one sentence. */
const REFUSAL_MAX_CHARS = 200;

/**
 * The server's reason for a 4xx answer with a JSON `{ error }` body (the archive's refusals), told
 * by its `code` in the app's language (serverErrorText), or null for anything else (an Icecast 404
 * page, a 5xx, a body that is not ours): those are retried.
 */
async function refusalOf(response: Response): Promise<string | null> {
  const type = response.headers.get('content-type') ?? '';
  if (response.status < 400 || response.status >= 500 || !type.includes('application/json')) return null;
  try {
    const body: unknown = await response.json();
    const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : null;
    if (typeof error !== 'string' || error.trim() === '') return null;
    // Fetched on a refusal only: the codes' sentences stay off the first paint.
    const { serverErrorText } = await import('../i18n/server-error.ts');
    return serverErrorText(new ApiError(error.slice(0, REFUSAL_MAX_CHARS), response.status, body));
  } catch {
    return null;
  }
}

/** Runs one SourceBuffer operation and waits for its updateend (or error); an abort ends the wait. */
function whenUpdated(buffer: SourceBuffer, operation: () => void, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      buffer.removeEventListener('updateend', done);
      buffer.removeEventListener('error', failed);
      signal.removeEventListener('abort', done);
    };
    const done = () => {
      cleanup();
      resolve();
    };
    const failed = () => {
      cleanup();
      reject(new Error('The browser could not decode the stream'));
    };
    buffer.addEventListener('updateend', done);
    buffer.addEventListener('error', failed);
    signal.addEventListener('abort', done);
    try {
      operation();
    } catch (error) {
      cleanup();
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

/**
 * The MediaSource to play through, or null for <audio src>. AirPlay-capable WebKit (iOS, Safari on
 * macOS) gets the URL: AirPlay needs a URL to hand over, and on iOS a ManagedMediaSource stream shows
 * nothing on the lock screen and ignores Media Session metadata (icecast-metadata-js #185, #193),
 * while ManagedMediaSource itself only plays with remote playback disabled or an AirPlay alternative
 * source (w3c/media-source #320, hls.js #5542). A listener there needs the lock screen and AirPlay
 * more than the ~2 s MSE saves at start.
 */
export function chooseMediaSource(
  direct: boolean,
  scope: object = globalThis,
): MediaSourceConstructor | null {
  return direct || airPlayCapable(scope) ? null : findMediaSource(scope);
}

/** MSE where the browser can append MP3 to a SourceBuffer and has no AirPlay; <audio src> elsewhere. */
export const createStreamSource: StreamSourceFactory = (media, events, { direct }) => {
  const MediaSourceImpl = chooseMediaSource(direct);
  return MediaSourceImpl
    ? new MseStreamSource(media, events, MediaSourceImpl)
    : new DirectStreamSource(media, events);
};
