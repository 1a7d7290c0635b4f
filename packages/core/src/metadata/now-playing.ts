import * as z from 'zod/mini';
import type { StreamMetadata } from './icecast-status.ts';

/** How many distinct tracks `GET /api/now-playing/history` keeps. */
export const TRACK_HISTORY_LENGTH = 20;

/** Why the last read of the status feed failed (spec §8), plus `network` when it could not be reached. */
export const NOW_PLAYING_ERROR_KINDS = [
  'http-status',
  'content-type',
  'structure',
  'no-source',
  'network',
] as const;
export type NowPlayingErrorKind = (typeof NOW_PLAYING_ERROR_KINDS)[number];

const text = z.string().check(z.maxLength(2000));

export const streamMetadataSchema = z.object({ title: text, artist: text, album: text, artwork: text });

/**
 * `GET /api/now-playing`: the last good metadata (empty strings before the first one) and, when the
 * latest read failed, why. `updatedAt` is when the metadata last changed (ISO), null before any.
 */
export const nowPlayingSchema = z.extend(streamMetadataSchema, {
  updatedAt: z.nullable(z.string()),
  error: z.optional(z.object({ kind: z.enum(NOW_PLAYING_ERROR_KINDS), at: z.string() })),
  /** Listeners on the station's mounts, only when the station shows it and at or above its minimum. */
  listeners: z.optional(z.int().check(z.minimum(0))),
});
export type NowPlaying = z.infer<typeof nowPlayingSchema>;

export const trackHistoryEntrySchema = z.extend(streamMetadataSchema, { startedAt: z.string() });
export type TrackHistoryEntry = z.infer<typeof trackHistoryEntrySchema>;
export const trackHistorySchema = z.object({ tracks: z.array(trackHistoryEntrySchema) });

export function sameTrack(a: StreamMetadata, b: StreamMetadata): boolean {
  return a.title === b.title && a.artist === b.artist && a.album === b.album;
}

/**
 * Puts `track` first in the history (newest first). A track already listed moves to the front
 * rather than appearing twice, an empty one (no title and no artist) is not a track, and the
 * list keeps at most `max` entries.
 */
export function pushTrackHistory(
  history: readonly TrackHistoryEntry[],
  track: StreamMetadata,
  startedAt: string,
  max: number = TRACK_HISTORY_LENGTH,
): TrackHistoryEntry[] {
  if (track.title === '' && track.artist === '') return [...history];
  const first = history[0];
  if (first && sameTrack(first, track)) return [...history];
  const rest = history.filter((entry) => !sameTrack(entry, track));
  return [{ ...track, startedAt }, ...rest].slice(0, Math.max(0, max));
}

/** What the app shows for a feed value: the station name and 'Live Radio' stand in for blanks (spec §1, §9). */
export function displayTrack(
  metadata: Pick<StreamMetadata, 'title' | 'artist'>,
  defaults: { title: string; artist: string },
): { title: string; artist: string } {
  return {
    title: metadata.title.trim() || defaults.title,
    artist: metadata.artist.trim() || defaults.artist,
  };
}
