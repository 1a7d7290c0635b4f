import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ArchiveReader } from '../src/archive/archive-reader.ts';
import { ArchiveService } from '../src/archive/archive-service.ts';
import type { ArchiveStorage } from '../src/archive/archive-storage.ts';
import { storageFor } from '../src/archive/archive-setup.ts';
import { S3Storage } from '../src/archive/s3-storage.ts';
import { ArchiveRecorder, recoverOpenChunks } from '../src/archive/recorder.ts';
import type { StreamSource } from '../src/archive/stream-source.ts';
import { REPO_ROOT, loadConfig } from '../src/config.ts';
import { splitMp3Frames } from '../src/stations/mp3-frames.ts';
import { ArchiveRepo } from '../src/store/archive-repo.ts';
import { STORE_KINDS, type TestStore } from './stores.ts';

const LOOP = splitMp3Frames(readFileSync(resolve(REPO_ROOT, 'apps/server/assets/demo-loop-192.mp3')));
const FRAME_MS = (LOOP.samplesPerFrame / LOOP.sampleRateHz) * 1000;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const BUCKET = 'onair-archive';

/** `seconds` of the demo loop in real time, 10 frames a read, then a connection that stays open. */
function pacedSource(seconds: number, sent: Buffer[]): StreamSource {
  return async function* read(signal) {
    const frames = Math.round((seconds * 1000) / FRAME_MS);
    const startedAt = Date.now();
    for (let index = 0; index < frames && !signal.aborted; index += 10) {
      const batch = Buffer.concat(LOOP.frames.slice(index, index + 10));
      sent.push(batch);
      yield batch;
      await delay(Math.max(0, startedAt + (index + 10) * FRAME_MS - Date.now()));
    }
    await new Promise((resolveAbort) => signal.addEventListener('abort', resolveAbort));
  };
}

describe.each(STORE_KINDS)('the archive on S3-compatible storage ($kind)', ({ open }) => {
  let store: TestStore;
  let s3: S3rver;
  let dir: string;
  let storage: S3Storage;
  beforeEach(async () => {
    store = await open();
    dir = mkdtempSync(join(tmpdir(), 'onair-s3-'));
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: join(dir, 's3'),
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const { port } = await s3.run();
    const config = loadConfig({
      DATA_DIR: dir,
      ARCHIVE_DIR: join(dir, 'staging'),
      ARCHIVE_S3_BUCKET: BUCKET,
      ARCHIVE_S3_ENDPOINT: `http://127.0.0.1:${port}`,
      ARCHIVE_S3_ACCESS_KEY_ID: 'S3RVER',
      ARCHIVE_S3_SECRET_ACCESS_KEY: 'S3RVER',
      ARCHIVE_S3_PREFIX: 'station/',
      ARCHIVE_S3_FORCE_PATH_STYLE: 'true',
    });
    const made = storageFor(config.archive);
    if (!(made instanceof S3Storage)) throw new Error('ARCHIVE_S3_BUCKET did not choose object storage');
    storage = made;
  });
  afterEach(async () => {
    await s3.close();
    await store.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('uploads each finished chunk, reads the audio back by time, and deletes it', async () => {
    const repo = new ArchiveRepo(store.db);
    const sent: Buffer[] = [];
    const recorder = new ArchiveRecorder({
      source: pacedSource(3.2, sent),
      storage,
      repo,
      now: Date.now,
      logger: quiet,
      chunkMs: 1_000,
    });
    recorder.start();
    await delay(3_600);
    await recorder.stop();
    const chunks = await repo.chunksBetween(0, Date.now() + 60_000);
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    // Everything went up: the staging folder holds no chunk any more.
    const staged = readdirSync(join(dir, 'staging'), { recursive: true }).filter((name) =>
      String(name).endsWith('.mp3'),
    );
    expect(staged).toEqual([]);
    const client = (storage as unknown as { options: { client: S3Client } }).options.client;
    const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'station/' }));
    expect(listed.Contents?.map((object) => object.Key).sort()).toEqual(
      chunks
        .map(
          (chunk) =>
            `station/${new Date(Number(chunk.id.slice(0, 13))).toISOString().slice(0, 10)}/${chunk.id}.mp3`,
        )
        .sort(),
    );

    // The audio read back over ranged GETs is what was received.
    const reader = new ArchiveReader(repo, storage);
    const segments = await reader.segments(0, Date.now() + 60_000);
    const parts: Buffer[] = [];
    for (const segment of segments)
      for await (const piece of reader.bytes(segment.chunk.id, segment.start, segment.end, 4_096))
        parts.push(piece);
    expect(Buffer.concat(parts).equals(Buffer.concat(sent))).toBe(true);

    const [first] = chunks;
    if (!first) throw new Error('no chunk');
    await storage.remove(first.id);
    expect(await storage.size(first.id)).toBeNull();
  }, 20_000);

  it('uploads a chunk left open by a killed recorder once it is closed on its last whole frame', async () => {
    const repo = new ArchiveRepo(store.db);
    // A recorder that dies a second in: its source goes silent and it is never stopped.
    const dead: StreamSource = async function* read() {
      yield* pacedSource(1, [])(new AbortController().signal);
    };
    const recorder = new ArchiveRecorder({
      source: dead,
      storage,
      repo,
      now: Date.now,
      logger: quiet,
      flushMs: 60_000,
      stallMs: 60_000,
    });
    recorder.start();
    await delay(1_500);
    const [openChunk] = await repo.openChunks();
    if (!openChunk) throw new Error('no open chunk');
    // A second recorder takes over as the first died: it closes and uploads what is staged.
    expect(await recoverOpenChunks(repo, storage)).toBe(1);
    const size = await storage.size(openChunk.id);
    const [closed] = await repo.chunksBetween(0, Date.now() + 60_000);
    expect(closed?.open).toBe(false);
    expect(size).toBe(closed?.bytes);
    expect(closed?.frames).toBeGreaterThan(30);
  }, 20_000);

  it('uploads, at the next housekeeping, a finished chunk whose upload failed', async () => {
    const repo = new ArchiveRepo(store.db);
    let uploads = false;
    const flaky: ArchiveStorage = {
      create: (id) => storage.create(id),
      open: (id) => storage.open(id),
      size: (id) => storage.size(id),
      truncate: (id, length) => storage.truncate(id, length),
      remove: (id) => storage.remove(id),
      unsealed: () => storage.unsealed(),
      seal: async (id) => {
        if (!uploads) throw new Error('the object storage is unreachable');
        return storage.seal(id);
      },
    };
    const recorder = new ArchiveRecorder({
      source: pacedSource(1.5, []),
      storage: flaky,
      repo,
      now: Date.now,
      logger: quiet,
      chunkMs: 1_000,
      writeRetryMs: 60_000,
    });
    recorder.start();
    await delay(2_000);
    await recorder.stop();
    const [chunk] = await repo.chunksBetween(0, Date.now() + 60_000);
    if (!chunk) throw new Error('nothing recorded');
    expect(chunk.open).toBe(false);
    expect(await flaky.unsealed()).toContain(chunk.id);
    uploads = true;
    const service = new ArchiveService({
      config: loadConfig({ DATA_DIR: dir }).archive,
      repo,
      storage: flaky,
      source: pacedSource(0, []),
      now: Date.now,
      logger: quiet,
      schedule: async () => null,
      timeZone: 'UTC',
    });
    await service.housekeeping();
    expect(await flaky.unsealed()).toEqual([]);
    expect(await storage.size(chunk.id)).toBe(chunk.bytes);
  }, 20_000);
});
