import { formatTimeOfDay, WEEKDAYS, type ClockStyle, type ListenerHour } from '@onair/core';
import { weekdayName } from '../../lib/i18n/weekday.ts';

const CELL = 20;
const LEFT = 40;
const TOP = 16;

/** The average audience for each hour of the station's week, as a heat map (for the eye; a table follows). */
export function HourOfWeekChart({ hours, clock }: { hours: readonly ListenerHour[]; clock: ClockStyle }) {
  const peak = Math.max(1, ...hours.map((hour) => hour.average));
  const byCell = new Map(hours.map((hour) => [`${hour.weekday} ${hour.hour}`, hour]));
  return (
    <svg
      className="insights__chart"
      viewBox={`0 0 ${LEFT + 24 * CELL} ${TOP + 7 * CELL}`}
      aria-hidden="true"
      focusable="false"
    >
      {[0, 6, 12, 18].map((hour) => (
        <text key={hour} x={LEFT + hour * CELL} y={TOP - 4} className="insights__chart-label">
          {formatTimeOfDay(hour, 0, clock)}
        </text>
      ))}
      {WEEKDAYS.map((weekday, row) => (
        <g key={weekday}>
          <text
            x={0}
            y={TOP + row * CELL + CELL / 2}
            dominantBaseline="middle"
            className="insights__chart-label"
          >
            {weekdayName(weekday, 'short')}
          </text>
          {Array.from({ length: 24 }, (_, hour) => {
            const cell = byCell.get(`${weekday} ${hour}`);
            return (
              <rect
                key={hour}
                x={LEFT + hour * CELL + 1}
                y={TOP + row * CELL + 1}
                width={CELL - 2}
                height={CELL - 2}
                rx="3"
                className="insights__heat"
                fillOpacity={cell ? 0.15 + 0.85 * (cell.average / peak) : 0.05}
              />
            );
          })}
        </g>
      ))}
    </svg>
  );
}
