import type { AudienceFigures } from './audience.ts';
import { toCsv } from './csv.ts';
import { LISTENING_SESSION_BUCKET_LABELS, type ListeningSessions } from './listening-session.ts';

/** The audience tables Insights shows, each downloadable as CSV (`GET /api/insights/audience.csv?table=`). */
export const AUDIENCE_TABLES = ['days', 'dayparts', 'shows', 'sessions'] as const;
export type AudienceTable = (typeof AUDIENCE_TABLES)[number];

/** The daypart's hours as Insights and the CSV write them: `06:00–10:00`. */
export const daypartHours = (start: number, end: number): string =>
  `${String(start).padStart(2, '0')}:00–${String(end).padStart(2, '0')}:00`;

export interface AudienceTableData {
  caption: string;
  head: string[];
  rows: (string | number)[][];
}

/** One audience table, as Insights shows it and the CSV holds it (one definition for both). */
export function audienceTable(
  table: AudienceTable,
  { audience, sessions }: { audience: AudienceFigures; sessions: ListeningSessions },
): AudienceTableData {
  switch (table) {
    case 'days':
      return {
        caption: 'Audience by day',
        head: ['Day', 'TLH (hours)', 'AQH persons', 'Peak listeners', 'Quarter-hours measured'],
        rows: audience.byDay.map((row) => [row.day, row.tlh, row.aqh, row.peak, row.quarterHours]),
      };
    case 'dayparts':
      return {
        caption: 'Audience by daypart',
        head: ['Daypart', 'Hours', 'TLH (hours)', 'AQH persons', 'Peak listeners', 'Quarter-hours measured'],
        rows: audience.byDaypart.map((row) => [
          row.name,
          daypartHours(row.start, row.end),
          row.tlh,
          row.aqh,
          row.peak,
          row.quarterHours,
        ]),
      };
    case 'shows':
      return {
        caption: 'Audience by show',
        head: ['Show', 'Average listeners', 'Peak listeners', 'TLH (hours)', 'Minutes on air measured'],
        rows: audience.byShow.map((row) => [row.show, row.average, row.peak, row.tlh, row.minutes]),
      };
    case 'sessions':
      return {
        caption: 'Listening sessions by length',
        head: ['Session length', 'Sessions'],
        rows: sessions.byBucket.map((row) => [LISTENING_SESSION_BUCKET_LABELS[row.bucket], row.count]),
      };
  }
}

/** One audience table as CSV, with the same columns Insights shows. */
export function audienceCsv(
  table: AudienceTable,
  data: { audience: AudienceFigures; sessions: ListeningSessions },
): string {
  const { head, rows } = audienceTable(table, data);
  return toCsv(head, rows);
}
