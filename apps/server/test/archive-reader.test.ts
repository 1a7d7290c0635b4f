import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ArchiveReader, CURRENT_CHUNK_MS } from '../src/archive/archive-reader.ts';
import { DirectoryStorage } from '../src/archive/archive-storage.ts';
import { REPO_ROOT } from '../src/config.ts';
import { splitMp3Frames } from '../src/stations/mp3-frames.ts';
import type { ArchiveChunk, ArchiveRepo } from '../src/store/archive-repo.ts';

const frames = splitMp3Frames(readFileSync(resolve(REPO_ROOT, 'apps/server/assets/demo-loop-192.mp3')));

/**
 * Hundreds of rewind streams at the live edge each ask, every tick, how far the chunk being
 * recorded has grown: the reader answers them all from one lookup of the store and the storage.
 */
describe('ArchiveReader.current', () => {
  let dir: string;
  let storage: DirectoryStorage;
  let stored: ArchiveChunk;
  let lookups: number;
  let now: number;
  let reader: ArchiveReader;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'onair-reader-'));
    storage = new DirectoryStorage(dir);
    stored = {
      id: '0000000000001-abcdef',
      startsAt: 1,
      endsAt: 1,
      frames: 0,
      bytes: 0,
      sampleRate: frames.sampleRateHz,
      samplesPerFrame: frames.samplesPerFrame,
      bitrateKbps: frames.bitrateKbps,
      open: true,
    };
    lookups = 0;
    now = 1_000_000;
    const repo = {
      chunk: async (id: string) => {
        lookups += 1;
        return id === stored.id ? { ...stored } : null;
      },
    } as unknown as ArchiveRepo;
    reader = new ArchiveReader(repo, storage, () => now);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('shares one lookup among every caller within CURRENT_CHUNK_MS, then sees the chunk grown and closed', async () => {
    const writer = await storage.create(stored.id);
    await writer.append(Buffer.concat(frames.frames.slice(0, 10)));
    const answers = await Promise.all(Array.from({ length: 200 }, () => reader.current(stored)));
    expect(lookups).toBe(1);
    expect(answers.every((answer) => answer.table.length === 11)).toBe(true);

    await writer.append(Buffer.concat(frames.frames.slice(10, 15)));
    now += CURRENT_CHUNK_MS - 1;
    expect((await reader.current(stored)).table).toHaveLength(11);
    expect(lookups).toBe(1);

    now += 1;
    expect((await reader.current(stored)).table).toHaveLength(16);
    expect(lookups).toBe(2);

    await writer.close();
    stored = { ...stored, open: false, frames: 15, bytes: Buffer.concat(frames.frames.slice(0, 15)).length };
    now += CURRENT_CHUNK_MS;
    const closed = await reader.current(stored);
    expect(closed.chunk.open).toBe(false);
    expect(closed.table).toHaveLength(16);
  });

  it("a rewind's start uses an open chunk's frames another reader already read, when they hold the frame it needs", async () => {
    const writer = await storage.create(stored.id);
    await writer.append(Buffer.concat(frames.frames.slice(0, 10)));
    let sizes = 0;
    const counting = new Proxy(storage, {
      get: (target, key: keyof DirectoryStorage) =>
        key === 'size'
          ? (id: string) => {
              sizes += 1;
              return target.size(id);
            }
          : (target[key] as (...args: unknown[]) => unknown).bind(target),
    });
    const counted = new ArchiveReader({} as ArchiveRepo, counting, () => now);
    expect(await counted.offsets(stored)).toHaveLength(11);
    expect(sizes).toBe(1);
    await writer.append(Buffer.concat(frames.frames.slice(10, 12)));
    // Frame 9 is known: nothing is read.
    expect(await counted.offsets(stored, 10)).toHaveLength(11);
    expect(sizes).toBe(1);
    // Frame 10 is not: the file is read for the new frames; and without `needed`, always.
    expect(await counted.offsets(stored, 11)).toHaveLength(13);
    expect(sizes).toBe(2);
    await counted.offsets(stored);
    expect(sizes).toBe(3);
  });

  it('a failed lookup is not shared: the next caller asks again', async () => {
    let fail = true;
    const repo = {
      chunk: async () => {
        lookups += 1;
        if (fail) throw new Error('the store is away');
        return stored;
      },
    } as unknown as ArchiveRepo;
    const flaky = new ArchiveReader(repo, storage, () => now);
    await (await storage.create(stored.id)).append(Buffer.concat(frames.frames.slice(0, 3)));
    await expect(flaky.current(stored)).rejects.toThrow('the store is away');
    fail = false;
    expect((await flaky.current(stored)).table).toHaveLength(4);
    expect(lookups).toBe(2);
  });
});
