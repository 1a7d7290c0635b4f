import {
  ANALYTICS_RETENTION_DAYS,
  INSIGHTS_DEFAULT_DAYS,
  type AnalyticsEventName,
  type Insights,
} from '@onair/core';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { isSignedOutError } from '../../lib/auth.ts';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { fetchInsights } from './api.ts';
import { BarChart } from './BarChart.tsx';
import { HourOfWeekChart } from './HourOfWeekChart.tsx';
import './insights.css';

const PERIODS = [7, 30, 90] as const;

const EVENT_LABELS: Record<AnalyticsEventName, string> = {
  chat_close: 'Chat closed',
  message_sent: 'Chat message sent',
  reaction_given: 'Reaction given',
  emoji_modal_open: 'Emoji picker opened',
  sleep_timer_start: 'Sleep timer started',
  sleep_timer_complete: 'Sleep timer completed',
  sleep_timer_cancel: 'Sleep timer cancelled',
  social_media_click: 'Social link opened',
  show_favorited: 'Show favourited',
  show_unfavorited: 'Show unfavourited',
};
const PLATFORM_LABELS = { native_app: 'Native app', pwa: 'Installed app', web_browser: 'Browser' } as const;

type Load =
  { state: 'loading' } | { state: 'ready'; insights: Insights } | { state: 'failed'; error: unknown };

/** What the station learns, in aggregate, for its admin (route /insights). */
export function InsightsScreen() {
  const [days, setDays] = useState<number>(INSIGHTS_DEFAULT_DAYS);
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const periodId = useId();

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    fetchInsights(days, controller.signal).then(
      (insights) => setLoad({ state: 'ready', insights }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoad({ state: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [days, attempt]);

  return (
    <section className="screen insights" aria-labelledby="screen-title">
      <ScreenHeader title="Station Insights" />
      <div className="insights__period">
        <label htmlFor={periodId}>Period</label>
        <select id={periodId} value={days} onChange={(event) => setDays(Number(event.target.value))}>
          {PERIODS.map((period) => (
            <option key={period} value={period}>
              Last {period} days
            </option>
          ))}
        </select>
      </div>
      {load.state === 'loading' ? (
        <p className="screen__note" role="status">
          Loading insights…
        </p>
      ) : load.state === 'failed' ? (
        <LoadFailed error={load.error} onRetry={() => setAttempt((count) => count + 1)} />
      ) : (
        <InsightsBody insights={load.insights} />
      )}
      <p className="insights__private">
        Counts only: no addresses, no accounts, no one followed from page to page. Kept for{' '}
        {ANALYTICS_RETENTION_DAYS} days.
      </p>
    </section>
  );
}

function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (isSignedOutError(error)) {
    return (
      <div className="insights__card" role="alert">
        <p>{error.message}</p>
        {error.code === 'sign_in_required' ? (
          <Link to="/schedule">Sign in with the Admin link under the schedule</Link>
        ) : null}
      </div>
    );
  }
  return (
    <div className="insights__card" role="alert">
      <p>The insights could not be loaded. {error instanceof Error ? error.message : ''}</p>
      <button type="button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

function InsightsBody({ insights }: { insights: Insights }) {
  const { listeners, sleepTimer, chat } = insights;
  const perDay = new Map<string, number>();
  for (const row of insights.eventsByDay) perDay.set(row.day, (perDay.get(row.day) ?? 0) + row.count);
  return (
    <>
      <Section title="Listeners">
        <Tiles
          figures={[
            ['Peak', listeners.peak],
            ['Average', listeners.average],
          ]}
        />
        {listeners.byDay.length === 0 ? (
          <p>No listener figures yet: they are read from the stream server every minute.</p>
        ) : (
          <>
            <BarChart bars={listeners.byDay.map((day) => ({ label: day.day, value: day.peak }))} />
            <Table
              caption="Listeners by day"
              head={['Day', 'Peak', 'Average']}
              rows={listeners.byDay.map((day) => [day.day, day.peak, day.average])}
            />
            <h3 className="insights__subtitle">By hour of the week (station time)</h3>
            <HourOfWeekChart hours={listeners.byHourOfWeek} />
            <details>
              <summary>Hours of the week as a table</summary>
              <Table
                caption="Listeners by hour of the week"
                head={['Day', 'Hour', 'Average', 'Peak']}
                rows={listeners.byHourOfWeek.map((hour) => [
                  hour.weekday,
                  `${String(hour.hour).padStart(2, '0')}:00`,
                  hour.average,
                  hour.peak,
                ])}
              />
            </details>
          </>
        )}
      </Section>

      <Section title="Events per day">
        {insights.eventsByDay.length === 0 ? (
          <p>No events in this period.</p>
        ) : (
          <>
            <BarChart bars={[...perDay].map(([day, count]) => ({ label: day, value: count }))} />
            <Table
              caption="Events per day, by name and platform"
              head={['Day', 'Event', 'Platform', 'Count']}
              rows={insights.eventsByDay.map((row) => [
                row.day,
                EVENT_LABELS[row.name],
                PLATFORM_LABELS[row.platform],
                row.count,
              ])}
            />
          </>
        )}
      </Section>

      <Section title="Most favourited shows">
        {insights.topShows.length === 0 ? (
          <p>No show was favourited in this period.</p>
        ) : (
          <>
            <BarChart bars={insights.topShows.map((show) => ({ label: show.show, value: show.favorited }))} />
            <Table
              caption="Most favourited shows"
              head={['Show', 'Favourited', 'Unfavourited']}
              rows={insights.topShows.map((show) => [show.show, show.favorited, show.unfavorited])}
            />
          </>
        )}
      </Section>

      <Section title="Sleep timer">
        <Tiles
          figures={[
            ['Started', sleepTimer.started],
            ['Completed', sleepTimer.completed],
            ['Cancelled', sleepTimer.cancelled],
            ['Custom time', sleepTimer.custom],
          ]}
        />
        {sleepTimer.byMinutes.length > 0 ? (
          <>
            <BarChart
              bars={sleepTimer.byMinutes.map((row) => ({ label: `${row.minutes} min`, value: row.count }))}
            />
            <Table
              caption="Sleep timers started, by length"
              head={['Minutes', 'Started']}
              rows={sleepTimer.byMinutes.map((row) => [row.minutes, row.count])}
            />
          </>
        ) : null}
      </Section>

      <Section title="Chat activity">
        <Tiles
          figures={[
            ['Messages', chat.messages],
            ['Reactions', chat.reactions],
            ['Emoji picker opened', chat.emojiPickerOpens],
            ['Chat closed', chat.closes],
          ]}
        />
      </Section>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="insights__card" aria-labelledby={id}>
      <h2 id={id} className="insights__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Tiles({ figures }: { figures: readonly (readonly [string, number])[] }) {
  return (
    <dl className="insights__tiles">
      {figures.map(([label, value]) => (
        <div key={label} className="insights__tile">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Table({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: readonly string[];
  rows: readonly (readonly (string | number)[])[];
}) {
  return (
    <div className="insights__table-wrap">
      <table className="insights__table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              {row.map((cell, column) => (
                <td key={column}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
