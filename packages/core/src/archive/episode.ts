import * as z from 'zod/mini';

/** Live rewind reaches this far back unless TIMESHIFT_HOURS says otherwise. */
export const DEFAULT_TIMESHIFT_HOURS = 4;
/** Audio is kept this long unless ARCHIVE_RETENTION_DAYS says otherwise. */
export const DEFAULT_ARCHIVE_RETENTION_DAYS = 30;
/** Most episodes one `GET /api/episodes` answers. */
export const EPISODES_PAGE_MAX = 100;
export const EPISODES_PAGE_DEFAULT = 20;

/** A title heard during an episode: `at` is epoch ms (when it began on air). */
export const episodeTrackSchema = z.object({ at: z.number(), title: z.string(), artist: z.string() });
export type EpisodeTrack = z.infer<typeof episodeTrackSchema>;

/** `GET /api/episodes/:id`, and each of `GET /api/episodes`'s `episodes`. */
export const episodeSchema = z.object({
  id: z.string(),
  show: z.string(),
  artist: z.string(),
  genre: z.string(),
  image: z.string(),
  startsAt: z.number(),
  endsAt: z.number(),
  durationMs: z.number(),
  status: z.enum(['recording', 'ready']),
  tracks: z.array(episodeTrackSchema),
  audioUrl: z.string(),
  pageUrl: z.string(),
  feedUrl: z.string(),
  /** True for the demo station's generated past day (demo audio, not a recording); absent from older servers. */
  demo: z.optional(z.boolean()),
});
export type Episode = z.infer<typeof episodeSchema>;

export const episodeListSchema = z.object({ episodes: z.array(episodeSchema) });

/** Episode ids: 16 lower-case hex digits (a hash of the show and its start). */
export const EPISODE_ID_PATTERN = /^[0-9a-f]{16}$/;
