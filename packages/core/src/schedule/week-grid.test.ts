import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { onAirAtWallClock } from './on-air.ts';
import { parseSlotTime } from './slot-time.ts';
import { TEST_SCHEDULE } from './test-schedule.ts';
import { WEEKDAYS, type Schedule, type ShowSlot, type Weekday } from './types.ts';
import {
  layoutWeekGrid,
  moveInWeekGrid,
  weekGridPieceAt,
  type WeekGridColumn,
  type WeekGridPiece,
} from './week-grid.ts';

const DAY = 1440;
const WEEK = 7 * DAY;
const slot = (time: string, artist: string): ShowSlot => ({ time, artist, show: '', genre: '', image: '' });
const outline = (piece: WeekGridPiece) =>
  `${piece.startMinutes}-${piece.endMinutes} ${piece.ref.day}#${piece.ref.index} ${piece.ref.slot.artist}${piece.continued ? ' (cont.)' : ''}`;
const column = (columns: WeekGridColumn[], day: Weekday) => {
  const found = columns.find((candidate) => candidate.day === day);
  if (!found) throw new Error(`no column for ${day}`);
  return found;
};

describe('layoutWeekGrid on the test week', () => {
  const columns = layoutWeekGrid(TEST_SCHEDULE, 'Wednesday');

  it('puts today first and runs round the week', () => {
    expect(columns.map((c) => c.day)).toEqual([
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
      'Monday',
      'Tuesday',
    ]);
  });

  it("opens Monday with Sunday's show running past midnight, the replays after it", () => {
    expect(column(columns, 'Monday').pieces.map(outline)).toEqual([
      '0-120 Sunday#3 Tadhg (cont.)',
      '120-1080 Monday#0 Play Show Replays (cont.)',
      '1080-1200 Monday#1 Seán Ó Briain',
      '1200-1320 Monday#2 Aoife Mac Suibhne',
      '1320-1440 Monday#3 Play Show Replays',
    ]);
    expect(column(columns, 'Monday').pieces[0]?.fromPreviousDay).toBe(true);
    expect(column(columns, 'Sunday').pieces.at(-1)).toMatchObject({
      startMinutes: 1380,
      endMinutes: DAY,
      fromPreviousDay: false,
      continued: false,
    });
  });

  it('fills a column with a whole-day slot and sorts a day stored out of order', () => {
    expect(column(columns, 'Thursday').pieces.map(outline)).toEqual(['0-1440 Thursday#0 Play Show Replays']);
    expect(column(columns, 'Wednesday').pieces.map(outline)).toEqual([
      '0-1140 Wednesday#2 Play Show Replays',
      '1140-1260 Wednesday#0 Niamh Ní Bhriain',
      '1260-1440 Wednesday#1 Play Show Replays',
    ]);
  });

  it('lays out a week-long run of whole days as seven full columns', () => {
    const allWeek = WEEKDAYS.map((day) => ({ day, shows: [slot('12am - 12am', 'Play Show Replays')] }));
    expect(layoutWeekGrid(allWeek, 'Friday').map((c) => c.pieces.map(outline))).toEqual(
      ['Friday', 'Saturday', 'Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday'].map((day) => [
        `0-1440 ${day}#0 Play Show Replays`,
      ]),
    );
  });

  it('shows the rest of a live show that another one interrupted, and leaves gaps and bad times out', () => {
    const week: Schedule = [
      {
        day: 'Tuesday',
        shows: [slot('6pm - 10pm', 'Long'), slot('7pm - 8pm', 'Guest'), slot('sometime', 'Lost')],
      },
    ];
    expect(layoutWeekGrid(week, 'Monday')[1]?.pieces.map(outline)).toEqual([
      '1080-1140 Tuesday#0 Long',
      '1140-1200 Tuesday#1 Guest',
      '1200-1320 Tuesday#0 Long (cont.)',
    ]);
  });
});

