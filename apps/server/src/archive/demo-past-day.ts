import { createHash } from 'node:crypto';
import type { ArchiveRepo } from '../store/archive-repo.ts';
import { DEMO_TRACKS } from '../stations/demo-station.ts';
import type { Mp3Frames } from '../stations/mp3-frames.ts';
import type { ArchiveStorage } from './archive-storage.ts';
import { airingEpisode } from './episodes.ts';

const MS_PER_HOUR = 3_600_000;
/**
 * Two days back: older than the one day in which slots are made into episodes (EPISODE_CATCH_UP_MS),
 * so the schedule never turns the same hours into a second, real-looking episode, and far outside
 * the live rewind window.
 */
const DAYS_BACK_MS = 48 * MS_PER_HOUR;
/** Each demo episode's length: enough to play, seek and see a tracklist, a few MB of disk each. */
export const DEMO_EPISODE_MS = 3 * 60_000;
/** A title every minute of a demo episode: its tracklist. */
const DEMO_TRACK_MS = 60_000;

/** The demo past day's airings: shows of the bundled demo week, each marked as demo in its name. */
const DEMO_SHOWS = [
  { show: 'The Deep End', artist: 'Aoife Ní Mhurchú', genre: 'Deep House', image: '' },
  { show: 'Warehouse Sessions', artist: 'Seán Ó Briain', genre: 'House/Techno', image: '' },
  { show: 'Night Shift', artist: 'Síle Nic Aodha', genre: 'Techno', image: '' },
] as const;

/** How a demo episode is named: its show's name, marked so no listener takes it for a recording. */
export function demoShowName(show: string): string {
  return `${show} (demo replay)`;
}

export interface DemoPastDayOptions {
  repo: ArchiveRepo;
  storage: ArchiveStorage;
  /** The demo mount's own audio (what `npm start` already plays), looped to each episode's length. */
  frames: Mp3Frames;
  nowMs: number;
}

/**
 * The demo station's past day, so a fresh `npm start` shows Listen again with something in it: a
 * few short episodes two days back, each a chunk of the demo audio with a tracklist in the song
 * log, marked `demo` in the store and the API and "(demo replay)" in their name. Only on a store
 * with no episode at all (a fresh start); a restart or a store with real episodes gets nothing.
 * Answers the ids made.
 */
export async function generateDemoPastDay(options: DemoPastDayOptions): Promise<string[]> {
  const { repo, storage, frames, nowMs } = options;
  if (await repo.hasEpisodes()) return [];
  const frameMs = (frames.samplesPerFrame * 1000) / frames.sampleRateHz;
  const frameCount = Math.ceil(DEMO_EPISODE_MS / frameMs);
  const dayStart = Math.floor((nowMs - DAYS_BACK_MS) / MS_PER_HOUR) * MS_PER_HOUR;
  const made: string[] = [];
  for (const [index, slot] of DEMO_SHOWS.entries()) {
    // One an hour from that hour on.
    const startsAt = dayStart + index * MS_PER_HOUR;
    const chunkId = `${String(startsAt).padStart(13, '0')}-demo${index.toString(36).padStart(4, '0')}`;
    // A start that stopped between the audio and its episode: that hour's audio is already there.
    if (await repo.chunk(chunkId)) continue;
    const bytes = await writeLoop(storage, chunkId, frames, frameCount);
    // Whole milliseconds, as the store keeps them.
    const endsAt = Math.round(startsAt + frameCount * frameMs);
    await repo.addChunk({
      id: chunkId,
      startsAt,
      endsAt,
      frames: frameCount,
      bytes,
      sampleRate: frames.sampleRateHz,
      samplesPerFrame: frames.samplesPerFrame,
      bitrateKbps: frames.bitrateKbps,
      open: false,
    });
    for (let at = startsAt, track = index; at < endsAt; at += DEMO_TRACK_MS, track += 1) {
      const [artist = '', title = ''] = (DEMO_TRACKS[track % DEMO_TRACKS.length] ?? '').split(' - ');
      await repo.recordTitle({ at, title, artist });
    }
    const show = demoShowName(slot.show);
    const id = createHash('sha256').update(`demo\n${startsAt}\n${show}`).digest('hex').slice(0, 16);
    await repo.addEpisode({ ...airingEpisode(id, show, slot, startsAt, endsAt), demo: true });
    made.push(id);
  }
  return made;
}

/** Writes `count` frames of the loop (from its start, round again as needed) as one sealed chunk. */
async function writeLoop(
  storage: ArchiveStorage,
  id: string,
  frames: Mp3Frames,
  count: number,
): Promise<number> {
  const writer = await storage.create(id);
  let bytes = 0;
  try {
    const batch: Buffer[] = [];
    for (let index = 0; index < count; index += 1) {
      const frame = frames.frames[index % frames.frames.length];
      if (!frame) continue;
      batch.push(frame);
      bytes += frame.length;
      if (batch.length === 256 || index === count - 1) await writer.append(Buffer.concat(batch.splice(0)));
    }
  } finally {
    await writer.close();
  }
  await storage.seal(id);
  return bytes;
}
