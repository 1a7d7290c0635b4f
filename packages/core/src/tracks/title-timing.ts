/**
 * Titles in sync with the sound. A listener hears the station late: Icecast sends each new listener
 * a burst of audio from its queue (what was on air a few seconds ago), and the player keeps what it
 * received but has not played yet. Both sit in the element's buffer, ahead of the playhead: the lag
 * is the buffered end (the live edge, as data keeps arriving in real time) minus the playhead. A
 * new title is shown when the song reaches the ears: when it changed at the source, plus that lag.
 * All times in ms on the listener's clock unless named otherwise.
 */

/** Below this the lag is noise (one append's worth of frames): titles switch as they come. */
export const TITLE_SYNC_MIN_LAG_MS = 250;
/** A buffer this deep is a stalled or paused stream, not lag: such a reading is ignored. */
export const TITLE_SYNC_MAX_LAG_MS = 60_000;

/** The element's buffered ranges and playhead, as HTMLMediaElement reports them (seconds). */
export interface MediaTiming {
  currentTimeS: number;
  /** End of the buffered range holding the playhead; null when nothing is buffered there. */
  bufferedEndS: number | null;
}

/** How far behind live the listener hears, in ms; 0 when it cannot be told or is negligible. */
export function listenerLagMs({ currentTimeS, bufferedEndS }: MediaTiming): number {
  if (bufferedEndS === null || !Number.isFinite(bufferedEndS) || !Number.isFinite(currentTimeS)) return 0;
  const lag = Math.round((bufferedEndS - currentTimeS) * 1000);
  if (lag < TITLE_SYNC_MIN_LAG_MS || lag > TITLE_SYNC_MAX_LAG_MS) return 0;
  return lag;
}

/** The end of the buffered range that holds `currentTimeS`, from the element's TimeRanges. */
export function bufferedEndAt(
  ranges: { length: number; start(index: number): number; end(index: number): number },
  currentTimeS: number,
): number | null {
  for (let index = 0; index < ranges.length; index += 1) {
    if (ranges.start(index) <= currentTimeS + 0.05 && currentTimeS <= ranges.end(index))
      return ranges.end(index);
  }
  return null;
}

/**
 * When a title that changed at the source at `changedAtMs` reaches the listener's ears:
 * `changedAtMs + lagMs`, never before it was received. Without a change time (the feed's first
 * value) it shows at once.
 */
export function titleSwitchAtMs({
  changedAtMs,
  receivedAtMs,
  lagMs,
}: {
  changedAtMs: number | null;
  receivedAtMs: number;
  lagMs: number;
}): number {
  if (changedAtMs === null || !Number.isFinite(changedAtMs)) return receivedAtMs;
  return Math.max(receivedAtMs, changedAtMs + Math.max(0, lagMs));
}

/**
 * The server reads the feed now and then and sees a change at the first read after it: the best
 * guess of when it happened is halfway between the last read that still saw the old value and
 * this one (error at most half the poll interval, either way). Without an earlier read, this one.
 */
export function estimateChangeAtMs(previousReadAtMs: number | null, readAtMs: number): number {
  if (previousReadAtMs === null || previousReadAtMs > readAtMs) return readAtMs;
  return Math.round((previousReadAtMs + readAtMs) / 2);
}

/**
 * The tracks (newest first) the listener has heard begin: none newer than the one on screen, which
 * switched when it reached the ears (`heardStartedAt`, its start as the feed dated it). Without one
 * on screen yet, all of them.
 */
export function tracksHeard<T extends { startedAt: string }>(
  tracks: readonly T[],
  heardStartedAt: string | null,
): T[] {
  const heard = heardStartedAt === null ? Number.NaN : Date.parse(heardStartedAt);
  if (!Number.isFinite(heard)) return [...tracks];
  return tracks.filter((track) => {
    const started = Date.parse(track.startedAt);
    return !Number.isFinite(started) || started <= heard;
  });
}
