import { REPLAY_ARTIST } from '../constants.ts';
import { parseSlotTime, type SlotTime } from './slot-time.ts';
import { stationWallClock } from './station-time.ts';
import { shiftWeekday, type Schedule, type ShowSlot, type SlotRef, type Weekday } from './types.ts';

type TimedSlot = SlotRef & { time: SlotTime };

export function isReplaySlot(slot: Pick<ShowSlot, 'artist'>): boolean {
  return slot.artist.trim() === REPLAY_ARTIST;
}

/** The badge of the show on air (spec §2); the replay filler is not a show going out live. */
export const ON_AIR_BADGE = 'On Air';
export const REPLAY_ON_AIR_BADGE = 'Now Playing';

/** The on-air card's badge, the same on Home and on the schedule: 'Now Playing' for the replays, else 'On Air'. */
export function onAirBadge(slot: Pick<ShowSlot, 'artist'>): typeof ON_AIR_BADGE | typeof REPLAY_ON_AIR_BADGE {
  return isReplaySlot(slot) ? REPLAY_ON_AIR_BADGE : ON_AIR_BADGE;
}

/** The day's parseable slots in start order, ties in stored order; unparseable ones are ignored (spec §5). */
function timedSlots(schedule: Schedule, day: Weekday): TimedSlot[] {
  const entry = schedule.find((candidate) => candidate.day === day);
  if (!entry) return [];
  const timed: TimedSlot[] = [];
  entry.shows.forEach((slot, index) => {
    const time = parseSlotTime(slot.time);
    if (time) timed.push({ day, index, slot, time });
  });
  return timed.sort((a, b) => a.time.startMinutes - b.time.startMinutes || a.index - b.index);
}

function toRef({ day, index, slot }: TimedSlot): SlotRef {
  return { day, index, slot };
}

function stationNow(now: Date, timeZone: string) {
  if (Number.isNaN(now.getTime())) return null;
  return stationWallClock(now, timeZone);
}

/**
 * The slot on air at `now`, read on the station's wall clock in `timeZone` so every listener sees the
 * same show wherever they are. A slot ending earlier than it starts runs on into the next day and is
 * reported with the day it is listed under (Sunday '11pm - 2am' at Monday 01:00 → day 'Sunday').
 * Where slots overlap, a live show beats 'Play Show Replays' (replays only fill gaps), then the slot
 * that started most recently wins, then the one listed first.
 */
export function findOnAir(schedule: Schedule, now: Date, timeZone: string): SlotRef | null {
  const clock = stationNow(now, timeZone);
  if (!clock) return null;
  return onAirAtWallClock(schedule, clock.weekday, clock.minutesOfDay);
}

/**
 * The slot on air when the station's wall clock reads `minute` (0–1439) on `weekday`, by the rules
 * of `findOnAir`: what the week grid draws at each minute is what the on-air card would say then.
 */
export function onAirAtWallClock(schedule: Schedule, weekday: Weekday, minute: number): SlotRef | null {
  const covering: { slot: TimedSlot; start: number }[] = [];
  for (const slot of timedSlots(schedule, weekday)) {
    const { startMinutes, endMinutes, spansMidnight } = slot.time;
    if (startMinutes <= minute && (spansMidnight || minute < endMinutes))
      covering.push({ slot, start: startMinutes });
  }
  for (const slot of timedSlots(schedule, shiftWeekday(weekday, -1))) {
    // Yesterday's spill-over started before today's midnight, so it ranks as the earliest start.
    if (slot.time.spansMidnight && minute < slot.time.endMinutes)
      covering.push({ slot, start: slot.time.startMinutes - 1440 });
  }
  let best: { slot: TimedSlot; start: number } | undefined;
  for (const candidate of covering) {
    if (!best) {
      best = candidate;
      continue;
    }
    const liveBeatsReplay = isReplaySlot(best.slot.slot) && !isReplaySlot(candidate.slot.slot);
    const sameKind = isReplaySlot(best.slot.slot) === isReplaySlot(candidate.slot.slot);
    if (liveBeatsReplay || (sameKind && candidate.start > best.start)) best = candidate;
  }
  return best ? toRef(best.slot) : null;
}

/**
 * The 'Up next' slot, spec §4 read literally: the first slot of today (station time) starting after
 * `now`, where a 'Play Show Replays' slot is skipped unless it is the day's last slot; when today has
 * none, the first non-replay slot of the next day, else that day's first slot; null when that day is
 * empty too.
 */
export function findUpNext(schedule: Schedule, now: Date, timeZone: string): SlotRef | null {
  const clock = stationNow(now, timeZone);
  if (!clock) return null;
  const today = timedSlots(schedule, clock.weekday);
  const last = today.at(-1);
  const laterToday = today.find(
    (slot) => slot.time.startMinutes > clock.minutesOfDay && (!isReplaySlot(slot.slot) || slot === last),
  );
  if (laterToday) return toRef(laterToday);
  const tomorrow = timedSlots(schedule, shiftWeekday(clock.weekday, 1));
  const pick = tomorrow.find((slot) => !isReplaySlot(slot.slot)) ?? tomorrow[0];
  return pick ? toRef(pick) : null;
}

/**
 * The day the schedule opens on: the day listing the show on air, else today, both in station time.
 * They differ only while a show listed under yesterday runs past midnight (Monday 01:00 during
 * Sunday's '11pm - 2am'): the listener then lands on the slide with the show they hear, badge and all,
 * rather than on a day where nothing is marked on air.
 */
export function scheduleOpeningDay(schedule: Schedule, now: Date, timeZone: string): Weekday | null {
  const clock = stationNow(now, timeZone);
  if (!clock) return null;
  return findOnAir(schedule, now, timeZone)?.day ?? clock.weekday;
}
