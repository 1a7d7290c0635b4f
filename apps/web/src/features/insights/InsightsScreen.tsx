import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  ANALYTICS_RETENTION_DAYS,
  INSIGHTS_DEFAULT_DAYS,
  formatTimeOfDay,
  type AnalyticsEventName,
  type Insights,
  type PlatformType,
} from '@onair/core';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { weekdayName } from '../../lib/i18n/weekday.ts';
import { useStationClock } from '../../lib/station-clock.ts';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { fetchInsights } from './api.ts';
import { BarChart } from './BarChart.tsx';
import { AudienceFigures } from './AudienceFigures.tsx';
import { HourOfWeekChart } from './HourOfWeekChart.tsx';
import { Section, Table, Tiles } from './InsightsParts.tsx';
import { AdminLoadFailed } from '../../ui/AdminLoadFailed.tsx';
import './insights.css';

const PERIODS = [7, 30, 90] as const;

const EVENT_LABELS: Record<AnalyticsEventName, MessageDescriptor> = {
  chat_close: msg`Chat closed`,
  message_sent: msg`Chat message sent`,
  reaction_given: msg`Reaction given`,
  emoji_modal_open: msg`Emoji picker opened`,
  sleep_timer_start: msg`Sleep timer started`,
  sleep_timer_complete: msg`Sleep timer completed`,
  sleep_timer_cancel: msg`Sleep timer cancelled`,
  social_media_click: msg`Social link opened`,
  show_favorited: msg`Show favourited`,
  show_unfavorited: msg`Show unfavourited`,
  rewind_used: msg`Live rewind used`,
  listening_session: msg`Listening sessions ended`,
};
const PLATFORM_LABELS: Record<PlatformType, MessageDescriptor> = {
  native_app: msg`Native app`,
  pwa: msg`Installed app`,
  web_browser: msg`Browser`,
};

type Load =
  { state: 'loading' } | { state: 'ready'; insights: Insights } | { state: 'failed'; error: unknown };

/** What the station learns, in aggregate, for its admin (route /insights). */
export function InsightsScreen() {
  const [days, setDays] = useState<number>(INSIGHTS_DEFAULT_DAYS);
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const periodId = useId();
  const { t } = useLingui();
  const retentionDays = ANALYTICS_RETENTION_DAYS;

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
      <ScreenHeader title={t`Station Insights`} />
      <p className="insights__links">
        <Trans>
          <Link to="/integrations">Integrations</Link>: webhooks, social posts and TuneIn, with their delivery
          log.
        </Trans>
      </p>
      <div className="insights__period">
        <label htmlFor={periodId}>
          <Trans>Period</Trans>
        </label>
        <select id={periodId} value={days} onChange={(event) => setDays(Number(event.target.value))}>
          {PERIODS.map((period) => (
            <option key={period} value={period}>
              {t`Last ${period} days`}
            </option>
          ))}
        </select>
      </div>
      {load.state === 'loading' ? (
        <p className="screen__note" role="status">
          <Trans>Loading insights…</Trans>
        </p>
      ) : load.state === 'failed' ? (
        <AdminLoadFailed
          error={load.error}
          failed={<Trans>The insights could not be loaded.</Trans>}
          onRetry={() => setAttempt((count) => count + 1)}
        />
      ) : (
        <InsightsBody insights={load.insights} />
      )}
      <AudienceFigures days={days} />
      <p className="insights__private">
        <Trans>
          Counts only: no addresses, no accounts, no one followed from page to page. Kept for {retentionDays}{' '}
          days.
        </Trans>
      </p>
    </section>
  );
}

function InsightsBody({ insights }: { insights: Insights }) {
  const { listeners, sleepTimer, chat } = insights;
  const { clock } = useStationClock();
  const { t, i18n } = useLingui();
  const perDay = new Map<string, number>();
  for (const row of insights.eventsByDay) perDay.set(row.day, (perDay.get(row.day) ?? 0) + row.count);
  return (
    <>
      <Section title={t`Listeners`}>
        <Tiles
          figures={[
            [t`Peak`, listeners.peak],
            [t`Average`, listeners.average],
          ]}
        />
        {listeners.byDay.length === 0 ? (
          <p>
            <Trans>No listener figures yet: they are read from the stream server every minute.</Trans>
          </p>
        ) : (
          <>
            <BarChart bars={listeners.byDay.map((day) => ({ label: day.day, value: day.peak }))} />
            <Table
              caption={t`Listeners by day`}
              head={[t`Day`, t`Peak`, t`Average`]}
              rows={listeners.byDay.map((day) => [day.day, day.peak, day.average])}
            />
            <h3 className="insights__subtitle">
              <Trans>By hour of the week (station time)</Trans>
            </h3>
            <HourOfWeekChart hours={listeners.byHourOfWeek} clock={clock} />
            <details>
              <summary>
                <Trans>Hours of the week as a table</Trans>
              </summary>
              <Table
                caption={t`Listeners by hour of the week`}
                head={[t`Day`, t`Hour`, t`Average`, t`Peak`]}
                rows={listeners.byHourOfWeek.map((hour) => [
                  weekdayName(hour.weekday),
                  formatTimeOfDay(hour.hour, 0, clock),
                  hour.average,
                  hour.peak,
                ])}
              />
            </details>
          </>
        )}
      </Section>

      <Section title={t`Events per day`}>
        {insights.eventsByDay.length === 0 ? (
          <p>
            <Trans>No events in this period.</Trans>
          </p>
        ) : (
          <>
            <BarChart bars={[...perDay].map(([day, count]) => ({ label: day, value: count }))} />
            <Table
              caption={t`Events per day, by name and platform`}
              head={[t`Day`, t`Event`, t`Platform`, t`Count`]}
              rows={insights.eventsByDay.map((row) => [
                row.day,
                i18n._(EVENT_LABELS[row.name]),
                i18n._(PLATFORM_LABELS[row.platform]),
                row.count,
              ])}
            />
          </>
        )}
      </Section>

      <Section title={t`Most favourited shows`}>
        {insights.topShows.length === 0 ? (
          <p>
            <Trans>No show was favourited in this period.</Trans>
          </p>
        ) : (
          <>
            <BarChart bars={insights.topShows.map((show) => ({ label: show.show, value: show.favorited }))} />
            <Table
              caption={t`Most favourited shows`}
              head={[t`Show`, t`Favourited`, t`Unfavourited`]}
              rows={insights.topShows.map((show) => [show.show, show.favorited, show.unfavorited])}
            />
          </>
        )}
      </Section>

      <Section title={t`Sleep timer`}>
        <Tiles
          figures={[
            [t`Started`, sleepTimer.started],
            [t`Completed`, sleepTimer.completed],
            [t`Cancelled`, sleepTimer.cancelled],
            [t`Custom time`, sleepTimer.custom],
          ]}
        />
        {sleepTimer.byMinutes.length > 0 ? (
          <>
            <BarChart
              bars={sleepTimer.byMinutes.map(({ minutes, count }) => ({
                label: t`${minutes} min`,
                value: count,
              }))}
            />
            <Table
              caption={t`Sleep timers started, by length`}
              head={[t`Minutes`, t`Started`]}
              rows={sleepTimer.byMinutes.map((row) => [row.minutes, row.count])}
            />
          </>
        ) : null}
      </Section>

      <Section title={t`Chat activity`}>
        <Tiles
          figures={[
            [t`Messages`, chat.messages],
            [t`Reactions`, chat.reactions],
            [t`Emoji picker opened`, chat.emojiPickerOpens],
            [t`Chat closed`, chat.closes],
          ]}
        />
      </Section>
    </>
  );
}
