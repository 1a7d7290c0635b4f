import { isReplaySlot } from '../schedule/on-air.ts';
import { parseSlotTime } from '../schedule/slot-time.ts';
import { addCivilDays, stationInstant, stationWallClock } from '../schedule/station-time.ts';
import type { Schedule, ShowSlot } from '../schedule/types.ts';

const MINUTES_PER_DAY = 1440;
const MS_PER_DAY = 86_400_000;

/** One airing of a slot: the weekly slot placed on real instants (epoch ms). */
export interface SlotOccurrence {
  slot: ShowSlot;
  startsAt: number;
  endsAt: number;
}

/**
 * Every airing of a show (not the 'Play Show Replays' filler, which is no show) that overlaps
 * [fromMs, toMs), in start order, read on the station's wall clock in `timeZone`. A slot spanning
 * midnight ends on the next day. Bi-weekly slots are placed every week: the schedule does not say
 * which weeks they air, so the recording of a week they did not air is whatever went out instead.
 */
export function slotOccurrences(
  schedule: Schedule,
  fromMs: number,
  toMs: number,
  timeZone: string,
): SlotOccurrence[] {
  if (!(toMs > fromMs)) return [];
  const first = stationWallClock(new Date(fromMs - MS_PER_DAY), timeZone);
  const days = Math.ceil((toMs - fromMs) / MS_PER_DAY) + 2;
  const found: SlotOccurrence[] = [];
  for (let offset = 0; offset <= days; offset += 1) {
    const date = addCivilDays(first, offset);
    const weekday = stationWallClock(stationInstant(date, 720, timeZone), timeZone).weekday;
    const entry = schedule.find((day) => day.day === weekday);
    for (const slot of entry?.shows ?? []) {
      const time = parseSlotTime(slot.time);
      if (!time || isReplaySlot(slot)) continue;
      const startsAt = stationInstant(date, time.startMinutes, timeZone).getTime();
      const endMinutes = time.endMinutes + (time.spansMidnight ? MINUTES_PER_DAY : 0);
      const endsAt = stationInstant(date, endMinutes, timeZone).getTime();
      if (startsAt < toMs && endsAt > fromMs && endsAt > startsAt) found.push({ slot, startsAt, endsAt });
    }
  }
  return found.sort((a, b) => a.startsAt - b.startsAt || a.endsAt - b.endsAt);
}
