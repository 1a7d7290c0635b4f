import { localDateKey, type DailyStat } from './listening-stats.ts';

export interface DayBar {
  date: string;
  /** Short weekday in the listener's locale, e.g. 'Mon'. */
  label: string;
  totalTime: number;
  isToday: boolean;
}

const MS_PER_DAY = 86_400_000;
const DAYS_SHOWN = 7;

/** The 7 local days ending today, oldest first, with zero for days without listening. */
export function lastSevenDays(dailyStats: readonly DailyStat[], now: Date, locale?: string): DayBar[] {
  const byDate = new Map(dailyStats.map((day) => [day.date, day.totalTime]));
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'short' });
  // Noon steps keep a daylight-saving change from skipping or repeating a calendar day.
  const noon = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 12).getTime();
  return Array.from({ length: DAYS_SHOWN }, (_, index) => {
    const day = new Date(noon - (DAYS_SHOWN - 1 - index) * MS_PER_DAY);
    const date = localDateKey(day.getTime());
    return { date, label: weekday.format(day), totalTime: byDate.get(date) ?? 0, isToday: index === DAYS_SHOWN - 1 };
  });
}
