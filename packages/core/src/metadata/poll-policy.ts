import {
  METADATA_IDLE_MIN_INTERVAL_MS,
  METADATA_IDLE_PAUSE_MS,
  METADATA_IDLE_THRESHOLD_MS,
  METADATA_POLL_HIDDEN_MS,
  METADATA_POLL_VISIBLE_MS,
} from '../constants.ts';

export type MetadataPollInput = {
  /** The page is visible (document.visibilityState === 'visible'). */
  visible: boolean;
  /** Audio is playing. */
  playing: boolean;
  /** Time since the listener last interacted with the page, in ms. */
  idleMs: number;
};

/**
 * Delay before the next metadata poll, or null to stop polling until something changes (spec §9).
 * Reading chosen for the spec's four figures:
 *   1. Not playing and idle for more than 2 min → paused (null): nobody is listening or looking.
 *   2. Otherwise the base interval is 30 s while visible, 5 min while hidden.
 *   3. Idle for more than 5 min (only reachable while playing, by rule 1) → at least 60 s, so a
 *      forgotten visible tab polls at most once a minute; hidden stays at 5 min.
 * "Over" means strictly greater. A negative or non-finite idle time counts as not idle.
 */
export function metadataPollDelayMs({ visible, playing, idleMs }: MetadataPollInput): number | null {
  const idle = Number.isFinite(idleMs) && idleMs > 0 ? idleMs : 0;
  if (!playing && idle > METADATA_IDLE_PAUSE_MS) return null;
  const base = visible ? METADATA_POLL_VISIBLE_MS : METADATA_POLL_HIDDEN_MS;
  return idle > METADATA_IDLE_THRESHOLD_MS ? Math.max(base, METADATA_IDLE_MIN_INTERVAL_MS) : base;
}
