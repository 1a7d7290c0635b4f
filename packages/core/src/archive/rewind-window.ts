import * as z from 'zod/mini';
import type { AudioQuality } from '../constants.ts';

/**
 * Live rewind's discovery, beside the archive's contract (episode.ts): `GET /api/rewind/window`
 * says what `GET /api/rewind?at=<epoch ms>&quality=standard|high` can reach.
 */

/** Where the app asks what live rewind can reach. */
export const REWIND_WINDOW_PATH = '/api/rewind/window';

/**
 * `GET /api/rewind/window`: the oldest instant the archive holds (null before anything is recorded)
 * and TIMESHIFT_HOURS in ms. The reachable window at `now` is [max(earliestAt, now - timeshiftMs), now]
 * (rewindWindowAt), so one answer serves the app for as long as it runs.
 */
export const rewindWindowSchema = z.object({
  earliestAt: z.nullable(z.int().check(z.nonnegative())),
  timeshiftMs: z.int().check(z.nonnegative()),
});
export type RewindWindowInfo = z.infer<typeof rewindWindowSchema>;

/** The stream of the archive from `at` (epoch ms) at the listener's quality. */
export function rewindUrl(at: number, quality: AudioQuality): string {
  return `/api/rewind?at=${Math.round(at)}&quality=${quality}`;
}

/** The episode page's path, with `?t=<seconds>` when it opens at a moment. */
export function episodePath(id: string, startSeconds?: number): string {
  const base = `/episodes/${encodeURIComponent(id)}`;
  return startSeconds === undefined || startSeconds < 1 ? base : `${base}?t=${Math.floor(startSeconds)}`;
}
