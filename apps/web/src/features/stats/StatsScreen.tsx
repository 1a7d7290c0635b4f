import { computeListeningStats, lastSevenDays, timeOfDayHours, type ListeningStats } from '@onair/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useMinuteClock } from '../../lib/use-minute-clock.ts';
import { stored } from '../../lib/stored.ts';
import { useStored } from '../../lib/use-stored.ts';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import '../../styles/stats.css';
import { formatDuration, spokenDuration } from './format-duration.ts';

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** The listener's own figures, from the sessions kept on this device (route /stats). */
export function StatsScreen() {
  const [sessions] = useStored(stored.statsSessions);
  const now = useMinuteClock();
  const stats = useMemo(() => computeListeningStats(sessions, now), [sessions, now]);

  return (
    <section className="screen stats" aria-labelledby="screen-title">
      <ScreenHeader title="Listening Stats" />
      {stats.totalSessions === 0 ? <EmptyStats /> : <StatsBody stats={stats} now={now} />}
    </section>
  );
}

function EmptyStats() {
  return (
    <div className="stats__empty">
      <p className="stats__empty-title">No listening yet</p>
      <p>Press play and your listening time, streaks and favourite time of day will show up here.</p>
      <p className="stats__private">Kept only on this device.</p>
      <Link to="/" className="stats__cta">
        Go to the player
      </Link>
    </div>
  );
}

function StatsBody({ stats, now }: { stats: ListeningStats; now: Date }) {
  const week = lastSevenDays(stats.dailyStats, now);
  const peak = Math.max(...week.map((day) => day.totalTime), 1);
  const change = weekChange(stats.thisWeekTime, stats.lastWeekTime);

  return (
    <>
      <div className="stats__hero" role="group" aria-labelledby="stats-total-label">
        <p id="stats-total-label" className="stats__hero-label">
          Total listening time
        </p>
        <p className="stats__hero-value">{formatDuration(stats.totalListeningTime)}</p>
        <p className="stats__hero-sub">
          {stats.totalSessions} {stats.totalSessions === 1 ? 'session' : 'sessions'}
        </p>
      </div>

      <dl className="stats__grid">
        <Tile label="Current streak" value={days(stats.currentStreak)} />
        <Tile label="Longest streak" value={days(stats.longestStreak)} />
        <Tile label="Average session" value={formatDuration(stats.averageSessionLength)} />
        <Tile
          label="Favourite time"
          value={stats.favoriteTimeOfDay ?? '—'}
          detail={stats.favoriteTimeOfDay ? timeOfDayHours(stats.favoriteTimeOfDay) : undefined}
        />
        <Tile label="This week" value={formatDuration(stats.thisWeekTime)} detail={change} />
        <Tile label="Last week" value={formatDuration(stats.lastWeekTime)} />
        <Tile label="This month" value={formatDuration(stats.thisMonthTime)} wide />
      </dl>

      <section className="stats__chart" aria-labelledby="stats-chart-title">
        <h2 id="stats-chart-title" className="stats__chart-title">
          Last 7 days
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
                {day.label}
              </span>
              {/* The bar is decoration; this is what a screen reader reads for the day. */}
              <span className="visually-hidden">
                {day.isToday ? 'Today' : day.label}: {spokenDuration(day.totalTime)}
              </span>
            </li>
          ))}
        </ol>
      </section>
      <p className="stats__private">Kept only on this device.</p>
    </>
  );
}

function Tile({ label, value, detail, wide }: { label: string; value: string; detail?: string | undefined; wide?: boolean }) {
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
  if (lastWeek === 0) return thisWeek > 0 ? 'New this week' : undefined;
  const percent = Math.round(((thisWeek - lastWeek) / lastWeek) * 100);
  if (percent === 0) return 'Same as last week';
  return `${percent > 0 ? 'Up' : 'Down'} ${Math.abs(percent)}% on last week`;
}
