import type { Mp3Frames } from './mp3-frames.ts';

/** What a mount needs of a listener's connection (an http.ServerResponse fits). */
export interface ListenerSink {
  /** `flushed` runs once the chunk has left the process (with an error if it never will). */
  write(chunk: Buffer, flushed?: (error?: Error | null) => void): boolean;
  destroy(): void;
  readonly writableLength: number;
}

export interface PacedMountOptions {
  /** Like Icecast's burst-size: what a new listener gets at once, so playback can start immediately. */
  burstBytes?: number;
  tickMs?: number;
  /** A listener this far behind is cut off rather than buffered without bound (Icecast's queue-size). */
  maxQueuedBytes?: number;
  now?: () => number;
}

interface Listener {
  sink: ListenerSink;
  nextFrame: number;
  /** Whether audio has reached the connection yet: only then does it count as a listener. */
  heard: boolean;
  /** False for the server's own recorder: it is no listener of the station. */
  counted: boolean;
}

/**
 * One looping MP3 mount paced at its real bitrate. Every listener hears the same moment of one
 * shared clock, as on a real station: a short burst first, then real time.
 */
export class PacedMount {
  readonly #frames: Mp3Frames;
  readonly #framesPerSecond: number;
  readonly #burstFrames: number;
  readonly #tickMs: number;
  readonly #maxQueuedBytes: number;
  readonly #now: () => number;
  readonly #epochMs: number;
  readonly #listeners = new Set<Listener>();
  #heardCount = 0;
  #timer: NodeJS.Timeout | undefined;

  constructor(frames: Mp3Frames, options: PacedMountOptions = {}) {
    this.#frames = frames;
    this.#framesPerSecond = frames.sampleRateHz / frames.samplesPerFrame;
    const frameBytes = frames.frames[0]?.length ?? 1;
    this.#burstFrames = Math.max(1, Math.round((options.burstBytes ?? 65_536) / frameBytes));
    this.#tickMs = options.tickMs ?? 100;
    this.#maxQueuedBytes = options.maxQueuedBytes ?? 1_048_576;
    this.#now = options.now ?? Date.now;
    this.#epochMs = this.#now();
  }

  get bitrateKbps(): number {
    return this.#frames.bitrateKbps;
  }

  /** The looped audio, frame by frame (the demo station's generated past day is cut from it). */
  get frames(): Mp3Frames {
    return this.#frames;
  }

  /** Connections that have received audio: not ones still waiting for their first chunk. */
  get listenerCount(): number {
    return this.#heardCount;
  }

  /**
   * Starts sending to `sink`; call the returned function when the connection closes. `counted:
   * false` (the archive recorder) is left out of the listener count.
   */
  attach(sink: ListenerSink, { counted = true }: { counted?: boolean } = {}): () => void {
    const current = this.#currentFrame();
    const listener: Listener = { sink, nextFrame: current - this.#burstFrames, heard: false, counted };
    this.#listeners.add(listener);
    // The clock only ticks while someone listens; the position is derived from time, not from ticks.
    this.#timer ??= setInterval(() => this.#tick(), this.#tickMs);
    this.#send(listener, current);
    return () => this.#detach(listener);
  }

  /** Stops every listener (server shutdown). */
  close(): void {
    for (const listener of [...this.#listeners]) {
      listener.sink.destroy();
      this.#detach(listener);
    }
  }

  #detach(listener: Listener): void {
    if (!this.#listeners.delete(listener)) return;
    if (listener.heard) this.#heardCount -= 1;
    if (this.#listeners.size === 0 && this.#timer) {
      clearInterval(this.#timer);
      this.#timer = undefined;
    }
  }

  #currentFrame(): number {
    return Math.floor(((this.#now() - this.#epochMs) / 1000) * this.#framesPerSecond);
  }

  #tick(): void {
    const current = this.#currentFrame();
    for (const listener of this.#listeners) this.#send(listener, current);
  }

  #send(listener: Listener, upTo: number): void {
    if (upTo <= listener.nextFrame) return;
    if (listener.sink.writableLength > this.#maxQueuedBytes) {
      listener.sink.destroy();
      this.#detach(listener);
      return;
    }
    const { frames } = this.#frames;
    const chunk: Buffer[] = [];
    for (let index = listener.nextFrame; index < upTo; index += 1) {
      const frame = frames[((index % frames.length) + frames.length) % frames.length];
      if (frame) chunk.push(frame);
    }
    listener.nextFrame = upTo;
    listener.sink.write(Buffer.concat(chunk), (error) => {
      if (error || listener.heard || !listener.counted || !this.#listeners.has(listener)) return;
      listener.heard = true;
      this.#heardCount += 1;
    });
  }
}
