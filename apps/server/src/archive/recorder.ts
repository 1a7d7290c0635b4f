import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { Mp3FrameReader, frameOffsets, type StreamFrame } from '../stations/mp3-frames.ts';
import type { ArchiveRepo } from '../store/archive-repo.ts';
import type { ArchiveStorage, ChunkWriter } from './archive-storage.ts';
import type { RecentAudio, RecentChunk } from './recent-audio.ts';
import type { StreamSource } from './stream-source.ts';

/** A chunk is closed (complete in the index) once it holds this much audio. */
export const ARCHIVE_CHUNK_MS = 60_000;
/** How often the open chunk's growth reaches the index (what other instances can rewind into). */
export const ARCHIVE_FLUSH_MS = 2_000;
/** A connection silent this long is dropped and made again. */
export const ARCHIVE_STALL_MS = 10_000;
/** Reconnects wait 1 s, 2 s, 4 s … up to this. */
export const ARCHIVE_BACKOFF_MAX_MS = 30_000;
/** After a failed write (a full disk), recording is tried again this often. */
export const ARCHIVE_WRITE_RETRY_MS = 10_000;
/**
 * Frames arriving this much later than their place on the live edge, for a whole
 * `ARCHIVE_REANCHOR_WINDOW_MS`, mean the station itself paused (its source stalled): the live
 * edge moved on without audio, so the following audio is dated afresh rather than shifted back.
 */
export const ARCHIVE_REANCHOR_LATE_MS = 750;
export const ARCHIVE_REANCHOR_WINDOW_MS = 10_000;

export type RecorderState = 'stopped' | 'connecting' | 'recording' | 'reconnecting' | 'write-failed';

export interface RecorderStatus {
  state: RecorderState;
  /** Why the last attempt failed (a stream error, a full disk); null while all is well. */
  error: string | null;
  /** The live-edge time of the last frame written (epoch ms); null before any. */
  lastFrameAt: number | null;
}

export interface RecorderLogger {
  info: (details: object, message: string) => void;
  warn: (details: object, message: string) => void;
  error: (details: object, message: string) => void;
}

export interface RecorderOptions {
  source: StreamSource;
  storage: ArchiveStorage;
  repo: ArchiveRepo;
  /** The clock title sync uses: a frame's time is when the station sent it live, on this clock. */
  now: () => number;
  logger: RecorderLogger;
  chunkMs?: number;
  flushMs?: number;
  stallMs?: number;
  writeRetryMs?: number;
  /** Where the frames go too, once the storage holds them, for rewind streams on this instance. */
  recent?: RecentAudio | undefined;
}

/** A failed write to the archive storage (a full disk, a lost volume): not the stream's fault. */
class StorageWriteError extends Error {
  override name = 'StorageWriteError';
}

/**
 * One connection's audio: its frames are contiguous, so frame n was live at `anchor + offset(n)`.
 * The anchor is the latest time consistent with every arrival (a frame cannot arrive before it was
 * sent live): the connect burst, which arrives at once but was live over the seconds before, is
 * dated back by its length, and the first frames paced in real time pin the anchor within the
 * network delay.
 */
interface Run {
  anchor: number;
  durationMs: number;
  /** The smallest lateness (arrival minus live place) seen in the current window. */
  windowLateMs: number;
  windowStartedAt: number;
  /** Where the first frame kept from this run sits in it (ms), once one is kept. */
  keptFromMs: number | undefined;
}

interface OpenChunk {
  id: string;
  /** Where the chunk starts in its run (ms of audio before it). */
  runOffsetMs: number;
  frames: number;
  bytes: number;
  sampleRate: number;
  samplesPerFrame: number;
  bitrateKbps: number;
  writer: ChunkWriter;
  flushedAt: number;
  /** Its frames in memory (RecentAudio), when the recorder keeps them. */
  recent: RecentChunk | undefined;
}

const frameMsOf = (frame: StreamFrame) => (frame.header.samplesPerFrame / frame.header.sampleRateHz) * 1000;

/**
 * Records the station as a listener hears it: MP3 frames copied as received (never re-encoded)
 * into time-indexed chunks. Each frame is dated on the station's live edge; when the stream is
 * down nothing is written, so the gap stays a gap. Every complete frame received is on disk before
 * the next read, so a recorder killed mid-chunk loses at most the frame in flight (the next
 * recorder closes the chunk on its last whole frame: `recoverOpenChunks`).
 */
