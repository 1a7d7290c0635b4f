import { createHash } from 'node:crypto';
import {
  showImagePath,
  showSlug,
  slotOccurrences,
  type Episode,
  type Schedule,
  type ShowSlot,
  type SlotOccurrence,
} from '@onair/core';
import type { ArchiveConfig } from '../config.ts';
import type { ArchiveRepo, StoredEpisode } from '../store/archive-repo.ts';

const MS_PER_DAY = 86_400_000;
/** Slots that ended this long ago are still made into episodes (a recorder that was down a while catches up). */
export const EPISODE_CATCH_UP_MS = MS_PER_DAY;

/** An airing's episode id: the same on every instance, so each airing is made once. */
export function episodeId(occurrence: SlotOccurrence): string {
  const { slot, startsAt } = occurrence;
  return createHash('sha256').update(`${startsAt}\n${slot.show}\n${slot.artist}`).digest('hex').slice(0, 16);
}

/** Whether a show may be published at all (archive.episodes, archive.excludeShows, a usable slug). */
export function publishable(config: Pick<ArchiveConfig, 'episodes' | 'excludeShows'>, show: string): boolean {
  return config.episodes && !config.excludeShows.includes(show) && showSlug(show) !== '';
}

/** The stored episode of one airing of `slot` (as scheduled, under the name `show`). */
export function airingEpisode(
  id: string,
  show: string,
  slot: Pick<ShowSlot, 'artist' | 'genre' | 'image'>,
  startsAt: number,
  endsAt: number,
): StoredEpisode {
  return {
    id,
    show,
    showSlug: showSlug(show),
    artist: slot.artist,
    genre: slot.genre,
    image: showImagePath(slot),
    slotStartsAt: startsAt,
    slotEndsAt: endsAt,
    startsAt,
    endsAt,
    hidden: false,
  };
}

/**
 * Makes an episode of every airing that has begun and has audio recorded in it, from the slot
 * as scheduled (a slot still on air is an episode being recorded). Answers the ids made.
 */
export async function makeEpisodes(
  repo: ArchiveRepo,
  schedule: Schedule,
  config: Pick<ArchiveConfig, 'episodes' | 'excludeShows'>,
  timeZone: string,
  nowMs: number,
  known: Set<string>,
): Promise<string[]> {
  const made: string[] = [];
  for (const occurrence of slotOccurrences(schedule, nowMs - EPISODE_CATCH_UP_MS, nowMs, timeZone)) {
    const { slot, startsAt, endsAt } = occurrence;
    const id = episodeId(occurrence);
    if (known.has(id) || startsAt > nowMs || !publishable(config, slot.show)) continue;
    if ((await repo.chunksBetween(startsAt, Math.min(endsAt, nowMs))).length === 0) continue;
    await repo.addEpisode(airingEpisode(id, slot.show, slot, startsAt, endsAt));
    known.add(id);
    made.push(id);
  }
  return made;
}

/** Where an episode's audio is served (audio/mpeg with Range requests). */
export function episodeAudioPath(id: string): string {
  return `/api/episodes/${id}/audio.mp3`;
}

/** Whether listeners may see the episode now (not hidden, allowed, within archive.publicDays). */
export function isPublic(
  episode: StoredEpisode,
  config: Pick<ArchiveConfig, 'episodes' | 'excludeShows' | 'publicDays'>,
  nowMs: number,
): boolean {
  if (episode.hidden || !publishable(config, episode.show)) return false;
  return config.publicDays === null || episode.endsAt > nowMs - config.publicDays * MS_PER_DAY;
}

/**
 * The public episodes whose slot ended in (fromMs, toMs] with audio recorded in them: the ones a
 * new-episode push announces.
 */
export async function readyEpisodes(
  repo: ArchiveRepo,
  config: Pick<ArchiveConfig, 'episodes' | 'excludeShows' | 'publicDays'>,
  fromMs: number,
  toMs: number,
): Promise<StoredEpisode[]> {
  if (!config.episodes) return [];
  const ready: StoredEpisode[] = [];
  for (const episode of await repo.episodesEndedBetween(fromMs, toMs)) {
    if (!isPublic(episode, config, toMs)) continue;
    if ((await repo.chunksBetween(episode.startsAt, episode.endsAt)).length > 0) ready.push(episode);
  }
  return ready;
}

/** The episode as `GET /api/episodes/:id` answers it; `durationMs` is the audio recorded in it. */
export async function presentEpisode(
  repo: ArchiveRepo,
  episode: StoredEpisode,
  recordedMs: number,
  nowMs: number,
): Promise<Episode> {
  const tracks = await repo.titlesHeard(episode.startsAt, episode.endsAt);
  return {
    id: episode.id,
    show: episode.show,
    artist: episode.artist,
    genre: episode.genre,
    image: episode.image,
    startsAt: episode.startsAt,
    endsAt: episode.endsAt,
    durationMs: Math.round(recordedMs),
    status: nowMs < episode.endsAt ? 'recording' : 'ready',
    tracks: tracks.map((track) => ({ at: track.at, title: track.title, artist: track.artist })),
    audioUrl: episodeAudioPath(episode.id),
    pageUrl: `/episodes/${episode.id}`,
    feedUrl: `/shows/${episode.showSlug}/feed.xml`,
    demo: episode.demo === true,
  };
}
