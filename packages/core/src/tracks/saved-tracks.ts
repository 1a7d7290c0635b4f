import * as z from 'zod/mini';

/** How many saved songs the browser keeps; the oldest go first past it. */
export const SAVED_TRACKS_MAX = 200;

const text = z.string().check(z.maxLength(2000));

/** A song the listener saved (`playfm_saved_tracks`): enough to find it again, links are built on show. */
export const savedTrackSchema = z.object({
  title: text,
  artist: text,
  /** When it played (ISO), as the station's feed said. */
  playedAt: z.string().check(z.maxLength(64)),
  /** When the listener saved it (ISO). */
  savedAt: z.string().check(z.maxLength(64)),
});
export type SavedTrack = z.infer<typeof savedTrackSchema>;

/** The same song whoever saved it when: title and artist, ignoring case and outer blanks. */
export function savedTrackKey(track: { title: string; artist: string }): string {
  return `${track.artist.trim().toLowerCase()}\u0000${track.title.trim().toLowerCase()}`;
}

export function isTrackSaved(
  saved: readonly SavedTrack[],
  track: { title: string; artist: string },
): boolean {
  const key = savedTrackKey(track);
  return saved.some((entry) => savedTrackKey(entry) === key);
}

/**
 * Saves `track` (newest first) or, when it is saved already, removes it. A song is listed once;
 * the list keeps at most `max` entries.
 */
export function toggleSavedTrack(
  saved: readonly SavedTrack[],
  track: SavedTrack,
  max: number = SAVED_TRACKS_MAX,
): SavedTrack[] {
  const key = savedTrackKey(track);
  if (saved.some((entry) => savedTrackKey(entry) === key))
    return saved.filter((entry) => savedTrackKey(entry) !== key);
  return [track, ...saved].slice(0, Math.max(0, max));
}