describe('weekGridPieceAt and moveInWeekGrid', () => {
  const columns = layoutWeekGrid(TEST_SCHEDULE, 'Monday');

  it('finds the piece on air, none in a gap or for a day without slots', () => {
    expect(weekGridPieceAt(columns, 'Monday', 60)).toEqual({ column: 0, piece: 0 });
    expect(weekGridPieceAt(columns, 'Monday', 1100)).toEqual({ column: 0, piece: 2 });
    const gappy = layoutWeekGrid([{ day: 'Monday', shows: [slot('6pm - 7pm', 'A')] }], 'Monday');
    expect(weekGridPieceAt(gappy, 'Monday', 60)).toBeNull();
    expect(weekGridPieceAt(gappy, 'Tuesday', 1100)).toBeNull();
  });

  it('moves through a day, stops at its ends, and jumps to its first and last pieces', () => {
    expect(moveInWeekGrid(columns, { column: 0, piece: 2 }, 'up')).toEqual({ column: 0, piece: 1 });
    expect(moveInWeekGrid(columns, { column: 0, piece: 0 }, 'up')).toEqual({ column: 0, piece: 0 });
    expect(moveInWeekGrid(columns, { column: 0, piece: 4 }, 'down')).toEqual({ column: 0, piece: 4 });
    expect(moveInWeekGrid(columns, { column: 0, piece: 2 }, 'last')).toEqual({ column: 0, piece: 4 });
    expect(moveInWeekGrid(columns, { column: 0, piece: 2 }, 'first')).toEqual({ column: 0, piece: 0 });
  });

  it('moves sideways onto the piece on air at the same time, skipping days without slots', () => {
    // Monday 6pm (Seán) → Tuesday at 6pm is the replays 11am - 6:30pm.
    expect(moveInWeekGrid(columns, { column: 0, piece: 2 }, 'right')).toEqual({ column: 1, piece: 2 });
    expect(moveInWeekGrid(columns, { column: 0, piece: 2 }, 'left')).toEqual({ column: 0, piece: 2 });
    const sparse = layoutWeekGrid(
      [
        { day: 'Monday', shows: [slot('6pm - 7pm', 'A')] },
        { day: 'Thursday', shows: [slot('9am - 10am', 'B'), slot('5pm - 6pm', 'C')] },
      ],
      'Monday',
    );
    expect(moveInWeekGrid(sparse, { column: 0, piece: 0 }, 'right')).toEqual({ column: 3, piece: 1 });
    expect(moveInWeekGrid(sparse, { column: 3, piece: 0 }, 'right')).toEqual({ column: 3, piece: 0 });
  });
});

// ---- properties over random weeks ----

const clockText = (minutes: number) => {
  const hour24 = Math.floor(minutes / 60) % 24;
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  return `${hour12}:${String(minutes % 60).padStart(2, '0')}${hour24 < 12 ? 'am' : 'pm'}`;
};
const ARTISTS = ['Play Show Replays', 'Seán', 'Aoife'] as const;

/** Any week: slots on a 5-minute clock that may overlap, span midnight or not parse. */
const anyWeekArb: fc.Arbitrary<Schedule> = fc
  .tuple(
    ...WEEKDAYS.map(() =>
      fc.array(
        fc
          .tuple(
            fc.integer({ min: 0, max: 287 }),
            fc.integer({ min: 0, max: 287 }),
            fc.constantFrom(...ARTISTS),
          )
          .map(([start, end, artist]) =>
            slot(
              start === end ? 'to be confirmed' : `${clockText(start * 5)} - ${clockText(end * 5)}`,
              artist,
            ),
          ),
        { maxLength: 6 },
      ),
    ),
  )
  .map((days) => WEEKDAYS.map((day, i) => ({ day, shows: days[i] ?? [] })));

/**
 * A week whose slots never overlap: cuts round the week's minutes, each stretch between two cuts a
 * slot listed under the day it starts (kept where slot text can say it: under a day, or a whole day).
 */
const disjointWeekArb: fc.Arbitrary<Schedule> = fc
  .tuple(
    fc.uniqueArray(fc.integer({ min: 0, max: WEEK / 15 - 1 }), { minLength: 2, maxLength: 40 }),
    fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
  )
  .map(([quarterHours, kept]) => {
    const cuts = quarterHours.map((q) => q * 15).sort((a, b) => a - b);
    const week: Schedule = WEEKDAYS.map((day) => ({ day, shows: [] }));
    cuts.forEach((start, i) => {
      const end = cuts[i + 1] ?? (cuts[0] ?? 0) + WEEK;
      const length = end - start;
      const dayStart = start % DAY;
      const wholeDay = length === DAY && dayStart === 0;
      if (!kept[i] || (length >= DAY && !wholeDay)) return;
      const endText = wholeDay ? '12am' : clockText(end % DAY);
      week[Math.floor(start / DAY)]?.shows.push(slot(`${clockText(dayStart)} - ${endText}`, 'Seán'));
    });
    return week;
  });

