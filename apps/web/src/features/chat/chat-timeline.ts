import { addCivilDays, findOnAir, stationWallClock, type CivilDate, type Schedule } from '@onair/core';

/** One row of the message list: a message, or a separator placed before the message that crossed it. */
export type TimelineRow<M> =
  | { kind: 'day'; key: string; label: string }
  | { kind: 'show'; key: string; label: string }
  | { kind: 'message'; key: string; message: M };

interface Timed {
  id: string;
  createdAt: number;
}

/**
 * The message list with its separators: a day separator where the station's calendar day changes,
 * and a show separator where the show on air (core `findOnAir` at the message's time, station zone)
 * differs from the previous message's. The first message gets both, so a listener scrolling back
 * always knows when and during which show the conversation was. Messages are oldest first.
 */
export function buildTimeline<M extends Timed>(
  messages: readonly M[],
  schedule: Schedule | null,
  timeZone: string,
  today: Date,
): TimelineRow<M>[] {
  const rows: TimelineRow<M>[] = [];
  let previousDay: string | null = null;
  let previousShow: string | null = null;
  for (const message of messages) {
    const at = new Date(message.createdAt);
    const day = dayKey(at, timeZone);
    if (day !== previousDay) {
      rows.push({ kind: 'day', key: `day-${day}-${message.id}`, label: dayLabel(at, today, timeZone) });
      previousDay = day;
      previousShow = null; // a new day names its show again
    }
    const onAir = schedule ? findOnAir(schedule, at, timeZone) : null;
    const show = onAir ? onAir.slot.show : null;
    if (show !== null && show !== previousShow) {
      rows.push({ kind: 'show', key: `show-${message.id}`, label: `On air: ${show}` });
    }
    previousShow = show;
    rows.push({ kind: 'message', key: message.id, message });
  }
  return rows;
}

const civilKey = ({ year, month, day }: CivilDate): string => `${year}-${month}-${day}`;
const dayKey = (at: Date, timeZone: string): string => civilKey(stationWallClock(at, timeZone));

/** 'Today', 'Yesterday', else the weekday and date, all on the station's calendar. */
export function dayLabel(at: Date, today: Date, timeZone: string): string {
  const key = dayKey(at, timeZone);
  if (key === dayKey(today, timeZone)) return 'Today';
  if (key === civilKey(addCivilDays(stationWallClock(today, timeZone), -1))) return 'Yesterday';
  return new Intl.DateTimeFormat('en-IE', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  }).format(at);
}

/** The time of a message (HH:MM on the station's clock). */
export function messageTime(createdAt: number, timeZone: string): string {
  const clock = stationWallClock(new Date(createdAt), timeZone);
  return `${String(clock.hour).padStart(2, '0')}:${String(clock.minute).padStart(2, '0')}`;
}
