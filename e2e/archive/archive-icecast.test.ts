import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { episodeListSchema } from '@onair/core';
import { captureLive, heardAt, readSome } from '../../apps/server/test/archive-helpers.ts';
import { freshPostgresDatabase } from '../fixtures/chat-history.ts';
import { IcecastFixture } from '../fixtures/icecast.ts';
import { waitFor } from '../fixtures/ports.ts';
import { REPO_ROOT, ServerFixture } from '../fixtures/server.ts';
import { ADMIN_ENV } from '../schedule/schedule-helpers.ts';
import { MINUTE_MS, scheduleMinuteSlot } from './minute-slot.ts';

/**
 * The archive against a real Icecast fed by ffmpeg: rewind gives what a live listener heard at
 * that moment, a minute-precise slot becomes an episode with that slot's titles, a recorder killed
 * mid-chunk leaves a gap and nothing else, and with two instances on PostgreSQL one records and
 * the lease moves when it is killed.
 */
const MOUNT = '/archive';
const FRAME_MS = (1152 / 44_100) * 1000;

interface ChunkRow {
  id: string;
  starts_at: number;
  ends_at: number;
  frames: number;
  bytes: number;
  open: number;
}

async function archiveState(server: ServerFixture): Promise<string> {
  const body = (await (await fetch(`${server.url}/api/health`)).json()) as { archive: { state: string } };
  return body.archive.state;
}

