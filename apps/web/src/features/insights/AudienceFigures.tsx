import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  audienceTable,
  type AudienceInsights,
  type AudienceTable,
  type ListeningSessionBucket,
} from '@onair/core';
import { useEffect, useState } from 'react';
import { isSignedOutError } from '../../lib/auth.ts';
import { audienceCsvUrl, fetchAudience } from './api.ts';
import { BarChart } from './BarChart.tsx';
import { Section, Table, Tiles } from './InsightsParts.tsx';

const TLH = msg`TLH (hours)`;
const AQH = msg`AQH persons`;
const PEAK = msg`Peak listeners`;
const QUARTER_HOURS = msg`Quarter-hours measured`;

/**
 * Each table's caption and columns in the app's language; the rows are core's `audienceTable`, the
 * same figures the CSV holds (the CSV keeps core's English headings, for spreadsheets and scripts).
 */
const TABLES: Record<AudienceTable, { caption: MessageDescriptor; head: readonly MessageDescriptor[] }> = {
  days: { caption: msg`Audience by day`, head: [msg`Day`, TLH, AQH, PEAK, QUARTER_HOURS] },
  dayparts: {
    caption: msg`Audience by daypart`,
    head: [msg`Daypart`, msg`Hours`, TLH, AQH, PEAK, QUARTER_HOURS],
  },
  shows: {
    caption: msg`Audience by show`,
    head: [msg`Show`, msg`Average listeners`, PEAK, TLH, msg`Minutes on air measured`],
  },
  sessions: { caption: msg`Listening sessions by length`, head: [msg`Session length`, msg`Sessions`] },
};

const BUCKETS: Record<ListeningSessionBucket, MessageDescriptor> = {
  under_1m: msg`Under 1 minute`,
  '1_5m': msg`1–5 minutes`,
  '5_15m': msg`5–15 minutes`,
  '15_30m': msg`15–30 minutes`,
  '30_60m': msg`30–60 minutes`,
  '1_2h': msg`1–2 hours`,
  over_2h: msg`Over 2 hours`,
};

/**
 * The default dayparts' names (core's DEFAULT_DAYPARTS, what a station file without `dayparts` gets)
 * are the app's words, so they are shown in the app's language; any other name is the station's own.
 */
export const DEFAULT_DAYPART_NAMES: Readonly<Record<string, MessageDescriptor>> = {
  Breakfast: msg({ message: 'Breakfast', context: 'daypart' }),
  Daytime: msg({ message: 'Daytime', context: 'daypart' }),
  Drive: msg({ message: 'Drive', context: 'daypart' }),
  Evening: msg({ message: 'Evening', context: 'daypart' }),
  Overnight: msg({ message: 'Overnight', context: 'daypart' }),
};

function daypartName(i18n: I18n, name: string): string {
  // Own keys only: a station's daypart called "constructor" must not find Object's.
  const descriptor = Object.hasOwn(DEFAULT_DAYPART_NAMES, name) ? DEFAULT_DAYPART_NAMES[name] : undefined;
  return descriptor ? i18n._(descriptor) : name;
}

type Load =
  { state: 'loading' } | { state: 'ready'; audience: AudienceInsights } | { state: 'failed'; error: unknown };

/**
 * The audience figures a station sells airtime on (TLH, AQH by day, daypart and show) and how long
 * the app's listening sessions last, each table with its CSV download. Private, like all insights.
 */
export function AudienceFigures({ days }: { days: number }) {
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const { t, i18n } = useLingui();

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    fetchAudience(days, controller.signal).then(
      (audience) => setLoad({ state: 'ready', audience }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoad({ state: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [days, attempt]);

  if (load.state === 'loading')
    return (
      <p className="screen__note" role="status">
        <Trans>Loading audience figures…</Trans>
      </p>
    );
  if (load.state === 'failed')
    // Signed out: the insights above already say so and how to sign in.
    return isSignedOutError(load.error) ? null : (
      <div className="admin-card" role="alert">
        <p>
          <Trans>The audience figures could not be loaded.</Trans>{' '}
          {load.error instanceof Error ? load.error.message : ''}
        </p>
        <button type="button" onClick={() => setAttempt((count) => count + 1)}>
          <Trans>Try again</Trans>
        </button>
      </div>
    );

  const data = load.audience;
  const { audience, sessions } = data;
  const table = (name: AudienceTable) => {
    const { rows } = audienceTable(name, data);
    const caption = i18n._(TABLES[name].caption);
    return (
      <>
        <Table
          caption={caption}
          head={TABLES[name].head.map((cell) => i18n._(cell))}
          rows={
            name === 'sessions'
              ? sessions.byBucket.map((row) => [i18n._(BUCKETS[row.bucket]), row.count])
              : name === 'dayparts'
                ? rows.map(([part = '', ...figures]) => [daypartName(i18n, String(part)), ...figures])
                : rows
          }
        />
        <a className="insights__download" href={audienceCsvUrl(name, days)} download>
          <Trans>Download CSV</Trans> <span className="visually-hidden">({caption})</span>
        </a>
      </>
    );
  };
  const minutes = sessions.averageMinutes === null ? null : i18n.number(sessions.averageMinutes);
  const average = minutes === null ? '–' : sessions.open ? t`at least ${minutes} min` : t`${minutes} min`;

  return (
    <>
      <Section title={t`Audience`}>
        <p className="insights__note">
          <Trans>
            TLH is total listening hours: every listener-minute, over 60. AQH persons is the average number of
            people listening in a quarter-hour, each quarter-hour counted as the mean of its minutes (a
            quarter-hour without a reading is left out). From the stream server’s count, read every minute, in
            station time.
          </Trans>
        </p>
        {audience.byDay.length === 0 ? (
          <p>
            <Trans>No listener figures yet: they are read from the stream server every minute.</Trans>
          </p>
        ) : (
          <>
            <BarChart bars={audience.byDay.map((day) => ({ label: day.day, value: day.tlh }))} />
            {table('days')}
          </>
        )}
      </Section>
      <Section title={i18n._(TABLES.dayparts.caption)}>{table('dayparts')}</Section>
      <Section title={i18n._(TABLES.shows.caption)}>
        {audience.byShow.length === 0 ? (
          <p>
            <Trans>No show was on air while listeners were counted in this period.</Trans>
          </p>
        ) : (
          <>
            <BarChart bars={audience.byShow.map((show) => ({ label: show.show, value: show.average }))} />
            {table('shows')}
          </>
        )}
      </Section>
      <Section title={t`Listening sessions`}>
        <Tiles
          figures={[
            [t`Sessions`, sessions.count],
            [t`Average length`, average],
          ]}
        />
        {table('sessions')}
      </Section>
    </>
  );
}
