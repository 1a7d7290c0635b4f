import { msg, plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { weekdayName } from '../../lib/i18n/weekday.ts';
import {
  computeListeningStats,
  lastSevenDays,
  timeOfDayHours,
  WEEKDAYS,
  type ListeningStats,
  type TimeOfDay,
} from '@onair/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useMinuteClock } from '../../lib/use-minute-clock.ts';
import { useStationClock } from '../../lib/station-clock.ts';
import * as storedLater from '../../lib/stored-later.ts';
import { useStored } from '../../lib/use-stored.ts';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import '../../styles/stats.css';
import { formatDuration, spokenDuration } from './format-duration.ts';

const days = (n: number) => plural(n, { one: '# day', other: '# days' });

const TIME_OF_DAY = {
  Morning: msg({ message: 'Morning', context: 'time of day' }),
  Afternoon: msg({ message: 'Afternoon', context: 'time of day' }),
  Evening: msg({ message: 'Evening', context: 'time of day' }),
  Night: msg({ message: 'Night', context: 'time of day' }),
} as const satisfies Record<TimeOfDay, unknown>;

/** The chart's day, from the core's `Mon`, in the app's language. */
const shortDay = (label: string) => {
  const weekday = WEEKDAYS.find((day) => day.startsWith(label));
  return weekday ? weekdayName(weekday, 'short') : label;
};

/** The listener's own figures, from the sessions kept on this device (route /stats). */
export function StatsScreen() {
  const { t } = useLingui();
  const [sessions] = useStored(storedLater.statsSessions);
  const now = useMinuteClock();
  const stats = useMemo(() => computeListeningStats(sessions, now), [sessions, now]);

  return (
    <section className="screen stats" aria-labelledby="screen-title">
      <ScreenHeader title={t`Listening Stats`} />
      {stats.totalSessions === 0 ? <EmptyStats /> : <StatsBody stats={stats} now={now} />}
    </section>
  );
}

function EmptyStats() {
  return (
    <div className="stats__empty">
      <p className="stats__empty-title">
        <Trans>No listening yet</Trans>
      </p>
      <p>
        <Trans>
          Press play and your listening time, streaks and favourite time of day will show up here.
        </Trans>
      </p>
      <p className="stats__private">
        <Trans>Kept only on this device.</Trans>
      </p>
      <Link to="/" className="stats__cta">
        <Trans>Go to the player</Trans>
      </Link>
    </div>
  );
}

/** The listener's own figures, so their own calendar and hours, written on the station's 24- or 12-hour clock. */
function StatsBody({ stats, now }: { stats: ListeningStats; now: Date }) {
  const { t, i18n } = useLingui();
  const { clock } = useStationClock();
  const week = lastSevenDays(stats.dailyStats, now);
  const peak = Math.max(...week.map((day) => day.totalTime), 1);
  const change = weekChange(stats.thisWeekTime, stats.lastWeekTime);

  return (
    <>
      <div className="stats__hero" role="group" aria-labelledby="stats-total-label">
        <p id="stats-total-label" className="stats__hero-label">
          <Trans>Total listening time</Trans>
        </p>
        <p className="stats__hero-value">{formatDuration(stats.totalListeningTime)}</p>
        <p className="stats__hero-sub">
          {plural(stats.totalSessions, { one: '# session', other: '# sessions' })}
        </p>
      </div>

      <dl className="stats__grid">
        <Tile label={t`Current streak`} value={days(stats.currentStreak)} />
        <Tile label={t`Longest streak`} value={days(stats.longestStreak)} />
        <Tile label={t`Average session`} value={formatDuration(stats.averageSessionLength)} />
        <Tile
          label={t`Favourite time`}
          value={stats.favoriteTimeOfDay ? i18n._(TIME_OF_DAY[stats.favoriteTimeOfDay]) : '—'}
          detail={stats.favoriteTimeOfDay ? timeOfDayHours(stats.favoriteTimeOfDay, clock) : undefined}
        />
        <Tile label={t`This week`} value={formatDuration(stats.thisWeekTime)} detail={change} />
        <Tile label={t`Last week`} value={formatDuration(stats.lastWeekTime)} />
        <Tile label={t`This month`} value={formatDuration(stats.thisMonthTime)} wide />
      </dl>

      <section className="stats__chart" aria-labelledby="stats-chart-title">
        <h2 id="stats-chart-title" className="stats__chart-title">
          <Trans>Last 7 days</Trans>
        </h2>
        <ol className="stats__bars">
          {week.map((day) => (
            <li key={day.date} className={`stats__bar${day.isToday ? ' stats__bar--today' : ''}`}>
              <span className="stats__bar-value" aria-hidden="true">
                {day.totalTime > 0 ? formatDuration(day.totalTime) : ''}
              </span>
              <span className="stats__bar-track" aria-hidden="true">
                <span className="stats__bar-fill" style={{ height: `${(day.totalTime / peak) * 100}%` }} />
              </span>
              <span className="stats__bar-label" aria-hidden="true">
                {shortDay(day.label)}
              </span>
              {/* The bar is decoration; this is what a screen reader reads for the day. */}
              <span className="visually-hidden">
                {day.isToday
                  ? t`Today`
                  : weekdayName(WEEKDAYS.find((name) => name.startsWith(day.label)) ?? 'Monday')}
                : {spokenDuration(day.totalTime)}
              </span>
            </li>
          ))}
        </ol>
      </section>
      <p className="stats__private">
        <Trans>Kept only on this device.</Trans>
      </p>
    </>
  );
}

function Tile({
  label,
  value,
  detail,
  wide,
}: {
  label: string;
  value: string;
  detail?: string | undefined;
  wide?: boolean;
}) {
  return (
    <div className={`stats__tile${wide ? ' stats__tile--wide' : ''}`}>
      <dt>{label}</dt>
      <dd>
        <span className="stats__tile-value">{value}</span>
        {detail ? <span className="stats__tile-detail">{detail}</span> : null}
      </dd>
    </div>
  );
}

/** 'Up 20% on last week', 'Down 50% on last week', or nothing to compare with. */
function weekChange(thisWeek: number, lastWeek: number): string | undefined {
  if (lastWeek === 0) return thisWeek > 0 ? t`New this week` : undefined;
  const percent = Math.round(((thisWeek - lastWeek) / lastWeek) * 100);
  if (percent === 0) return t`Same as last week`;
  const change = Math.abs(percent);
  return percent > 0 ? t`Up ${change}% on last week` : t`Down ${change}% on last week`;
}
