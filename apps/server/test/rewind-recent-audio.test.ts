import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ArchiveReader } from '../src/archive/archive-reader.ts';
import { DirectoryStorage } from '../src/archive/archive-storage.ts';
import { RecentAudio, RecentChunk } from '../src/archive/recent-audio.ts';
import { ArchiveRecorder } from '../src/archive/recorder.ts';
import {
  REWIND_BURST_BYTES,
  REWIND_MAX_QUEUED_BYTES,
  REWIND_TICK_MS,
  RewindPacer,
  RewindStream,
  type RewindSink,
} from '../src/archive/rewind-stream.ts';
import type { StreamSource } from '../src/archive/stream-source.ts';
import { REPO_ROOT } from '../src/config.ts';
import { frameOffsets, splitMp3Frames } from '../src/stations/mp3-frames.ts';
import { ArchiveRepo, type ArchiveChunk } from '../src/store/archive-repo.ts';
import { openDb, type Db } from '../src/store/db.ts';

const LOOP = splitMp3Frames(readFileSync(resolve(REPO_ROOT, 'apps/server/assets/demo-loop-192.mp3')));
const FRAME_MS = (LOOP.samplesPerFrame / LOOP.sampleRateHz) * 1000;
const BURST_MS = (REWIND_BURST_BYTES * 8) / LOOP.bitrateKbps;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A listener's connection that keeps every write, and when (which tick) it came. */
class RecordingSink implements RewindSink {
  readonly writes: Array<{ tick: number; bytes: Buffer }> = [];
  tick = 0;
  destroyed = false;
  /** A listener that never reads: everything written stays queued. */
  constructor(private readonly drains = true) {}
  write(chunk: Buffer): boolean {
    this.writes.push({ tick: this.tick, bytes: Buffer.from(chunk) });
    return true;
  }
  destroy(): void {
    this.destroyed = true;
  }
  get writableLength(): number {
    return this.drains ? 0 : this.writes.reduce((sum, write) => sum + write.bytes.length, 0);
  }
  get all(): Buffer {
    return Buffer.concat(this.writes.map((write) => write.bytes));
  }
  /** Bytes received up to and including tick `tick`. */
  through(tick: number): number {
    return this.writes
      .filter((write) => write.tick <= tick)
      .reduce((sum, write) => sum + write.bytes.length, 0);
  }
}

/** The frames of the demo loop from `from`, `count` of them (round the loop). */
const loopFrames = (from: number, count: number): Buffer[] =>
  Array.from(
    { length: count },
    (_, index) => LOOP.frames[(from + index) % LOOP.frames.length] ?? Buffer.alloc(0),
  );

/** Frames in `bytes`, which must be whole frames from the first byte. */
const framesIn = (bytes: Buffer): number => frameOffsets(bytes).length - 1;

/** A reader that fails on any use: a stream fed from memory must need neither the store nor the storage. */
const untouchable = new Proxy({} as ArchiveReader, {
  get: (_target, key) => {
    throw new Error(`the stream used the store or the storage (${String(key)})`);
  },
});

const chunkOf = (id: string, startsAt: number): ArchiveChunk => ({
  id,
  startsAt,
  endsAt: startsAt,
  frames: 0,
  bytes: 0,
  sampleRate: LOOP.sampleRateHz,
  samplesPerFrame: LOOP.samplesPerFrame,
  bitrateKbps: LOOP.bitrateKbps,
  open: true,
});