describe('the archive on a real Icecast', () => {
  let icecast: IcecastFixture;
  let stationFile: string;
  let stationDir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    icecast = await IcecastFixture.start();
    await icecast.startSource(MOUNT, 192);
    await icecast.setTitle(MOUNT, 'Opening Artist - Opening Title');
    stationDir = mkdtempSync(join(tmpdir(), 'onair-archive-station-'));
    stationFile = join(stationDir, 'station.json');
    const station = JSON.parse(readFileSync(join(REPO_ROOT, 'station.config.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    writeFileSync(stationFile, JSON.stringify({ ...station, timeZone: 'UTC', archive: { episodes: true } }));
    env = {
      STATION_CONFIG: stationFile,
      STREAM_STANDARD_URL: icecast.mountUrl(MOUNT),
      STATUS_URL: icecast.statusUrl,
      ...ADMIN_ENV,
    };
  });
  afterAll(async () => {
    await icecast.stop();
    rmSync(stationDir, { recursive: true, force: true });
  });

  it('rewinds to the bytes a live listener heard at that moment, within a second', async () => {
    const server = await ServerFixture.start(env);
    try {
      await waitFor('the recorder to record', async () => (await archiveState(server)) === 'recording');
      // Shorter than the 23 s loop ffmpeg repeats, so a piece of audio is found once.
      const capture = await captureLive(icecast.mountUrl(MOUNT), 9_000);
      const connectedAt = capture.reads[0]?.at ?? 0;
      for (const afterMs of [4_000, 6_500]) {
        const read = capture.reads.find((candidate) => candidate.at > connectedAt + afterMs);
        if (!read) throw new Error('the capture is too short');
        const rewind = await readSome(`${server.url}/api/rewind?at=${read.at}&quality=high`, 16_384);
        expect(rewind.status).toBe(200);
        const heard = heardAt(capture, rewind.body.subarray(0, 2_048), FRAME_MS);
        expect(heard, 'the rewound audio is what the live listener heard').not.toBeNull();
        expect(Math.abs((heard ?? 0) - read.at)).toBeLessThanOrEqual(1_000);
      }
    } finally {
      await server.stop();
    }
  }, 90_000);

  it('makes a minute-precise slot an episode of its length with the titles heard in it', async () => {
    const server = await ServerFixture.start(env);
    try {
      // The next whole minute, leaving time to save the schedule first.
      const slotStart = await scheduleMinuteSlot(server.url, 5_000);

      await sleep(slotStart + 15_000 - Date.now());
      await icecast.setTitle(MOUNT, 'Artist One - First In Slot');
      await sleep(slotStart + 35_000 - Date.now());
      await icecast.setTitle(MOUNT, 'Artist Two - Second In Slot');
      await sleep(slotStart + MINUTE_MS + 3_000 - Date.now());
      await icecast.setTitle(MOUNT, 'Artist Three - After The Slot');

      const episode = await waitFor(
        'the episode of the slot',
        async () => {
          const list = episodeListSchema.parse(
            await (await fetch(`${server.url}/api/episodes?show=minute-mix`)).json(),
          );
          return list.episodes[0];
        },
        30_000,
      );
      expect(episode).toMatchObject({
        show: 'Minute Mix',
        artist: 'DJ Minute',
        startsAt: slotStart,
        endsAt: slotStart + MINUTE_MS,
        status: 'ready',
      });
      expect(Math.abs(episode.durationMs - MINUTE_MS)).toBeLessThanOrEqual(2_000);
      const titles = episode.tracks.map((track) => track.title);
      expect(titles).toContain('First In Slot');
      expect(titles).toContain('Second In Slot');
      expect(titles).not.toContain('After The Slot');
      const second = episode.tracks.find((track) => track.title === 'Second In Slot');
      expect(Math.abs((second?.at ?? 0) - (slotStart + 35_000))).toBeLessThanOrEqual(2_000);
      // Its audio: a minute of frames, served with its length.
      const audio = await fetch(`${server.url}${episode.audioUrl}`);
      const bytes = Buffer.from(await audio.arrayBuffer());
      expect(Number(audio.headers.get('content-length'))).toBe(bytes.length);
      expect(Math.abs(bytes.length - (192_000 / 8) * 60)).toBeLessThan((192_000 / 8) * 2);
      const feed = await (await fetch(`${server.url}/shows/minute-mix/feed.xml`)).text();
      expect(feed).toContain(`length="${bytes.length}" type="audio/mpeg"`);
    } finally {
      await server.stop();
    }
  }, 200_000);

  it('keeps everything up to a kill of the recorder mid-chunk; the time it was down is a gap', async () => {
    const server = await ServerFixture.start(env);
    try {
      await waitFor('the recorder to record', async () => (await archiveState(server)) === 'recording');
      await sleep(5_000);
      const killedAt = Date.now();
      // Down for longer than Icecast's burst at the reconnect (64 KB, under 3 s at 192 kbps) reaches
      // back, so part of the time down is truly missing (a quicker restart's burst covers it all).
      await server.restart('SIGKILL', 6_000);
      await waitFor('the recorder to record again', async () => (await archiveState(server)) === 'recording');
      await sleep(3_000);
      const db = new SQLite(join(server.dataDir, 'onair.sqlite'), { readonly: true });
      let chunks: ChunkRow[];
      try {
        chunks = db.prepare('select * from archive_chunk order by starts_at').all() as ChunkRow[];
      } finally {
        db.close();
      }
      const before = chunks.filter((chunk) => chunk.starts_at < killedAt);
      const after = chunks.filter((chunk) => chunk.starts_at > killedAt);
      const killed = before.at(-1);
      if (!killed || !after[0])
        throw new Error(`chunks around the kill are missing: ${JSON.stringify(chunks)}`);
      // The chunk cut by the kill was closed on its last whole frame, up to the kill (within a second).
      expect(killed.open).toBe(0);
      expect(Math.abs(killed.ends_at - killedAt)).toBeLessThanOrEqual(1_000);
      expect(killed.ends_at - killed.starts_at).toBeCloseTo(killed.frames * FRAME_MS, -1);
      const file = join(
        server.dataDir,
        'archive',
        new Date(Number(killed.id.slice(0, 13))).toISOString().slice(0, 10),
        `${killed.id}.mp3`,
      );
      expect(statSync(file).size).toBe(Number(killed.bytes));
      // The time the server was down is a gap: audio resumes later, not shifted back to close it.
      // (Icecast's burst at the reconnect brings back the seconds just before it, so the gap is
      // shorter than the time the server was down, and never overlaps what was kept.)
      const downMs = after[0].starts_at - killedAt;
      expect(after[0].starts_at - killed.ends_at).toBeGreaterThan(0);
      expect(downMs).toBeGreaterThan(0);
      // Rewinding into the gap says so.
      const inGap = Math.round((killed.ends_at + after[0].starts_at) / 2);
      const gap = await fetch(`${server.url}/api/rewind?at=${inGap}`);
      expect(gap.status).toBe(404);
      expect(await gap.json()).toMatchObject({ code: 'rewind_gap' });
    } finally {
      await server.stop();
    }
  }, 90_000);

  it('records on one of two instances on PostgreSQL, and the lease moves when that one is killed', async () => {
    const database = await freshPostgresDatabase('onair_archive');
    const archiveDir = mkdtempSync(join(tmpdir(), 'onair-archive-shared-'));
    const shared = { ...env, DATABASE_URL: database.url, ARCHIVE_DIR: archiveDir };
    const first = await ServerFixture.start(shared);
    await waitFor('the first instance to record', async () => (await archiveState(first)) === 'recording');
    const second = await ServerFixture.start(shared);
    try {
      await sleep(6_000);
      expect(await archiveState(first)).toBe('recording');
      expect(await archiveState(second)).toBe('standby');
      await first.kill();
      // The lease (15 s) expires, then the second instance's next try (every 5 s) takes it.
      await waitFor(
        'the second instance to record',
        async () => (await archiveState(second)) === 'recording',
        30_000,
      );
      await sleep(3_000);
      // It serves rewind from what both recorded.
      const rewind = await readSome(`${second.url}/api/rewind?at=${Date.now() - 2_000}`, 8_192);
      expect(rewind.status).toBe(200);
    } finally {
      await second.stop();
      await first.stop();
      await database.drop();
      rmSync(archiveDir, { recursive: true, force: true });
    }
  }, 120_000);
});
