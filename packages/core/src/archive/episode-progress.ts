import * as z from 'zod/mini';
import { stationWallClock, type CivilDate } from '../schedule/station-time.ts';
import { EPISODE_ID_PATTERN, type Episode } from './episode.ts';

/**
 * Listen again's local memory: where the listener stopped in each episode they started, kept in
 * their browser only, so "Continue listening" needs no account and survives reloads.
 */

/** How many started episodes are remembered; the oldest touched is forgotten first. */
export const EPISODE_PROGRESS_MAX = 20;
/** Less than this in is not "started" (a tap to look), so it is not offered to continue. */
export const EPISODE_STARTED_MIN_MS = 10_000;
/** Closer than this to the end counts as finished (or than 5 % of a short episode). */
export const EPISODE_FINISHED_MARGIN_MS = 60_000;
const EPISODE_FINISHED_MARGIN_SHARE = 0.05;

/** The longest show, artist or image text kept for a row. */
const EPISODE_PROGRESS_TEXT_MAX_CHARS = 500;
const text = z.string().check(z.maxLength(EPISODE_PROGRESS_TEXT_MAX_CHARS));
const ms = z.int().check(z.nonnegative());

export const episodeProgressSchema = z.object({
  id: z.string().check(z.regex(EPISODE_ID_PATTERN)),
  show: text,
  artist: text,
  image: text,
  startsAt: ms,
  durationMs: ms,
  positionMs: ms,
  /** When the listener last played it (epoch ms): the row's order. */
  updatedAt: ms,
});
export type EpisodeProgress = z.infer<typeof episodeProgressSchema>;
export const episodeProgressListSchema = z
  .array(episodeProgressSchema)
  .check(z.maxLength(EPISODE_PROGRESS_MAX));

/** The list with `episode` at `positionMs`, most recent first, at most EPISODE_PROGRESS_MAX long. */
export function recordEpisodeProgress(
  list: readonly EpisodeProgress[],
  episode: Pick<Episode, 'id' | 'show' | 'artist' | 'image' | 'startsAt' | 'durationMs'>,
  positionMs: number,
  now: number,
): EpisodeProgress[] {
  const position = Math.max(0, Math.min(Math.round(positionMs), episode.durationMs));
  const entry: EpisodeProgress = {
    id: episode.id,
    show: episode.show,
    artist: episode.artist,
    image: episode.image,
    startsAt: episode.startsAt,
    durationMs: episode.durationMs,
    positionMs: Number.isFinite(position) ? position : 0,
    updatedAt: Math.max(0, Math.round(now)),
  };
  return [entry, ...list.filter((item) => item.id !== episode.id)].slice(0, EPISODE_PROGRESS_MAX);
}

/** Whether an episode is started and not finished: what "Continue listening" offers. */
export function isInProgress(entry: Pick<EpisodeProgress, 'positionMs' | 'durationMs'>): boolean {
  const margin = Math.min(EPISODE_FINISHED_MARGIN_MS, entry.durationMs * EPISODE_FINISHED_MARGIN_SHARE);
  return entry.positionMs >= EPISODE_STARTED_MIN_MS && entry.positionMs < entry.durationMs - margin;
}

/** "Continue listening": the started, unfinished episodes, last played first. */
export function continueListening(list: readonly EpisodeProgress[]): EpisodeProgress[] {
  return list.filter(isInProgress).sort((a, b) => b.updatedAt - a.updatedAt);
}

/** Where to resume `id`, or 0 when it was not started or was finished. */
export function resumePositionMs(list: readonly EpisodeProgress[], id: string): number {
  const entry = list.find((item) => item.id === id);
  return entry && isInProgress(entry) ? entry.positionMs : 0;
}

export interface EpisodeDay<T> {
  /** The station's calendar day the episodes began on. */
  date: CivilDate;
  episodes: T[];
}

/** Episodes (newest first) grouped by the station's calendar day they began on, newest day first. */
export function episodesByDay<T extends Pick<Episode, 'startsAt'>>(
  episodes: readonly T[],
  timeZone: string,
): EpisodeDay<T>[] {
  const days: EpisodeDay<T>[] = [];
  const sorted = [...episodes].sort((a, b) => b.startsAt - a.startsAt);
  for (const episode of sorted) {
    const { year, month, day } = stationWallClock(new Date(episode.startsAt), timeZone);
    const last = days.at(-1);
    if (last && last.date.year === year && last.date.month === month && last.date.day === day)
      last.episodes.push(episode);
    else days.push({ date: { year, month, day }, episodes: [episode] });
  }
  return days;
}

/** The track playing `offsetMs` into an episode (tracks in time order), or null before the first. */
export function episodeTrackIndexAt(
  tracks: readonly { at: number }[],
  startsAt: number,
  offsetMs: number,
): number | null {
  let index: number | null = null;
  tracks.forEach((track, i) => {
    if (track.at - startsAt <= offsetMs) index = i;
  });
  return index;
}