function assertColumnsWellFormed(columns: WeekGridColumn[]) {
  for (const { pieces } of columns) {
    pieces.forEach((piece, i) => {
      expect(piece.startMinutes).toBeGreaterThanOrEqual(0);
      expect(piece.endMinutes).toBeLessThanOrEqual(DAY);
      expect(piece.startMinutes).toBeLessThan(piece.endMinutes);
      // No overlap in a column: each piece ends before the next one starts.
      const next = pieces[i + 1];
      if (next) expect(piece.endMinutes).toBeLessThanOrEqual(next.startMinutes);
    });
  }
}

describe('layoutWeekGrid properties', () => {
  it('never overlaps in a column, and draws at every minute the slot the on-air rules give', () => {
    fc.assert(
      fc.property(anyWeekArb, fc.constantFrom(...WEEKDAYS), (week, firstDay) => {
        const columns = layoutWeekGrid(week, firstDay);
        expect(columns.map((c) => c.day)).toEqual(
          WEEKDAYS.map((_, i) => WEEKDAYS[(WEEKDAYS.indexOf(firstDay) + i) % 7]),
        );
        assertColumnsWellFormed(columns);
        const id = (ref: { day: Weekday; index: number } | null | undefined) =>
          ref ? `${ref.day}#${ref.index}` : null;
        // Slot times are on a 5-minute clock: the first and last minute of every 5 tell any change.
        const minutes = Array.from({ length: DAY }, (_, m) => m).filter((m) => m % 5 === 0 || m % 5 === 4);
        for (const { day, pieces } of columns) {
          const drawn = minutes.map((minute) =>
            id(pieces.find((p) => p.startMinutes <= minute && minute < p.endMinutes)?.ref),
          );
          expect(drawn).toEqual(minutes.map((minute) => id(onAirAtWallClock(week, day, minute))));
        }
      }),
      { numRuns: 50 },
    );
  });

  it('covers every minute of every slot exactly once when slots do not overlap, splitting overnight ones at midnight', () => {
    fc.assert(
      fc.property(disjointWeekArb, fc.constantFrom(...WEEKDAYS), (week, firstDay) => {
        const columns = layoutWeekGrid(week, firstDay);
        assertColumnsWellFormed(columns);
        for (const { day, shows } of week) {
          shows.forEach((show, index) => {
            const time = parseSlotTime(show.time);
            if (!time) throw new Error(`generated an unparseable slot ${show.time}`);
            const pieces = columns.flatMap((c) =>
              c.pieces
                .filter((p) => p.ref.day === day && p.ref.index === index)
                .map((p) => ({ column: c.day, p })),
            );
            const minutes = pieces.reduce((sum, { p }) => sum + p.endMinutes - p.startMinutes, 0);
            const length = time.spansMidnight
              ? DAY - time.startMinutes + time.endMinutes
              : time.endMinutes - time.startMinutes;
            expect(minutes).toBe(length);
            if (time.spansMidnight) {
              expect(pieces).toHaveLength(2);
              expect(pieces.find((piece) => piece.column === day)?.p).toMatchObject({
                startMinutes: time.startMinutes,
                endMinutes: DAY,
              });
              const next = WEEKDAYS[(WEEKDAYS.indexOf(day) + 1) % 7];
              expect(pieces.find((piece) => piece.column === next)?.p).toMatchObject({
                startMinutes: 0,
                endMinutes: time.endMinutes,
                fromPreviousDay: true,
                continued: true,
              });
            } else {
              expect(pieces.map(({ column, p }) => [column, p.startMinutes, p.endMinutes])).toEqual([
                [day, time.startMinutes, time.endMinutes],
              ]);
            }
          });
        }
      }),
      { numRuns: 200 },
    );
  });

  it('moves the focus only onto pieces that exist', () => {
    const moves = ['up', 'down', 'left', 'right', 'first', 'last'] as const;
    fc.assert(
      fc.property(anyWeekArb, fc.array(fc.constantFrom(...moves), { maxLength: 20 }), (week, path) => {
        const columns = layoutWeekGrid(week, 'Monday');
        let at = columns.flatMap((c, column) => (c.pieces.length > 0 ? [{ column, piece: 0 }] : []))[0];
        if (!at) return;
        for (const move of path) {
          at = moveInWeekGrid(columns, at, move);
          expect(columns[at.column]?.pieces[at.piece]).toBeDefined();
        }
      }),
      { numRuns: 200 },
    );
  });
});
