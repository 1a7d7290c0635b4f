import * as fs from 'node:fs/promises';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DirectoryStorage, type ArchiveFs } from '../src/archive/archive-storage.ts';
import { ArchiveService } from '../src/archive/archive-service.ts';
import { ArchiveRecorder, recoverOpenChunks } from '../src/archive/recorder.ts';
import { httpStreamSource, type StreamSource } from '../src/archive/stream-source.ts';
import { REPO_ROOT, loadConfig } from '../src/config.ts';
import { splitMp3Frames } from '../src/stations/mp3-frames.ts';
import { ArchiveRepo } from '../src/store/archive-repo.ts';
import { STORE_KINDS, type TestStore } from './stores.ts';

const LOOP = splitMp3Frames(readFileSync(resolve(REPO_ROOT, 'apps/server/assets/demo-loop-192.mp3')));
const FRAME_MS = (LOOP.samplesPerFrame / LOOP.sampleRateHz) * 1000;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A station that sends `seconds` of the demo loop in real time (10 frames a read), then drops. */
function pacedSource(seconds: number[], sent: Buffer[]): StreamSource {
  let connection = 0;
  return async function* read(signal) {
    const lengthS = seconds[connection] ?? 0;
    connection += 1;
    if (lengthS === 0) throw new Error('connection refused');
    const frames = Math.round((lengthS * 1000) / FRAME_MS);
    const startedAt = Date.now();
    for (let index = 0; index < frames && !signal.aborted; index += 10) {
      const batch = Buffer.concat(
        LOOP.frames.slice(index % LOOP.frames.length, (index % LOOP.frames.length) + 10),
      );
      sent.push(batch);
      yield batch;
      await delay(Math.max(0, startedAt + (index + 10) * FRAME_MS - Date.now()));
    }
    throw new Error('the source dropped');
  };
}

const dayAgo = (days: number) => Date.now() - days * 86_400_000;