export class ArchiveRecorder {
  readonly #options: Required<Omit<RecorderOptions, 'recent'>> & Pick<RecorderOptions, 'recent'>;
  #running = false;
  #abort: AbortController | undefined;
  #loop: Promise<void> | undefined;
  #status: RecorderStatus = { state: 'stopped', error: null, lastFrameAt: null };
  #run: Run | undefined;
  #chunk: OpenChunk | undefined;
  #reader = new Mp3FrameReader();
  /** Where the archive already ends: a reconnect's burst reaches back before it and is not kept twice. */
  #notBefore = Number.NEGATIVE_INFINITY;
  /**
   * The last chunk begun in memory since start(): the next one follows it there, across a reconnect
   * too (while this recorder runs, no other records), so streams go on with no store lookup.
   */
  #lastRecent: RecentChunk | undefined;

  constructor(options: RecorderOptions) {
    this.#options = {
      chunkMs: ARCHIVE_CHUNK_MS,
      flushMs: ARCHIVE_FLUSH_MS,
      stallMs: ARCHIVE_STALL_MS,
      writeRetryMs: ARCHIVE_WRITE_RETRY_MS,
      ...options,
    };
  }

  get status(): RecorderStatus {
    return { ...this.#status };
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#loop = this.#connectLoop();
  }

  /** Stops recording; the open chunk is closed on its last whole frame. */
  async stop(): Promise<void> {
    this.#running = false;
    this.#abort?.abort();
    await this.#loop;
    this.#loop = undefined;
    // Another instance may record next: streams find what follows in the store.
    this.#lastRecent?.end();
    this.#lastRecent = undefined;
    this.#status = { ...this.#status, state: 'stopped' };
  }

  async #connectLoop(): Promise<void> {
    let attempt = 0;
    while (this.#running) {
      const abort = new AbortController();
      this.#abort = abort;
      let failure: unknown;
      try {
        this.#set('connecting', this.#status.error);
        this.#notBefore = (await this.#options.repo.latestChunk())?.endsAt ?? Number.NEGATIVE_INFINITY;
        await this.#listen(abort);
        failure = new Error('the stream ended');
      } catch (error) {
        failure = error;
      }
      try {
        await this.#endRun();
      } catch (error) {
        failure = failure instanceof StorageWriteError ? failure : new StorageWriteError(String(error));
      }
      if (!this.#running) return;
      const message = failure instanceof Error ? failure.message : String(failure);
      let waitMs: number;
      if (failure instanceof StorageWriteError) {
        this.#set('write-failed', message);
        this.#options.logger.error(
          { err: failure },
          'archive: recording stopped, the audio cannot be written; trying again',
        );
        waitMs = this.#options.writeRetryMs;
      } else {
        // A connection that delivered audio starts the backoff afresh.
        if (this.#status.state === 'recording') attempt = 0;
        waitMs = Math.min(1000 * 2 ** attempt, ARCHIVE_BACKOFF_MAX_MS);
        attempt += 1;
        this.#set('reconnecting', message);
        this.#options.logger.warn(
          { detail: message, retryInMs: waitMs },
          'archive: the stream is down; reconnecting (the gap stays a gap)',
        );
      }
      await delay(waitMs, undefined, { signal: abort.signal }).catch(() => undefined);
      if (abort.signal.aborted && this.#running) continue;
    }
  }

  async #listen(abort: AbortController): Promise<void> {
    let watchdog = setTimeout(() => abort.abort(new Error('no audio for a while')), this.#options.stallMs);
    try {
      for await (const bytes of this.#options.source(abort.signal)) {
        clearTimeout(watchdog);
        watchdog = setTimeout(() => abort.abort(new Error('no audio for a while')), this.#options.stallMs);
        await this.#receive(bytes, this.#options.now());
        if (!this.#running) return;
      }
    } catch (error) {
      if (abort.signal.aborted && abort.signal.reason instanceof Error) throw abort.signal.reason;
      throw error;
    } finally {
      clearTimeout(watchdog);
    }
  }

  async #receive(bytes: Buffer, arrivedAt: number): Promise<void> {
    const frames = this.#reader.push(bytes);
    if (frames.length === 0) return;
    let run = this.#run;
    if (!run) {
      run = {
        anchor: Number.POSITIVE_INFINITY,
        durationMs: 0,
        windowLateMs: Number.POSITIVE_INFINITY,
        windowStartedAt: arrivedAt,
        keptFromMs: undefined,
      };
      this.#run = run;
    }
    let offsetMs = run.durationMs;
    run.durationMs += frames.reduce((sum, frame) => sum + frameMsOf(frame), 0);
    const placed = arrivedAt - run.durationMs;
    // Once a frame is kept, a later arrival that dates the run earlier must not move what was kept
    // back over the archive's end (a burst that trickled in at first): the kept audio stays after it.
    const floor = run.keptFromMs === undefined ? Number.NEGATIVE_INFINITY : this.#notBefore - run.keptFromMs;
    run.anchor = Math.min(run.anchor, Math.max(placed, floor));
    await this.#reanchorIfLate(run, placed, arrivedAt);
    // Frames go to the chunk in batches: one write per chunk per arrival.
    let batch: Buffer[] = [];
    const writeBatch = async () => {
      const chunk = this.#chunk;
      if (!chunk || batch.length === 0) return;
      const written = batch;
      const joined = Buffer.concat(written);
      batch = [];
      try {
        await chunk.writer.append(joined);
      } catch (error) {
        throw new StorageWriteError(`the archive storage refused a write: ${(error as Error).message}`);
      }
      chunk.bytes += joined.length;
      // Only what the storage holds: memory never serves a frame the archive lacks.
      chunk.recent?.append(written);
    };
    let framesInBatch = 0;
    for (const frame of frames) {
      const frameMs = frameMsOf(frame);
      // A quick reconnect's burst holds audio already recorded (before the drop): not twice.
      if (run.anchor + offsetMs < this.#notBefore) {
        offsetMs += frameMs;
        continue;
      }
      run.keptFromMs ??= offsetMs;
      const chunk = this.#chunk;
      const fits =
        chunk &&
        chunk.sampleRate === frame.header.sampleRateHz &&
        chunk.samplesPerFrame === frame.header.samplesPerFrame &&
        offsetMs - chunk.runOffsetMs < this.#options.chunkMs;
      if (!fits) {
        await writeBatch();
        if (chunk) chunk.frames += framesInBatch;
        framesInBatch = 0;
        await this.#closeChunk();
        await this.#openChunk(run, offsetMs, frame);
      }
      batch.push(frame.bytes);
      framesInBatch += 1;
      offsetMs += frameMs;
    }
    await writeBatch();
    const chunk = this.#chunk;
    if (chunk) {
      chunk.frames += framesInBatch;
      this.#status = { state: 'recording', error: null, lastFrameAt: run.anchor + offsetMs };
      if (arrivedAt - chunk.flushedAt >= this.#options.flushMs) await this.#flush(chunk, true);
    }
  }

  /** See ARCHIVE_REANCHOR_LATE_MS: a station that paused is dated from where it resumed. */
  async #reanchorIfLate(run: Run, placed: number, arrivedAt: number): Promise<void> {
    run.windowLateMs = Math.min(run.windowLateMs, placed - run.anchor);
    if (arrivedAt - run.windowStartedAt < ARCHIVE_REANCHOR_WINDOW_MS) return;
    const late = run.windowLateMs;
    run.windowLateMs = Number.POSITIVE_INFINITY;
    run.windowStartedAt = arrivedAt;
    if (late <= ARCHIVE_REANCHOR_LATE_MS) return;
    // The chunk so far keeps its dates; the audio from here on starts a new chunk, later by `late`.
    await this.#closeChunk();
    run.anchor += late;
    this.#options.logger.info(
      { lateMs: Math.round(late) },
      'archive: the station paused; the pause is kept as a gap',
    );
  }

  async #openChunk(run: Run, runOffsetMs: number, frame: StreamFrame): Promise<void> {
    const startsAt = run.anchor + runOffsetMs;
    const id = `${String(Math.round(startsAt)).padStart(13, '0')}-${randomBytes(6).toString('hex').slice(0, 8)}`;
    let writer: ChunkWriter;
    try {
      writer = await this.#options.storage.create(id);
    } catch (error) {
      throw new StorageWriteError(`the archive storage refused a new chunk: ${(error as Error).message}`);
    }
    const chunk: OpenChunk = {
      id,
      runOffsetMs,
      frames: 0,
      bytes: 0,
      sampleRate: frame.header.sampleRateHz,
      samplesPerFrame: frame.header.samplesPerFrame,
      bitrateKbps: frame.header.bitrateKbps,
      writer,
      flushedAt: this.#options.now(),
      recent: undefined,
    };
    this.#chunk = chunk;
    const stored = {
      id,
      startsAt,
      endsAt: startsAt,
      frames: 0,
      bytes: 0,
      sampleRate: chunk.sampleRate,
      samplesPerFrame: chunk.samplesPerFrame,
      bitrateKbps: chunk.bitrateKbps,
      open: true,
    };
    await this.#options.repo.addChunk(stored);
    const { recent } = this.#options;
    if (recent) {
      // The bitrate's worth of a chunk, and a little for padding: a CBR chunk never grows its buffer.
      const expectedBytes = Math.ceil(((chunk.bitrateKbps * this.#options.chunkMs) / 8) * 1.01) + 8_192;
      chunk.recent = recent.begin(stored, expectedBytes, this.#lastRecent);
      this.#lastRecent = chunk.recent;
    }
  }

  async #flush(chunk: OpenChunk, open: boolean): Promise<void> {
    const run = this.#run;
    if (!run) return;
    chunk.flushedAt = this.#options.now();
    const startsAt = run.anchor + chunk.runOffsetMs;
    const endsAt = startsAt + (chunk.frames * chunk.samplesPerFrame * 1000) / chunk.sampleRate;
    await this.#options.repo.updateChunk(chunk.id, {
      startsAt,
      endsAt,
      frames: chunk.frames,
      bytes: chunk.bytes,
      open,
    });
  }

  async #closeChunk(): Promise<void> {
    const chunk = this.#chunk;
    if (!chunk) return;
    this.#chunk = undefined;
    chunk.recent?.close();
    // Bytes of a write that failed part-way are cut off; readers never go past `bytes` anyway.
    await chunk.writer.close().catch(() => undefined);
    const size = await this.#options.storage.size(chunk.id).catch(() => null);
    if (size !== null && size > chunk.bytes)
      await this.#options.storage.truncate(chunk.id, chunk.bytes).catch(() => undefined);
    if (chunk.frames === 0) {
      this.#options.recent?.forget(chunk.id);
      await this.#options.repo.deleteChunk(chunk.id);
      await this.#options.storage.remove(chunk.id).catch(() => undefined);
      return;
    }
    await this.#flush(chunk, false);
    try {
      await this.#options.storage.seal(chunk.id);
    } catch (error) {
      throw new StorageWriteError(
        `the archive storage refused a finished chunk: ${(error as Error).message}`,
      );
    }
  }

  async #endRun(): Promise<void> {
    try {
      await this.#closeChunk();
    } finally {
      this.#run = undefined;
      this.#reader = new Mp3FrameReader();
    }
  }

  #set(state: RecorderState, error: string | null): void {
    this.#status = { ...this.#status, state, error };
  }
}