describe('the recent audio in memory, and rewind streams fed from it', () => {
  let now: number;
  let pacer: RewindPacer;
  let ticks: number;
  const sinks: RecordingSink[] = [];

  /** One tick of the shared pacer, `REWIND_TICK_MS` later. */
  async function tick(): Promise<void> {
    now += REWIND_TICK_MS;
    ticks += 1;
    for (const sink of sinks) sink.tick = ticks;
    await pacer.tick();
  }

  function play(stream: RewindStream, sink: RecordingSink): Promise<void> {
    sinks.push(sink);
    sink.tick = ticks;
    return pacer.play(stream);
  }

  beforeEach(() => {
    now = 1_000_000;
    ticks = 0;
    sinks.length = 0;
    // Never started: ticks come only from the test, on its own clock.
    pacer = new RewindPacer(() => now);
  });

  it('a chunk keeps views of what was written valid when it grows past what the bitrate promised', () => {
    const chunk = new RecentChunk(chunkOf('0000000001000-aaaaaa', 1000), 1_000);
    chunk.append(loopFrames(0, 2));
    const early = chunk.bytes(0, chunk.offsets[2] ?? 0);
    const copy = Buffer.from(early);
    chunk.append(loopFrames(2, 40));
    expect(early.equals(copy)).toBe(true);
    expect(chunk.bytes(0, chunk.offsets.at(-1) ?? 0).equals(Buffer.concat(loopFrames(0, 42)))).toBe(true);
    expect(chunk.offsets).toEqual(frameOffsets(Buffer.concat(loopFrames(0, 42))));
  });

  it('at the live edge follows the recording across chunks and a reconnect from memory alone, frame by frame as it comes', async () => {
    const recent = new RecentAudio();
    const first = recent.begin(chunkOf('0000000001000-aaaaaa', 1000), 100_000, undefined);
    first.append(loopFrames(0, 20));
    const sink = new RecordingSink();
    const stream = new RewindStream({ reader: untouchable, recent }, first.chunk, 15, sink);
    const ended = play(stream, sink);
    expect(sink.all.equals(Buffer.concat(loopFrames(15, 5)))).toBe(true);

    // Nothing newer: nothing sent, nothing asked of the store.
    await tick();
    expect(sink.writes).toHaveLength(1);
    first.append(loopFrames(20, 10));
    await tick();
    first.close();
    // Between two chunks the recorder is opening: the stream waits in memory.
    await tick();
    const second = recent.begin(chunkOf('0000000002000-bbbbbb', 2000), 100_000, first);
    second.append(loopFrames(100, 10));
    await tick();
    second.close();
    // A reconnect: the stream was down; what follows comes after the gap, nothing in between.
    await tick();
    await tick();
    const third = recent.begin(chunkOf('0000000009000-cccccc', 9000), 100_000, second);
    third.append(loopFrames(200, 3));
    await tick();

    const expected = Buffer.concat([...loopFrames(15, 15), ...loopFrames(100, 10), ...loopFrames(200, 3)]);
    expect(sink.destroyed).toBe(false);
    expect(sink.all.equals(expected)).toBe(true);
    // Each write went out the tick its frames were recorded, none before.
    expect(sink.writes.map((write) => [write.tick, framesIn(write.bytes)])).toEqual([
      [0, 5],
      [2, 10],
      [4, 10],
      [7, 3],
    ]);
    stream.close();
    await ended;
    expect(pacer.streams).toBe(0);
  });

  it('cuts off a listener that does not read once its queue passes REWIND_MAX_QUEUED_BYTES', async () => {
    const recent = new RecentAudio();
    const chunk = recent.begin(chunkOf('0000000001000-aaaaaa', 1000), 100_000, undefined);
    chunk.append(loopFrames(0, LOOP.frames.length * 3));
    const sink = new RecordingSink(false);
    const ended = play(new RewindStream({ reader: untouchable, recent }, chunk.chunk, 0, sink), sink);
    for (let round = 0; round < 400 && !sink.destroyed; round += 1) await tick();
    expect(sink.destroyed).toBe(true);
    await ended;
    // What it holds is bounded: the limit and one tick's audio.
    expect(sink.writableLength).toBeLessThanOrEqual(REWIND_MAX_QUEUED_BYTES + REWIND_BURST_BYTES);
  });

  describe('fed by the recorder', () => {
    let dir: string;
    let db: Db;
    let repo: ArchiveRepo;
    let storage: DirectoryStorage;

    beforeEach(async () => {
      dir = mkdtempSync(join(tmpdir(), 'onair-recent-'));
      db = await openDb({ dataDir: dir });
      repo = new ArchiveRepo(db);
      storage = new DirectoryStorage(join(dir, 'archive'));
    });
    afterEach(async () => {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    });

    /** Records `seconds` of the demo loop in 8 KB reads, on a clock the reads set; then stops. */
    async function record(seconds: number, recent: RecentAudio): Promise<ArchiveChunk[]> {
      const bytes = Buffer.concat(loopFrames(0, Math.ceil((seconds * 1000) / FRAME_MS)));
      const bytesPerMs = LOOP.bitrateKbps / 8;
      let clock = 5_000_000;
      let received!: () => void;
      const allReceived = new Promise<void>((resolveReceived) => (received = resolveReceived));
      const source: StreamSource = async function* read(signal) {
        for (let sent = 0; sent < bytes.length; sent += 8_192) {
          const read = bytes.subarray(sent, sent + 8_192);
          clock = 5_000_000 + (sent + read.length) / bytesPerMs;
          yield read;
        }
        // The reads before are all recorded once the recorder asks for the next.
        received();
        await new Promise((resolveAbort) => signal.addEventListener('abort', resolveAbort));
      };
      const recorder = new ArchiveRecorder({
        source,
        storage,
        repo,
        now: () => clock,
        logger: quiet,
        chunkMs: 1_000,
        recent,
      });
      recorder.start();
      await allReceived;
      await recorder.stop();
      return repo.chunksBetween(0, Number.MAX_SAFE_INTEGER);
    }

    it('keeps the bytes the storage holds, with their frame table, chunk after chunk', async () => {
      const recent = new RecentAudio(100);
      const chunks = await record(4.5, recent);
      expect(chunks.length).toBeGreaterThanOrEqual(4);
      let previous: RecentChunk | undefined;
      for (const chunk of chunks) {
        const file = readFileSync(storage.pathOf(chunk.id));
        const kept = recent.get(chunk.id);
        if (!kept) throw new Error(`chunk ${chunk.id} is not in memory`);
        expect(kept.open).toBe(false);
        expect(kept.offsets).toEqual(frameOffsets(file));
        expect(kept.bytes(0, kept.offsets.at(-1) ?? 0).equals(file)).toBe(true);
        if (previous) expect(previous.next).toBe(kept);
        previous = kept;
      }
      // The recorder stopped: what follows the last chunk is for the store to say.
      expect(previous?.last).toBe(true);
    });

    it('keeps only the last RECENT_CHUNKS_KEPT chunks', async () => {
      const recent = new RecentAudio(2);
      const chunks = await record(4.5, recent);
      expect(chunks.map((chunk) => recent.get(chunk.id) !== undefined)).toEqual(
        chunks.map((_, index) => index >= chunks.length - 2),
      );
    });

    it('a stream from memory and one from the files send the same bytes, whole frames, paced in real time', async () => {
      const recent = new RecentAudio(100);
      const chunks = await record(7, recent);
      const start = chunks[0];
      if (!start) throw new Error('nothing recorded');
      const startFrame = 7;
      const files = chunks.map((chunk) => readFileSync(storage.pathOf(chunk.id)));
      const expected = Buffer.concat(files).subarray(frameOffsets(files[0] ?? Buffer.alloc(0))[startFrame]);
      // Every place a write may end: the end of a whole frame.
      const boundaries = new Set(frameOffsets(expected));

      const reader = new ArchiveReader(repo, storage);
      const fromMemory = new RecordingSink();
      const fromFiles = new RecordingSink();
      const memoryStream = new RewindStream({ reader, recent }, start, startFrame, fromMemory);
      // Another instance's view: nothing in memory, the same archive in the store and storage.
      const fileStream = new RewindStream(
        { reader, recent: new RecentAudio() },
        start,
        startFrame,
        fromFiles,
      );
      const ended = [play(memoryStream, fromMemory), play(fileStream, fromFiles)];
      // The first tick's storage reads, then as many ticks as the audio lasts.
      await pacer.tick();
      const totalMs = framesIn(expected) * FRAME_MS;
      const lastTick = Math.ceil((totalMs - BURST_MS) / REWIND_TICK_MS) + 2;
      while (ticks < lastTick) await tick();

      for (const sink of [fromMemory, fromFiles]) {
        expect(sink.destroyed).toBe(false);
        expect(sink.all.equals(expected)).toBe(true);
        let end = 0;
        for (const write of sink.writes) {
          end += write.bytes.length;
          expect(boundaries.has(end)).toBe(true);
        }
        // By each tick, the burst and real time since, to the frame: never less, never ahead.
        for (let at = 0; at <= lastTick; at += 1) {
          const dueMs = Math.min(totalMs, BURST_MS + at * REWIND_TICK_MS);
          const sentMs = framesIn(expected.subarray(0, sink.through(at))) * FRAME_MS;
          expect(sentMs).toBeGreaterThanOrEqual(dueMs - 1e-6);
          expect(sentMs).toBeLessThan(dueMs + FRAME_MS);
        }
      }
      memoryStream.close();
      fileStream.close();
      await Promise.all(ended);
    });
  });
});
