import { Trans, useLingui } from '@lingui/react/macro';
import {
  formatTimeOfDay,
  layoutWeekGrid,
  moveInWeekGrid,
  stationWallClock,
  weekGridPieceAt,
  type ClockSetting,
  type Schedule,
  type ShowSlot,
  type Weekday,
  type WeekGridMove,
  type WeekGridPosition,
} from '@onair/core';
import { useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { localSlotTime } from '../../lib/i18n/dates.ts';
import { weekdayName } from '../../lib/i18n/weekday.ts';
import '../../styles/week-grid.css';

interface WeekGridProps {
  schedule: Schedule;
  now: Date;
  stationClock: ClockSetting;
  /** Enter or a click on a show: its details. */
  onOpen: (day: Weekday, slot: ShowSlot) => void;
}

const MINUTES_PER_DAY = 1440;
const AXIS_HOURS = Array.from({ length: 12 }, (_, i) => i * 2);
const KEY_MOVES: Readonly<Record<string, WeekGridMove>> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
  Home: 'first',
  End: 'last',
};

const MIRRORED_MOVES: Partial<Record<WeekGridMove, WeekGridMove>> = { left: 'right', right: 'left' };

const positionKey = ({ column, piece }: WeekGridPosition) => `${column}:${piece}`;
const span = (start: number, end: number): CSSProperties => ({
  top: `${(start / MINUTES_PER_DAY) * 100}%`,
  height: `${((end - start) / MINUTES_PER_DAY) * 100}%`,
});

/**
 * The whole week at once on a wide screen (issue 34): days across, today first, times down on the
 * station's clock, each day's column laid out by core's `layoutWeekGrid` (what is on air at each
 * minute, overnight shows split at midnight). One show is in the Tab order at a time (roving
 * tabindex): the arrow keys move between shows, Home and End to a day's first and last, Enter opens it.
 */
export function WeekGrid({ schedule, now, stationClock, onOpen }: WeekGridProps) {
  const { t } = useLingui();
  const { timeZone } = stationClock;
  const clock = stationWallClock(now, stationClock.timeZone);
  const columns = useMemo(() => layoutWeekGrid(schedule, clock.weekday), [schedule, clock.weekday]);
  const onAir = weekGridPieceAt(columns, clock.weekday, clock.minutesOfDay);
  const firstPiece = columns.findIndex((column) => column.pieces.length > 0);
  const [chosen, setChosen] = useState<WeekGridPosition | null>(null);
  // The show in the Tab order: the one chosen with the keys while it still exists, else the one on air.
  const current =
    chosen && columns[chosen.column]?.pieces[chosen.piece]
      ? chosen
      : (onAir ?? (firstPiece >= 0 ? { column: firstPiece, piece: 0 } : null));
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const scroller = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const focusAfterMove = useRef(false);

  // Opens with the time now an hour and a half below the top, rather than on midnight.
  useLayoutEffect(() => {
    const height = body.current?.offsetHeight;
    if (!scroller.current || !height) return;
    scroller.current.scrollTop = Math.max(0, ((clock.minutesOfDay - 90) / MINUTES_PER_DAY) * height);
    // Only on the first layout: later minutes must not pull the view away from where the listener scrolled.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useLayoutEffect(() => {
    if (!focusAfterMove.current || !current) return;
    focusAfterMove.current = false;
    buttons.current.get(positionKey(current))?.focus();
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const keyed = KEY_MOVES[event.key];
    // Right to left, the days run leftwards: ← goes on to the next day.
    const rtl = keyed && getComputedStyle(event.currentTarget).direction === 'rtl';
    const move = rtl ? (MIRRORED_MOVES[keyed] ?? keyed) : keyed;
    if (!move || !current || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    focusAfterMove.current = true;
    setChosen(moveInWeekGrid(columns, current, move));
  };

  const nowTop = `${(clock.minutesOfDay / MINUTES_PER_DAY) * 100}%`;

  return (
    <div className="week-grid">
      <p className="week-grid__keys" id="week-grid-keys">
        <Trans>Arrow keys move between shows, Enter opens one. Times are the station’s ({timeZone}).</Trans>
      </p>
      <div
        className="week-grid__scroller"
        ref={scroller}
        role="group"
        aria-label={t`The week’s shows`}
        aria-describedby="week-grid-keys"
        onKeyDown={onKeyDown}
      >
        <div className="week-grid__head">
          <span className="week-grid__corner" />
          {columns.map(({ day }, index) => (
            <h2 key={day} className={`week-grid__day${index === 0 ? ' week-grid__day--today' : ''}`}>
              {weekdayName(day)}{' '}
              {index === 0 ? (
                <span className="week-grid__today">
                  <Trans>Today</Trans>
                </span>
              ) : null}
            </h2>
          ))}
        </div>
        <div className="week-grid__body" ref={body}>
          <ol className="week-grid__axis" aria-hidden="true">
            {AXIS_HOURS.map((hour) => (
              <li key={hour} style={{ top: `${(hour / 24) * 100}%` }}>
                {formatTimeOfDay(hour, 0, stationClock.clock)}
              </li>
            ))}
          </ol>
          {columns.map(({ day, pieces }, column) => {
            const dayName = weekdayName(day);
            return (
              <ol
                key={day}
                className="week-grid__column"
                aria-label={column === 0 ? t`${dayName}, today` : dayName}
              >
                {pieces.map((piece, index) => {
                  const position = { column, piece: index };
                  const isOnAir = onAir?.column === column && onAir.piece === index;
                  const tabbable = current?.column === column && current.piece === index;
                  // Under an hour and a half the show's name does not fit (it stays in the button's name);
                  // under 45 minutes the time and artist share one line.
                  const minutes = piece.endMinutes - piece.startMinutes;
                  const short = minutes < 90;
                  return (
                    <li
                      key={`${piece.ref.day}#${piece.ref.index}@${piece.startMinutes}`}
                      className={`week-grid__piece${isOnAir ? ' week-grid__piece--on-air' : ''}${
                        minutes < 45 ? ' week-grid__piece--tiny' : ''
                      }`}
                      style={span(piece.startMinutes, piece.endMinutes)}
                    >
                      <button
                        type="button"
                        ref={(element) => {
                          if (element) buttons.current.set(positionKey(position), element);
                          else buttons.current.delete(positionKey(position));
                        }}
                        tabIndex={tabbable ? 0 : -1}
                        onFocus={() => setChosen(position)}
                        onClick={() => onOpen(piece.ref.day, piece.ref.slot)}
                      >
                        {/* The button's name is its text, in the order it is seen (WCAG 2.5.3). */}
                        <span className="week-grid__time">
                          {localSlotTime(piece.ref.slot.time, stationClock.clock)}
                          {piece.continued ? t`, continued` : null}
                          {isOnAir ? (
                            <>
                              {' '}
                              <span className="week-grid__badge">{t`On Air`}</span>
                            </>
                          ) : null}
                        </span>{' '}
                        <span className="week-grid__artist">{piece.ref.slot.artist}</span>
                        {piece.ref.slot.show ? (
                          <>
                            {' '}
                            <span className={short ? 'visually-hidden' : 'week-grid__show'}>
                              {piece.ref.slot.show}
                            </span>
                          </>
                        ) : null}
                      </button>
                    </li>
                  );
                })}
                {column === 0 ? (
                  <li className="week-grid__now" style={{ top: nowTop }} aria-hidden="true" />
                ) : null}
              </ol>
            );
          })}
        </div>
      </div>
    </div>
  );
}
