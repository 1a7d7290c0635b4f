import { frameOffsets } from '../stations/mp3-frames.ts';
import type { ArchiveChunk, ArchiveRepo } from '../store/archive-repo.ts';
import type { ArchiveStorage } from './archive-storage.ts';

/** How many closed chunks' frame tables are kept in memory (a table is ~9 KB a minute of audio). */
const OFFSET_TABLES_KEPT = 256;
/** Open chunks' tables kept (one is being recorded; a few more after restarts or a takeover). */
const OPEN_TABLES_KEPT = 4;
/**
 * How long what the store and the storage say of a chunk being written holds for every rewind
 * stream at its end: half a rewind tick, so hundreds of streams near live cost one index query and
 * one read of the new frames each time, not one each.
 */
export const CURRENT_CHUNK_MS = 100;

/** A chunk as the store has it now, and its frame table as far as it is written. */
export interface CurrentChunk {
  chunk: ArchiveChunk;
  table: number[];
}

/** Puts `table` last in the LRU `tables` (dropping the least recently used past `kept`); answers it. */
function remember(tables: Map<string, number[]>, id: string, table: number[], kept: number): number[] {
  tables.delete(id);
  tables.set(id, table);
  if (tables.size > kept) {
    const oldest = tables.keys().next().value;
    if (oldest !== undefined) tables.delete(oldest);
  }
  return table;
}

/** Part of one chunk: bytes [start, end) are whole frames, the first live at `startsAt`. */
export interface Segment {
  chunk: ArchiveChunk;
  start: number;
  end: number;
  startsAt: number;
  durationMs: number;
}

export const frameMsOf = (chunk: Pick<ArchiveChunk, 'samplesPerFrame' | 'sampleRate'>): number =>
  (chunk.samplesPerFrame * 1000) / chunk.sampleRate;

/**
 * Reads the recorded audio by time. A chunk's frames are found by reading its frame headers once
 * (frame sizes vary with padding and VBR); closed chunks' tables are cached, an open chunk is read
 * as far as it is written.
 */
export class ArchiveReader {
  readonly #tables = new Map<string, number[]>();
  /** Tables of chunks being written, grown as they grow: a rewind near live reads only the new frames. */
  readonly #openTables = new Map<string, number[]>();
  /** current()'s answers, each shared for CURRENT_CHUNK_MS from when it was asked. */
  readonly #current = new Map<string, { askedAt: number; answer: Promise<CurrentChunk> }>();

  constructor(
    readonly repo: ArchiveRepo,
    readonly storage: ArchiveStorage,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * `chunk` as the store has it now (closed meanwhile, or gone: then closed as it was) with its
   * frames as far as written. Every caller within CURRENT_CHUNK_MS shares one lookup.
   */
  current(chunk: ArchiveChunk): Promise<CurrentChunk> {
    const now = this.now();
    const known = this.#current.get(chunk.id);
    if (known && now - known.askedAt < CURRENT_CHUNK_MS) return known.answer;
    const answer = (async () => {
      const stored = (await this.repo.chunk(chunk.id)) ?? { ...chunk, open: false };
      return { chunk: stored, table: await this.offsets(stored) };
    })();
    this.#current.delete(chunk.id);
    this.#current.set(chunk.id, { askedAt: now, answer });
    if (this.#current.size > OPEN_TABLES_KEPT) {
      const oldest = this.#current.keys().next().value;
      if (oldest !== undefined) this.#current.delete(oldest);
    }
    // A failed lookup is not shared: the next caller asks again.
    answer.catch(() => {
      if (this.#current.get(chunk.id)?.answer === answer) this.#current.delete(chunk.id);
    });
    return answer;
  }

  /**
   * Byte offsets of the chunk's whole frames: entry i is where frame i starts, the last is the end.
   * Of a chunk being written, as far as it is written; or, with `needed`, possibly only as far as
   * another caller has already read, when that holds the first `needed` frames (a rewind starts
   * without looking at the file, and grows the table when it gets to its end).
   */
  async offsets(chunk: ArchiveChunk, needed = Number.POSITIVE_INFINITY): Promise<number[]> {
    if (chunk.open) {
      const known = this.#openTables.get(chunk.id) ?? [0];
      const grown = known.length - 1 >= needed ? known : await this.extendOffsets(chunk, known);
      return remember(this.#openTables, chunk.id, grown, OPEN_TABLES_KEPT);
    }
    this.#openTables.delete(chunk.id);
    const cached = this.#tables.get(chunk.id);
    if (cached) return remember(this.#tables, chunk.id, cached, OFFSET_TABLES_KEPT);
    const size = chunk.bytes;
    const reader = await this.storage.open(chunk.id);
    let bytes: Buffer;
    try {
      bytes = await reader.read(0, size);
    } finally {
      await reader.close();
    }
    return remember(this.#tables, chunk.id, frameOffsets(bytes), OFFSET_TABLES_KEPT);
  }

  /** `table` grown by the frames written to an open chunk since it was read. */
  async extendOffsets(chunk: ArchiveChunk, table: number[]): Promise<number[]> {
    const end = table.at(-1) ?? 0;
    const size = (await this.storage.size(chunk.id)) ?? 0;
    if (size <= end) return table;
    const reader = await this.storage.open(chunk.id);
    let tail: Buffer;
    try {
      tail = await reader.read(end, size - end);
    } finally {
      await reader.close();
    }
    const more = frameOffsets(tail).slice(1);
    return more.length === 0 ? table : [...table, ...more.map((offset) => end + offset)];
  }

  /** The recorded audio overlapping [fromMs, toMs), whole frames, in time order; gaps are left out. */
  async segments(fromMs: number, toMs: number): Promise<Segment[]> {
    const segments: Segment[] = [];
    for (const chunk of await this.repo.chunksBetween(fromMs, toMs)) {
      const frameMs = frameMsOf(chunk);
      if (!chunk.open && chunk.startsAt >= fromMs && chunk.endsAt <= toMs) {
        // Wholly inside: the index has its size, no need to read its frames.
        if (chunk.frames > 0)
          segments.push({
            chunk,
            start: 0,
            end: chunk.bytes,
            startsAt: chunk.startsAt,
            durationMs: chunk.frames * frameMs,
          });
        continue;
      }
      const table = await this.offsets(chunk);
      const frames = table.length - 1;
      if (frames <= 0) continue;
      const first = Math.min(frames, Math.max(0, Math.floor((fromMs - chunk.startsAt) / frameMs)));
      const last = Math.min(frames, Math.max(0, Math.ceil((toMs - chunk.startsAt) / frameMs)));
      if (last <= first) continue;
      segments.push({
        chunk,
        start: table[first] ?? 0,
        end: table[last] ?? 0,
        startsAt: chunk.startsAt + first * frameMs,
        durationMs: (last - first) * frameMs,
      });
    }
    return segments;
  }

  /** Reads [start, end) of a chunk in pieces of at most `pieceBytes`. */
  async *bytes(chunkId: string, start: number, end: number, pieceBytes = 65_536): AsyncGenerator<Buffer> {
    const reader = await this.storage.open(chunkId);
    try {
      for (let position = start; position < end;) {
        const piece = await reader.read(position, Math.min(pieceBytes, end - position));
        if (piece.length === 0) throw new Error(`chunk ${chunkId} is shorter than its index says`);
        position += piece.length;
        yield piece;
      }
    } finally {
      await reader.close();
    }
  }
}
