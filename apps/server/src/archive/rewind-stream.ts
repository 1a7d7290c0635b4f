import type { ArchiveChunk } from '../store/archive-repo.ts';
import { frameMsOf, type ArchiveReader } from './archive-reader.ts';
import type { ChunkReader } from './archive-storage.ts';
import type { RecentAudio, RecentChunk } from './recent-audio.ts';

/** Like Icecast's burst-size: what a rewind listener gets at once, so playback starts at once. */
export const REWIND_BURST_BYTES = 65_536;
/** How often the rewind streams are topped up to real time (all of them on the same tick). */
export const REWIND_TICK_MS = 200;
/** A listener this far behind is cut off rather than buffered without bound (Icecast's queue-size). */
export const REWIND_MAX_QUEUED_BYTES = 1_048_576;

/** What a rewind stream needs of the listener's connection (an http.ServerResponse fits). */
export interface RewindSink {
  write(chunk: Buffer): boolean;
  destroy(): void;
  readonly writableLength: number;
  readonly destroyed: boolean;
}

/** Where a rewind stream reads the recording: the store and storage, and this instance's recent audio in memory. */
export interface RewindSources {
  reader: ArchiveReader;
  recent: RecentAudio;
}

/**
 * One listener's stream from an instant in the archive: a burst, then frames paced in real time,
 * on through the chunks that follow (a gap is skipped: the stream goes on with the audio recorded
 * next) and up to the live edge, where it keeps pace with the recorder. A chunk this instance is
 * recording, or recorded lately, is read from memory (no file read, no copy, no promise: a view
 * of the bytes written straight to the socket); others from the storage.
 * A RewindPacer drives it.
 */
export class RewindStream {
  #closed = false;
  #finished = false;
  /** The chunk in memory, when it is there. */
  #recent: RecentChunk | undefined;
  /** Of a chunk read from the storage: its frame table as far as known (undefined until looked at). */
  #table: number[] | undefined;
  #file: { id: string; reader: ChunkReader } | undefined;
  /** Storage work in flight: the stream waits for it rather than starting more. */
  #busy: Promise<void> | undefined;
  #startedAt: number | undefined;
  #sentMs = 0;
  readonly #burstMs: number;
  readonly #ended: Promise<void>;
  #resolveEnded: () => void = () => undefined;

  constructor(
    private readonly sources: RewindSources,
    private chunk: ArchiveChunk,
    private frame: number,
    private readonly sink: RewindSink,
  ) {
    this.#burstMs = (REWIND_BURST_BYTES * 8) / chunk.bitrateKbps;
    this.#recent = sources.recent.get(chunk.id);
    this.#ended = new Promise((resolve) => (this.#resolveEnded = resolve));
  }

  /** Resolves once the stream has ended (the listener left, `close()`, or a read failed). */
  get ended(): Promise<void> {
    return this.#ended;
  }