describe.each(STORE_KINDS)('the archive recorder ($kind)', ({ open }) => {
  let store: TestStore;
  let dir: string;
  let repo: ArchiveRepo;
  beforeEach(async () => {
    store = await open();
    dir = mkdtempSync(join(tmpdir(), 'onair-archive-'));
    repo = new ArchiveRepo(store.db);
  });
  afterEach(async () => {
    await store.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Records `source` into the directory storage for `ms`, then gives the chunks it kept. */
  async function recordFor(source: StreamSource, ms: number) {
    const recorder = new ArchiveRecorder({
      source,
      storage: new DirectoryStorage(dir),
      repo,
      now: Date.now,
      logger: quiet,
    });
    recorder.start();
    await delay(ms);
    await recorder.stop();
    return await repo.chunksBetween(0, Date.now() + 60_000);
  }

  it('keeps a dropped stream as a gap, never padded, and loses no frame it received', async () => {
    const sent: Buffer[] = [];
    const storage = new DirectoryStorage(dir);
    const recorder = new ArchiveRecorder({
      source: pacedSource([1.5, 0, 1.5], sent),
      storage,
      repo,
      now: Date.now,
      logger: quiet,
      chunkMs: 1_000,
    });
    recorder.start();
    // 1.5 s, a refused connect (1 s, then 2 s of backoff), 1.5 s.
    await delay(7_000);
    await recorder.stop();
    const chunks = await repo.chunksBetween(0, Date.now() + 60_000);
    expect(chunks.every((chunk) => !chunk.open)).toBe(true);
    // All that was received is on disk, byte for byte, in order.
    const recorded = Buffer.concat(
      await Promise.all(
        chunks.map(
          async (chunk) =>
            await fs.readFile(
              join(
                dir,
                new Date(Number(chunk.id.slice(0, 13))).toISOString().slice(0, 10),
                `${chunk.id}.mp3`,
              ),
            ),
        ),
      ),
    );
    expect(recorded.equals(Buffer.concat(sent))).toBe(true);
    expect(chunks.reduce((sum, chunk) => sum + chunk.bytes, 0)).toBe(recorded.length);
    // The gap is the time the station was unreachable (1 s + 2 s of backoff), not squeezed out.
    const gaps = chunks.slice(1).map((chunk, index) => chunk.startsAt - (chunks[index]?.endsAt ?? 0));
    const largest = Math.max(...gaps);
    expect(largest).toBeGreaterThan(2_500);
    expect(largest).toBeLessThan(3_800);
    expect(gaps.filter((gap) => gap > FRAME_MS)).toHaveLength(1);
  }, 20_000);

  it('closes a chunk left open by a killed recorder on its last whole frame', async () => {
    const storage = new DirectoryStorage(dir);
    const sent: Buffer[] = [];
    const recorder = new ArchiveRecorder({
      source: pacedSource([30], sent),
      storage,
      repo,
      now: Date.now,
      logger: quiet,
      flushMs: 60_000,
    });
    recorder.start();
    await delay(1_500);
    // What a kill leaves: the open row (its growth not yet flushed) and a file cut mid-frame.
    const [open] = await repo.openChunks();
    if (!open) throw new Error('no open chunk');
    const file = join(
      dir,
      new Date(Number(open.id.slice(0, 13))).toISOString().slice(0, 10),
      `${open.id}.mp3`,
    );
    const before = await fs.readFile(file);
    await fs.appendFile(file, LOOP.frames[5]?.subarray(0, 100) ?? Buffer.alloc(0));
    const wholeFrames = splitMp3Frames(before).frames.length;
    expect(await recoverOpenChunks(repo, storage)).toBe(1);
    const [closed] = await repo.chunksBetween(0, Date.now() + 60_000);
    expect(closed).toMatchObject({ id: open.id, open: false, frames: wholeFrames, bytes: before.length });
    expect(closed?.endsAt).toBeCloseTo(open.startsAt + wholeFrames * FRAME_MS, -1);
    expect((await fs.readFile(file)).equals(before)).toBe(true);
    // The abandoned recorder is stopped only now, as a dead one never would be; its flush comes after.
    await recorder.stop();
  }, 20_000);

  it('stops on a full disk with an error in its status, and records again once there is room', async () => {
    let full = false;
    const failing: ArchiveFs = {
      ...fs,
      open: (async (...args: Parameters<typeof fs.open>) => {
        const handle = await fs.open(...args);
        const write = handle.write.bind(handle) as (...rest: unknown[]) => Promise<{ bytesWritten: number }>;
        Object.assign(handle, {
          write: async (...rest: unknown[]) => {
            if (full)
              throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
            return write(...rest);
          },
        });
        return handle;
      }) as typeof fs.open,
    };
    const errors: string[] = [];
    const recorder = new ArchiveRecorder({
      source: pacedSource([30, 30, 30], []),
      storage: new DirectoryStorage(dir, failing),
      repo,
      now: Date.now,
      logger: { ...quiet, error: (_details, message) => errors.push(message) },
      writeRetryMs: 500,
    });
    recorder.start();
    await delay(1_000);
    expect(recorder.status.state).toBe('recording');
    full = true;
    await delay(1_000);
    expect(recorder.status).toMatchObject({
      state: 'write-failed',
      error: expect.stringContaining('ENOSPC'),
    });
    expect(errors).toContain('archive: recording stopped, the audio cannot be written; trying again');
    full = false;
    await delay(1_500);
    expect(recorder.status).toMatchObject({ state: 'recording', error: null });
    await recorder.stop();
    const chunks = await repo.chunksBetween(0, Date.now() + 60_000);
    expect(chunks.length).toBeGreaterThanOrEqual(2);
    expect(chunks.every((chunk) => !chunk.open && chunk.frames > 0)).toBe(true);
  }, 20_000);

  it('deletes whole chunks past retention, with the song log and episodes of that time', async () => {
    const storage = new DirectoryStorage(dir);
    const chunkAt = async (startsAt: number) => {
      const id = `${startsAt}-abcdef12`;
      const writer = await storage.create(id);
      await writer.append(Buffer.concat(LOOP.frames.slice(0, 10)));
      await writer.close();
      await repo.addChunk({
        id,
        startsAt,
        endsAt: startsAt + 10 * FRAME_MS,
        frames: 10,
        bytes: 6_000,
        sampleRate: 44_100,
        samplesPerFrame: 1_152,
        bitrateKbps: 192,
        open: false,
      });
      return id;
    };
    const old = await chunkAt(Math.round(dayAgo(31)));
    const kept = await chunkAt(Math.round(dayAgo(29)));
    await repo.recordTitle({ at: Math.round(dayAgo(31)), title: 'Old', artist: 'A' });
    await repo.recordTitle({ at: Math.round(dayAgo(29)), title: 'Kept', artist: 'A' });
    const config = loadConfig({ DATA_DIR: dir, ARCHIVE_DIR: dir }).archive;
    const service = new ArchiveService({
      config,
      repo,
      storage,
      source: pacedSource([], []),
      now: Date.now,
      logger: quiet,
      schedule: async () => null,
      timeZone: 'Europe/Dublin',
    });
    await service.housekeeping();
    expect((await repo.chunksBetween(0, Date.now())).map((chunk) => chunk.id)).toEqual([kept]);
    expect(await storage.size(old)).toBeNull();
    expect(await storage.size(kept)).toBeGreaterThan(0);
    expect((await repo.titlesHeard(dayAgo(40), Date.now())).map((title) => title.title)).toEqual(['Kept']);
  });

  it('tells integrations of each public episode once it has finished recording, once', async () => {
    let now = Date.parse('2026-11-23T19:00:30.000Z');
    const episode = (id: string, show: string, startsAt: string, endsAt: string, hidden = false) => ({
      id,
      show,
      showSlug: show.toLowerCase().replaceAll(' ', '-'),
      artist: 'Grace Kavanagh',
      genre: 'Soul',
      image: '',
      slotStartsAt: Date.parse(startsAt),
      slotEndsAt: Date.parse(endsAt),
      startsAt: Date.parse(startsAt),
      endsAt: Date.parse(endsAt),
      hidden,
    });
    await repo.addEpisode(episode('ended', 'Tea Time', '2026-11-23T18:00:00Z', '2026-11-23T19:00:00Z'));
    await repo.addEpisode(
      episode('hidden', 'Quiet Hour', '2026-11-23T17:00:00Z', '2026-11-23T18:00:00Z', true),
    );
    await repo.addEpisode(
      episode('recording', 'Deep Dublin', '2026-11-23T19:00:00Z', '2026-11-23T21:00:00Z'),
    );
    const reported: string[][] = [];
    const service = new ArchiveService({
      config: loadConfig({ DATA_DIR: dir, ARCHIVE_DIR: dir }).archive,
      repo,
      storage: new DirectoryStorage(dir),
      source: pacedSource([], []),
      now: () => now,
      logger: quiet,
      schedule: async () => null,
      timeZone: 'Europe/Dublin',
      onEpisodesReady: (episodes) => reported.push(episodes.map((ready) => ready.id)),
    });
    await service.housekeeping();
    await service.housekeeping();
    now = Date.parse('2026-11-23T21:00:15.000Z');
    await service.housekeeping();
    expect(reported).toEqual([['ended'], ['recording']]);
  });

  it("keeps what a quick reconnect's burst repeats only once", async () => {
    // The station: 1.5 s, a drop, then a reconnect a second later whose burst holds 3 s of the past.
    let connection = 0;
    const source: StreamSource = async function* read(signal) {
      connection += 1;
      const burstFrames = connection === 1 ? 0 : Math.round(3_000 / FRAME_MS);
      if (burstFrames > 0) yield Buffer.concat(LOOP.frames.slice(0, burstFrames));
      const startedAt = Date.now();
      // As a server sends live audio: each read after its frames went out.
      for (let index = 0; index < Math.round(1_500 / FRAME_MS) && !signal.aborted; index += 10) {
        await delay(Math.max(0, startedAt + (index + 10) * FRAME_MS - Date.now()));
        yield Buffer.concat(LOOP.frames.slice(burstFrames + index, burstFrames + index + 10));
      }
      throw new Error('the source dropped');
    };
    const chunks = await recordFor(source, 3_800);
    expect(chunks.length).toBeGreaterThanOrEqual(2);
    for (let index = 1; index < chunks.length; index += 1) {
      expect(chunks[index]?.startsAt ?? 0).toBeGreaterThanOrEqual(
        (chunks[index - 1]?.endsAt ?? 0) - FRAME_MS,
      );
    }
  }, 20_000);

  it('never moves what it kept back over the archive when the rest of a burst arrives early', async () => {
    // A reconnect a second after the drop: the first read holds 3 s of the past, the next read
    // (at once) 1 s more, which dates the whole run a second earlier than the first read did.
    let connection = 0;
    const source: StreamSource = async function* read(signal) {
      connection += 1;
      if (connection === 1) {
        const startedAt = Date.now();
        for (let index = 0; index < Math.round(1_500 / FRAME_MS) && !signal.aborted; index += 10) {
          await delay(Math.max(0, startedAt + (index + 10) * FRAME_MS - Date.now()));
          yield Buffer.concat(LOOP.frames.slice(index, index + 10));
        }
        throw new Error('the source dropped');
      }
      const burst = Math.round(3_000 / FRAME_MS);
      yield Buffer.concat(LOOP.frames.slice(0, burst));
      yield Buffer.concat(LOOP.frames.slice(burst, burst + Math.round(1_000 / FRAME_MS)));
      await delay(60_000, undefined, { signal }).catch(() => undefined);
    };
    const chunks = await recordFor(source, 3_500);
    expect(chunks).toHaveLength(2);
    const [first, second] = chunks;
    expect(second?.startsAt ?? 0).toBeGreaterThanOrEqual(first?.endsAt ?? Infinity);
  }, 20_000);

  it('says why it cannot record a mount given as a path rather than a full URL', async () => {
    const recorder = new ArchiveRecorder({
      source: httpStreamSource('/live'),
      storage: new DirectoryStorage(dir),
      repo,
      now: Date.now,
      logger: quiet,
    });
    recorder.start();
    await delay(300);
    expect(recorder.status).toMatchObject({
      state: 'reconnecting',
      error: expect.stringContaining('set archive.mount'),
    });
    await recorder.stop();
  });

  it('logs the title already on air when it takes the recorder over, not only the next change', async () => {
    // Another instance records: this one hears the title change but may not log it.
    expect(await repo.takeLease('recorder', 'the other instance', Date.now(), Date.now() + 60_000)).toBe(
      true,
    );
    const service = new ArchiveService({
      config: loadConfig({ DATA_DIR: dir, ARCHIVE_DIR: dir }).archive,
      repo,
      storage: new DirectoryStorage(dir),
      source: pacedSource([], []),
      now: Date.now,
      logger: quiet,
      schedule: async () => null,
      timeZone: 'Europe/Dublin',
      renewMs: 50,
    });
    const onAir = { at: Date.now() - 5_000, title: 'Tonnta', artist: 'Ciarán Mac Giolla' };
    service.start();
    await service.titleChanged(onAir);
    await delay(200);
    expect(service.leading).toBe(false);
    expect(await repo.titlesHeard(onAir.at - 1, Date.now())).toEqual([]);
    // The other instance dies; its lease is let go.
    await repo.releaseLease('recorder', 'the other instance');
    for (let waited = 0; !service.leading && waited < 5_000; waited += 50) await delay(50);
    try {
      expect(service.leading).toBe(true);
      await delay(200);
      expect(await repo.titlesHeard(onAir.at - 1, Date.now())).toEqual([onAir]);
    } finally {
      await service.stop();
    }
  });

  it('gives the recorder lease to one holder at a time, and to another once it expires', async () => {
    const now = 1_000_000;
    expect(await repo.takeLease('recorder', 'a', now, now + 15_000)).toBe(true);
    expect(await repo.takeLease('recorder', 'b', now + 5_000, now + 20_000)).toBe(false);
    expect(await repo.takeLease('recorder', 'a', now + 5_000, now + 20_000)).toBe(true);
    expect(await repo.takeLease('recorder', 'b', now + 19_000, now + 34_000)).toBe(false);
    expect(await repo.takeLease('recorder', 'b', now + 21_000, now + 36_000)).toBe(true);
    expect(await repo.takeLease('recorder', 'a', now + 22_000, now + 37_000)).toBe(false);
    await repo.releaseLease('recorder', 'b');
    expect(await repo.takeLease('recorder', 'a', now + 23_000, now + 38_000)).toBe(true);
  });
});
