import { onAirAtWallClock } from './on-air.ts';
import { parseSlotTime } from './slot-time.ts';
import { shiftWeekday, type Schedule, type SlotRef, type Weekday } from './types.ts';

const MINUTES_PER_DAY = 24 * 60;

/** One block of a day's column: the part of a slot that is on air between two wall-clock minutes. */
export type WeekGridPiece = {
  ref: SlotRef;
  /** Minutes of the column's day, the start included and the end not; 0 ≤ start < end ≤ 1440. */
  startMinutes: number;
  endMinutes: number;
  /** The slot is listed under the day before and runs on past midnight into this column. */
  fromPreviousDay: boolean;
  /** The piece starts after its slot does: a spill past midnight, or the rest of a slot another show interrupted. */
  continued: boolean;
};

export type WeekGridColumn = { day: Weekday; pieces: WeekGridPiece[] };

/** A piece located in the grid: indexes into `columns` and into that column's `pieces`. */
export type WeekGridPosition = { column: number; piece: number };

export type WeekGridMove = 'up' | 'down' | 'left' | 'right' | 'first' | 'last';

const sameSlot = (a: SlotRef, b: SlotRef) => a.day === b.day && a.index === b.index;

/** The minutes of `day` at which what is on air may change: its slots' starts and ends, and yesterday's spills' ends. */
function boundaries(schedule: Schedule, day: Weekday): number[] {
  const points = new Set([0, MINUTES_PER_DAY]);
  for (const slot of schedule.find((entry) => entry.day === day)?.shows ?? []) {
    const time = parseSlotTime(slot.time);
    if (!time) continue;
    points.add(time.startMinutes);
    if (!time.spansMidnight) points.add(time.endMinutes);
  }
  for (const slot of schedule.find((entry) => entry.day === shiftWeekday(day, -1))?.shows ?? []) {
    const time = parseSlotTime(slot.time);
    if (time?.spansMidnight) points.add(time.endMinutes);
  }
  return [...points].sort((a, b) => a - b);
}

function dayColumn(schedule: Schedule, day: Weekday): WeekGridColumn {
  const pieces: WeekGridPiece[] = [];
  const points = boundaries(schedule, day);
  for (let i = 0; i + 1 < points.length; i += 1) {
    const start = points[i] ?? 0;
    const end = points[i + 1] ?? MINUTES_PER_DAY;
    // Between two boundaries nothing starts or ends, so one reading holds for the whole stretch.
    const ref = onAirAtWallClock(schedule, day, start);
    if (!ref) continue;
    const last = pieces.at(-1);
    if (last && last.endMinutes === start && sameSlot(last.ref, ref)) {
      last.endMinutes = end;
      continue;
    }
    const fromPreviousDay = ref.day !== day;
    const slotStart = parseSlotTime(ref.slot.time)?.startMinutes ?? start;
    pieces.push({
      ref,
      startMinutes: start,
      endMinutes: end,
      fromPreviousDay,
      continued: fromPreviousDay || start > slotStart,
    });
  }
  return { day, pieces };
}

/**
 * The week as a grid of day columns on the station's wall clock, starting with `firstDay` (today)
 * and running round the week. Each column holds what is on air through that day, by the on-air rules
 * (`onAirAtWallClock`): a slot running past midnight ends the day's column and opens the next one's
 * (Sunday '11pm - 2am' opens Monday, wherever Monday stands), a live show hides the replays it overlaps,
 * a whole-day slot ('12am - 12am') fills its column, and unparseable slots are left out. Pieces never
 * overlap and are in time order; minutes where nothing is on air are gaps.
 */
export function layoutWeekGrid(schedule: Schedule, firstDay: Weekday): WeekGridColumn[] {
  return Array.from({ length: 7 }, (_, offset) => dayColumn(schedule, shiftWeekday(firstDay, offset)));
}

/** The piece on air at `minute` of `day`'s column, if any (the grid's on-air mark). */
export function weekGridPieceAt(
  columns: readonly WeekGridColumn[],
  day: Weekday,
  minute: number,
): WeekGridPosition | null {
  const column = columns.findIndex((candidate) => candidate.day === day);
  const piece =
    columns[column]?.pieces.findIndex((p) => p.startMinutes <= minute && minute < p.endMinutes) ?? -1;
  return column >= 0 && piece >= 0 ? { column, piece } : null;
}

/** The piece of `column` on air at `minute`, else the one starting nearest to it. */
function nearestPiece(column: WeekGridColumn, minute: number): number {
  let best = -1;
  let bestDistance = Infinity;
  column.pieces.forEach((piece, index) => {
    const distance =
      piece.startMinutes <= minute && minute < piece.endMinutes ? -1 : Math.abs(piece.startMinutes - minute);
    if (distance < bestDistance) {
      best = index;
      bestDistance = distance;
    }
  });
  return best;
}

/**
 * Where the keyboard focus goes from `from` (the grid's arrow keys): up and down through the day's
 * pieces, first and last of the day (Home, End); left and right to the neighbouring day that has
 * pieces, onto the piece on air when the current one starts (else the nearest start). At an edge
 * the focus stays.
 */
export function moveInWeekGrid(
  columns: readonly WeekGridColumn[],
  from: WeekGridPosition,
  move: WeekGridMove,
): WeekGridPosition {
  const column = columns[from.column];
  const current = column?.pieces[from.piece];
  if (!column || !current) return from;
  switch (move) {
    case 'up':
      return { column: from.column, piece: Math.max(0, from.piece - 1) };
    case 'down':
      return { column: from.column, piece: Math.min(column.pieces.length - 1, from.piece + 1) };
    case 'first':
      return { column: from.column, piece: 0 };
    case 'last':
      return { column: from.column, piece: column.pieces.length - 1 };
    case 'left':
    case 'right': {
      const step = move === 'left' ? -1 : 1;
      for (let index = from.column + step; index >= 0 && index < columns.length; index += step) {
        const target = columns[index];
        if (target && target.pieces.length > 0)
          return { column: index, piece: nearestPiece(target, current.startMinutes) };
      }
      return from;
    }
  }
}
