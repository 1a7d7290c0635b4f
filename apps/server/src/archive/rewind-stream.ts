import { setTimeout as delay } from 'node:timers/promises';
import type { ArchiveChunk } from '../store/archive-repo.ts';
import { frameMsOf, type ArchiveReader } from './archive-reader.ts';
import type { ChunkReader } from './archive-storage.ts';

/** Like Icecast's burst-size: what a rewind listener gets at once, so playback starts at once. */
export const REWIND_BURST_BYTES = 65_536;
/** How often a rewind stream is topped up to real time. */
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

/**
 * One listener's stream from an instant in the archive: a burst, then frames paced in real time,
 * on through the chunks that follow (a gap is skipped: the stream goes on with the audio recorded
 * next) and up to the live edge, where it keeps pace with the recorder.
 */
export class RewindStream {
  #closed = false;
  #file: { id: string; reader: ChunkReader } | undefined;

  constructor(
    private readonly reader: ArchiveReader,
    private chunk: ArchiveChunk,
    private frame: number,
    private readonly sink: RewindSink,
    private readonly now: () => number = Date.now,
  ) {}

  /** Ends the stream (the listener left); `hangUp` also drops the connection (server shutdown). */
  close({ hangUp = false }: { hangUp?: boolean } = {}): void {
    this.#closed = true;
    if (hangUp) this.sink.destroy();
  }

  /** Streams until the listener leaves or `close()`; never rejects (a read failure ends the stream). */
  async run(): Promise<void> {
    try {
      await this.#pump();
    } catch {
      this.sink.destroy();
    } finally {
      await this.#file?.reader.close().catch(() => undefined);
      this.#file = undefined;
    }
  }

  async #pump(): Promise<void> {
    // Its first frame known is enough to start: the table grows when the stream reaches its end.
    let table = await this.reader.offsets(this.chunk, this.frame + 1);
    const startedAt = this.now();
    const burstMs = (REWIND_BURST_BYTES * 8) / this.chunk.bitrateKbps;
    let sentMs = 0;
    while (!this.#closed && !this.sink.destroyed) {
      const dueMs = burstMs + (this.now() - startedAt);
      while (sentMs < dueMs && !this.#closed && !this.sink.destroyed) {
        if (this.frame >= table.length - 1) {
          const next = await this.#advance(table);
          if (!next) break;
          table = next;
          continue;
        }
        const frameMs = frameMsOf(this.chunk);
        const count = Math.min(
          table.length - 1 - this.frame,
          Math.max(1, Math.ceil((dueMs - sentMs) / frameMs)),
        );
        const start = table[this.frame] ?? 0;
        const end = table[this.frame + count] ?? start;
        const bytes = await this.#read(start, end);
        if (this.sink.writableLength > REWIND_MAX_QUEUED_BYTES) {
          this.sink.destroy();
          return;
        }
        this.sink.write(bytes);
        sentMs += count * frameMs;
        this.frame += count;
      }
      await delay(REWIND_TICK_MS);
    }
  }

  /**
   * More frames: the open chunk grown, else the next chunk; null while there is nothing newer yet.
   * Every stream at the live edge asks this each tick: the reader shares one answer among them.
   */
  async #advance(table: number[]): Promise<number[] | null> {
    if (this.chunk.open) {
      const current = await this.reader.current(this.chunk);
      this.chunk = current.chunk;
      if (current.table.length > table.length) return current.table;
      if (current.chunk.open) return null;
    }
    const next = await this.reader.repo.chunkAfter(this.chunk);
    if (!next) return null;
    this.chunk = next;
    this.frame = 0;
    return this.reader.offsets(next);
  }

  async #read(start: number, end: number): Promise<Buffer> {
    if (this.#file?.id !== this.chunk.id) {
      await this.#file?.reader.close();
      this.#file = { id: this.chunk.id, reader: await this.reader.storage.open(this.chunk.id) };
    }
    return this.#file.reader.read(start, end - start);
  }
}