/**
 * Closes the chunks a recorder left open when it died: each keeps its whole frames (a torn last
 * frame is cut off) and its index row is set to what the file holds. Run only by the instance that
 * holds the recorder lease, before it records.
 */
export async function recoverOpenChunks(repo: ArchiveRepo, storage: ArchiveStorage): Promise<number> {
  let recovered = 0;
  for (const chunk of await repo.openChunks()) {
    const size = await storage.size(chunk.id);
    if (size === null || size === 0) {
      await repo.deleteChunk(chunk.id);
      continue;
    }
    const reader = await storage.open(chunk.id);
    let bytes: Buffer;
    try {
      bytes = await reader.read(0, size);
    } finally {
      await reader.close();
    }
    const offsets = frameOffsets(bytes);
    const frames = offsets.length - 1;
    const whole = offsets.at(-1) ?? 0;
    if (frames === 0) {
      await repo.deleteChunk(chunk.id);
      await storage.remove(chunk.id);
      continue;
    }
    if (whole < size) await storage.truncate(chunk.id, whole);
    const endsAt = chunk.startsAt + (frames * chunk.samplesPerFrame * 1000) / chunk.sampleRate;
    await repo.updateChunk(chunk.id, { startsAt: chunk.startsAt, endsAt, frames, bytes: whole, open: false });
    await storage.seal(chunk.id);
    recovered += 1;
  }
  return recovered;
}
