import { findOnAir } from '../schedule/on-air.ts';
import { parseSlotTime } from '../schedule/slot-time.ts';
import { addCivilDays, stationInstant, stationWallClock } from '../schedule/station-time.ts';
import type { Schedule, ShowSlot } from '../schedule/types.ts';
import type { RewindWindowInfo } from './rewind-window.ts';

/**
 * Live rewind's timeline: which instants of the last TIMESHIFT_HOURS a listener can reach, where a
 * scrubber position lands, which show was on air then and how far behind live that is. Instants are
 * epoch ms on the listener's clock; `now` is always passed in.
 */

/** The step of **Back 30 seconds**, Media Session's seekbackward/seekforward without an offset, and the scrubber's arrow keys. */
export const REWIND_STEP_MS = 30_000;
/** The scrubber's Page Up / Page Down step. */
export const REWIND_PAGE_STEP_MS = 5 * 60_000;
/**
 * Closer than this to the live edge counts as live: a position there is played from the live mount,
 * whose own burst and buffer already put the listener a few seconds behind.
 */
export const REWIND_LIVE_MARGIN_MS = 15_000;

export interface RewindWindow {
  /** The oldest reachable instant. */
  from: number;
  /** The live edge: now. */
  to: number;
}

/** The reachable window at `now`, or null when nothing is recorded yet (or the window is empty). */
export function rewindWindowAt(info: RewindWindowInfo, now: number): RewindWindow | null {
  if (info.earliestAt === null || !Number.isFinite(now)) return null;
  const from = Math.max(info.earliestAt, now - info.timeshiftMs);
  return from < now - REWIND_LIVE_MARGIN_MS ? { from, to: now } : null;
}

/** `at` moved inside the window. */
export function clampToWindow(at: number, window: RewindWindow): number {
  return Math.min(window.to, Math.max(window.from, at));
}

/** Whether a listener at `at` is, for the app, at the live edge. */
export function isAtLiveEdge(at: number, window: RewindWindow): boolean {
  return window.to - at <= REWIND_LIVE_MARGIN_MS;
}

/** Where `at` sits on the scrubber, 0 (oldest) to 1 (live). */
export function windowFraction(at: number, window: RewindWindow): number {
  const span = window.to - window.from;
  if (span <= 0) return 1;
  return (clampToWindow(at, window) - window.from) / span;
}

/** The instant under a scrubber position (0..1, clamped). */
export function instantAtFraction(fraction: number, window: RewindWindow): number {
  const clamped = Number.isFinite(fraction) ? Math.min(1, Math.max(0, fraction)) : 1;
  return Math.round(window.from + clamped * (window.to - window.from));
}

/** How far behind live a listener at `at` is, in ms (0 at or past the edge). */
export function behindLiveMs(at: number, now: number): number {
  return Math.max(0, Math.round(now - at));
}

/**
 * How far behind live, as the notice and the scrubber say it: seconds under a minute, whole minutes
 * under an hour, else hours and minutes (`30 s`, `4 min`, `1 h 05 min` in English). The words are the
 * app's language's (apps/web rewind/behind-live.ts); the rule is here.
 */
export type BehindLive =
  | { unit: 'seconds'; seconds: number }
  | { unit: 'minutes'; minutes: number }
  | { unit: 'hours'; hours: number; minutes: number };

export function behindLiveParts(ms: number): BehindLive {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return { unit: 'seconds', seconds };
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return { unit: 'minutes', minutes };
  return { unit: 'hours', hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

/** One show's stretch of the timeline. */
export interface ShowSegment {
  slot: ShowSlot;
  /** When the slot began on the schedule (may be before the window). */
  slotStartMs: number;
  /** Where it begins and ends inside the window. */
  startMs: number;
  endMs: number;
}

const MINUTE_MS = 60_000;
/** The widest window segmented: a longer one is cut to its newest day (TIMESHIFT_HOURS past 24). */
const MAX_SEGMENTED_MS = 24 * 60 * MINUTE_MS;

/** When the slot on air at `instant` began on the station's wall clock. */
function slotStart(
  schedule: Schedule,
  instant: Date,
  timeZone: string,
): { slot: ShowSlot; key: string; startMs: number } | null {
  const ref = findOnAir(schedule, instant, timeZone);
  const time = ref ? parseSlotTime(ref.slot.time) : null;
  if (!ref || !time) return null;
  const clock = stationWallClock(instant, timeZone);
  // Yesterday's slot running past midnight started on the day before the station's today.
  const date = ref.day === clock.weekday ? clock : addCivilDays(clock, -1);
  const startMs = stationInstant(date, time.startMinutes, timeZone).getTime();
  return { slot: ref.slot, key: `${ref.day}#${ref.index}@${startMs}`, startMs };
}

/**
 * The shows across the window, oldest first, from the schedule read in the station's time zone:
 * each stretch where one slot was on air (findOnAir's rules, overlaps included). Slot times are
 * whole minutes, so the on-air slot is read once a minute; a gap in the schedule is no segment.
 */
export function showSegments(schedule: Schedule, window: RewindWindow, timeZone: string): ShowSegment[] {
  const segments: ShowSegment[] = [];
  const from = Math.max(window.from, window.to - MAX_SEGMENTED_MS);
  let currentKey: string | null = null;
  const boundaries = [from];
  for (let minute = Math.floor(from / MINUTE_MS + 1) * MINUTE_MS; minute < window.to; minute += MINUTE_MS)
    boundaries.push(minute);
  for (const at of boundaries) {
    const found = slotStart(schedule, new Date(at), timeZone);
    const last = segments.at(-1);
    if (last && currentKey !== null) last.endMs = at;
    if (!found) {
      currentKey = null;
      continue;
    }
    if (found.key !== currentKey) {
      segments.push({ slot: found.slot, slotStartMs: found.startMs, startMs: at, endMs: window.to });
      currentKey = found.key;
    }
  }
  const last = segments.at(-1);
  if (last && currentKey !== null) last.endMs = window.to;
  return segments;
}

/** The segment holding `at`, or null in a gap of the schedule. */
export function segmentAt(segments: readonly ShowSegment[], at: number): ShowSegment | null {
  const last = segments.length - 1;
  // The last segment holds its end too: that is the live edge.
  return segments.find((s, i) => s.startMs <= at && (at < s.endMs || (i === last && at === s.endMs))) ?? null;
}

/** **Restart this show**: where the slot heard at `at` began, or the window's start if it began earlier. */
export function restartShowAt(
  segments: readonly ShowSegment[],
  at: number,
  window: RewindWindow,
): number | null {
  const segment = segmentAt(segments, at);
  return segment ? clampToWindow(segment.slotStartMs, window) : null;
}

/** **Back 30 seconds** (or any step): `step` ms before `at`, never before the window. */
export function stepBack(at: number, window: RewindWindow, stepMs: number = REWIND_STEP_MS): number {
  return clampToWindow(at - stepMs, window);
}

/** Forward by `step` ms; null when that reaches the live edge (the app goes live instead). */
export function stepForward(
  at: number,
  window: RewindWindow,
  stepMs: number = REWIND_STEP_MS,
): number | null {
  const next = at + stepMs;
  return isAtLiveEdge(next, window) ? null : clampToWindow(next, window);
}

/** The track heard at `at`: the newest one (of a newest-first history) that began by then; null before all. */
export function trackPlayingAt<T extends { startedAt: string }>(tracks: readonly T[], at: number): T | null {
  for (const track of tracks) {
    const started = Date.parse(track.startedAt);
    if (Number.isFinite(started) && started <= at) return track;
  }
  return null;
}
