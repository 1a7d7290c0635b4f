import { t } from '@lingui/core/macro';
import { findOnAir, stationWallClock, type CivilDate, type Schedule } from '@onair/core';
import { showLabel } from '../../lib/favorites.ts';
import { localDayLabel } from '../../lib/i18n/dates.ts';

/** One row of the message list: a message, or a separator placed before the message that crossed it. */
export type TimelineRow<M> =
  | { kind: 'day'; key: string; label: string }
  | { kind: 'show'; key: string; label: string }
  | { kind: 'message'; key: string; message: M };

interface Timed {
  id: string;
  createdAt: number;
}

/** Where an instant falls: the station's calendar day and what was on air (null: nothing). */
export interface TimelinePlace {
  day: string;
  onAir: string | null;
}

/** Minutes a place is remembered for: days and slots change only on a whole minute (every UTC offset is whole minutes). */
const MINUTE_MS = 60_000;
/** Minutes remembered before starting afresh: far more than a window of messages spans. */
const PLACES_KEPT = 10_000;

/**
 * Where each message falls, for `schedule` in `timeZone`, remembered by the minute: a busy room
 * sends many messages a minute, and reading the station clock and the schedule for each of them,
 * on every new message, would cost more than drawing it.
 */
export function timelinePlaces(
  schedule: Schedule | null,
  timeZone: string,
): (createdAt: number) => TimelinePlace {
  const places = new Map<number, TimelinePlace>();
  return (createdAt) => {
    const minute = Math.floor(createdAt / MINUTE_MS);
    let place = places.get(minute);
    if (!place) {
      const at = new Date(minute * MINUTE_MS);
      const onAir = schedule ? findOnAir(schedule, at, timeZone) : null;
      // A slot with no show name (the replays, a guest's hour) is named by its artist, as its card is.
      const label = onAir ? showLabel(onAir.slot).trim() : '';
      place = { day: dayKey(at, timeZone), onAir: label === '' ? null : label };
      if (places.size >= PLACES_KEPT) places.clear();
      places.set(minute, place);
    }
    return place;
  };
}

/**
 * The message list with its separators: a day separator where the station's calendar day changes,
 * and an "On air" separator where what is on air (core `findOnAir` at the message's time, station
 * zone) differs from the previous message's. The first message gets both, so a listener scrolling
 * back always knows when and during which show the conversation was. Messages are oldest first.
 */
export function buildTimeline<M extends Timed>(
  messages: readonly M[],
  placeOf: (createdAt: number) => TimelinePlace,
  timeZone: string,
  today: Date,
): TimelineRow<M>[] {
  const rows: TimelineRow<M>[] = [];
  let previousDay: string | null = null;
  let previousOnAir: string | null = null;
  for (const message of messages) {
    const { day, onAir } = placeOf(message.createdAt);
    if (day !== previousDay) {
      rows.push({
        kind: 'day',
        key: `day-${day}-${message.id}`,
        label: localDayLabel(new Date(message.createdAt), today, timeZone),
      });
      previousDay = day;
      previousOnAir = null; // a new day names its show again
    }
    if (onAir !== null && onAir !== previousOnAir) {
      rows.push({ kind: 'show', key: `show-${message.id}`, label: t`On air: ${onAir}` });
    }
    previousOnAir = onAir;
    rows.push({ kind: 'message', key: message.id, message });
  }
  return rows;
}

const civilKey = ({ year, month, day }: CivilDate): string => `${year}-${month}-${day}`;
const dayKey = (at: Date, timeZone: string): string => civilKey(stationWallClock(at, timeZone));