  /** Ends the stream (the listener left); `hangUp` also drops the connection (server shutdown). */
  close({ hangUp = false }: { hangUp?: boolean } = {}): void {
    this.#closed = true;
    if (hangUp) this.sink.destroy();
    // Storage work in flight ends it when it is done.
    if (!this.#busy) this.#finish();
  }

  /**
   * Tops the stream up to real time at `now` (its first tick sends the burst). Answers a promise
   * when that needs the storage, which the stream finishes before it takes another tick.
   */
  tick(now: number): Promise<void> | undefined {
    if (this.#finished) return undefined;
    if (this.#busy) return this.#busy;
    this.#startedAt ??= now;
    let work: Promise<void> | undefined;
    try {
      work = this.#fill(this.#burstMs + (now - this.#startedAt));
    } catch {
      this.#fail();
      return undefined;
    }
    if (!work) return undefined;
    const busy = work.then(
      () => {
        this.#busy = undefined;
        if (this.#closed) this.#finish();
      },
      () => {
        this.#busy = undefined;
        this.#fail();
      },
    );
    this.#busy = busy;
    return busy;
  }

  /**
   * Sends frames until `dueMs` of audio are sent or no more is recorded yet. Synchronous while the
   * audio is in memory; answers a promise as soon as it needs the store or the storage.
   */
  #fill(dueMs: number): Promise<void> | undefined {
    while (this.#sentMs < dueMs) {
      if (this.#closed || this.sink.destroyed) {
        this.#finish();
        return undefined;
      }
      const recent = this.#recent;
      const table = recent?.offsets ?? this.#table;
      if (!table) {
        // Its first frame known is enough to start: the table grows when the stream reaches its end.
        return this.sources.reader.offsets(this.chunk, this.frame + 1).then((offsets) => {
          this.#table = offsets;
          return this.#fill(dueMs);
        });
      }
      if (this.frame >= table.length - 1) {
        if (recent?.next) {
          this.#enter(recent.next.chunk, recent.next);
          continue;
        }
        // Still being recorded, or the recorder is between two chunks: nothing newer yet.
        if (recent && !recent.last) return undefined;
        return this.#advance(table).then((moved) => (moved ? this.#fill(dueMs) : undefined));
      }
      const frameMs = frameMsOf(this.chunk);
      const count = Math.min(
        table.length - 1 - this.frame,
        Math.max(1, Math.ceil((dueMs - this.#sentMs) / frameMs)),
      );
      const start = table[this.frame] ?? 0;
      const end = table[this.frame + count] ?? start;
      if (recent) {
        this.#send(recent.bytes(start, end), count, frameMs);
        continue;
      }
      return this.#read(start, end).then((bytes) => {
        this.#send(bytes, count, frameMs);
        return this.#fill(dueMs);
      });
    }
    return undefined;
  }

  #send(bytes: Buffer, frames: number, frameMs: number): void {
    if (this.sink.destroyed) return;
    if (this.sink.writableLength > REWIND_MAX_QUEUED_BYTES) {
      this.sink.destroy();
      return;
    }
    this.sink.write(bytes);
    this.#sentMs += frames * frameMs;
    this.frame += frames;
  }

  /** On to the start of `chunk` (the one after), from memory when it is there. */
  #enter(chunk: ArchiveChunk, recent = this.sources.recent.get(chunk.id)): void {
    this.chunk = chunk;
    this.frame = 0;
    this.#recent = recent;
    this.#table = undefined;
  }

  /**
   * More frames from the store: the open chunk grown, else the next chunk; false while there is
   * nothing newer yet. Every stream at the live edge asks this each tick: the reader shares one
   * answer among them.
   */
  async #advance(table: number[]): Promise<boolean> {
    const { reader } = this.sources;
    if (this.#recent) {
      // Its last frame in memory: what follows was recorded by another instance, or not yet.
      this.chunk = (await reader.repo.chunk(this.chunk.id)) ?? { ...this.chunk, open: false };
    } else if (this.chunk.open) {
      const current = await reader.current(this.chunk);
      this.chunk = current.chunk;
      if (current.table.length > table.length) {
        this.#table = current.table;
        return true;
      }
      if (current.chunk.open) return false;
    }
    const next = await reader.repo.chunkAfter(this.chunk);
    if (!next) return false;
    this.#enter(next);
    return true;
  }

  async #read(start: number, end: number): Promise<Buffer> {
    if (this.#file?.id !== this.chunk.id) {
      await this.#file?.reader.close();
      this.#file = { id: this.chunk.id, reader: await this.sources.reader.storage.open(this.chunk.id) };
    }
    return this.#file.reader.read(start, end - start);
  }

  #fail(): void {
    this.sink.destroy();
    this.#finish();
  }

  #finish(): void {
    if (this.#finished) return;
    this.#finished = true;
    const file = this.#file;
    this.#file = undefined;
    void (file?.reader.close() ?? Promise.resolve()).catch(() => undefined).then(() => this.#resolveEnded());
  }
}

/**
 * Paces every rewind stream of the instance on one timer (not one each): each tick tops every
 * stream up to real time, the ones fed from memory at once, in the order they started.
 */
export class RewindPacer {
  readonly #streams = new Set<RewindStream>();
  #timer: NodeJS.Timeout | undefined;
  #running = false;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly tickMs = REWIND_TICK_MS,
  ) {}

  /** Ticks on a timer while there are streams (until `stop()`); without, only when `tick()` is called. */
  start(): void {
    this.#running = true;
    if (this.#streams.size > 0) this.#timer ??= setInterval(() => void this.tick(), this.tickMs);
  }

  stop(): void {
    this.#running = false;
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  get streams(): number {
    return this.#streams.size;
  }

  /** Paces `stream`, its burst sent now; resolves when it has ended. */
  async play(stream: RewindStream): Promise<void> {
    this.#streams.add(stream);
    if (this.#running) this.#timer ??= setInterval(() => void this.tick(), this.tickMs);
    void stream.tick(this.now());
    try {
      await stream.ended;
    } finally {
      this.#streams.delete(stream);
      if (this.#streams.size === 0) {
        clearInterval(this.#timer);
        this.#timer = undefined;
      }
    }
  }

  /** Tops every stream up to now; resolves once the storage reads this took are done. */
  async tick(): Promise<void> {
    const now = this.now();
    const pending: Promise<void>[] = [];
    for (const stream of this.#streams) {
      const work = stream.tick(now);
      if (work) pending.push(work);
    }
    await Promise.all(pending);
  }
}
