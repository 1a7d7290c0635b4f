import type { ArchiveChunk } from '../store/archive-repo.ts';

/**
 * Chunks the recording instance keeps in memory: the one being recorded and the two before it, so
 * every rewind within the last two minutes or more is served with no storage read (at 320 kbps,
 * about 7 MB).
 */
export const RECENT_CHUNKS_KEPT = 3;

/**
 * One chunk as this instance's recorder wrote it: the bytes the storage holds, whole frames only,
 * with its frame table, growing while it is recorded. Bytes once written never change, so a view
 * of them stays valid however the chunk grows (a grown buffer is a copy; views keep the old one).
 */
export class RecentChunk {
  /** Entry i is where frame i starts; the last is the end of the last whole frame. */
  readonly offsets: number[] = [0];
  /** The chunk this recorder began next on the same connection, once begun. */
  next: RecentChunk | undefined;
  #buffer: Buffer;
  #open = true;
  #last = false;

  /** `chunk` as the recorder opened it (its id, its frame length and bitrate). */
  constructor(
    readonly chunk: ArchiveChunk,
    expectedBytes: number,
  ) {
    this.#buffer = Buffer.allocUnsafe(expectedBytes);
  }

  /** Still being recorded: more frames may come. */
  get open(): boolean {
    return this.#open;
  }

  /** Closed, and no chunk will follow it in memory (the connection ended): what follows is in the store. */
  get last(): boolean {
    return this.#last;
  }

  /** Bytes [start, end) of the frames recorded, offsets from the table: a view, not a copy. */
  bytes(start: number, end: number): Buffer {
    return this.#buffer.subarray(start, end);
  }

  /** Whole frames, in order, once the storage holds them. */
  append(frames: readonly Buffer[]): void {
    const end = this.offsets.at(-1) ?? 0;
    const size = frames.reduce((sum, frame) => sum + frame.length, 0);
    if (end + size > this.#buffer.length) {
      // More than the bitrate promised (VBR): a bigger buffer, the frames so far copied once.
      const grown = Buffer.allocUnsafe(Math.max(end + size, this.#buffer.length * 2));
      this.#buffer.copy(grown, 0, 0, end);
      this.#buffer = grown;
    }
    let offset = end;
    for (const frame of frames) {
      offset += frame.copy(this.#buffer, offset);
      this.offsets.push(offset);
    }
  }

  close(): void {
    this.#open = false;
  }

  /** Nothing will follow this chunk in memory. */
  end(): void {
    this.#open = false;
    this.#last = true;
  }
}

/**
 * The recent audio of the instance that records, in memory, as the recorder writes it: rewind
 * streams near the live edge are fed from it (one view of the same bytes for every listener, no
 * file read, no copy). Other instances have it empty and read the storage.
 */
export class RecentAudio {
  readonly #chunks = new Map<string, RecentChunk>();

  constructor(private readonly kept = RECENT_CHUNKS_KEPT) {}

  get(id: string): RecentChunk | undefined {
    return this.#chunks.get(id);
  }

  /**
   * A chunk the recorder has opened, expected to hold about `expectedBytes`; `after` is the chunk
   * it recorded just before on the same connection, which streams go on from into this one. The
   * oldest chunk past RECENT_CHUNKS_KEPT is let go (streams still in it keep their reference).
   */
  begin(chunk: ArchiveChunk, expectedBytes: number, after: RecentChunk | undefined): RecentChunk {
    const recent = new RecentChunk({ ...chunk, open: true }, expectedBytes);
    if (after) after.next = recent;
    this.#chunks.set(chunk.id, recent);
    for (const id of this.#chunks.keys()) {
      if (this.#chunks.size <= this.kept) break;
      this.#chunks.delete(id);
    }
    return recent;
  }

  /** A chunk the recorder deleted (it held no frame). */
  forget(id: string): void {
    this.#chunks.delete(id);
  }
}
