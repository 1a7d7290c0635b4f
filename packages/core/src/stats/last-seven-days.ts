import { formatShortWeekday } from '../clock/clock-format.ts';
import { WEEKDAYS } from '../schedule/types.ts';
import { localDateKey, type DailyStat } from './listening-stats.ts';

export interface DayBar {
  date: string;
  /** Short weekday, e.g. 'Mon' (the app's words, whatever the browser's language). */
  label: string;
  totalTime: number;
  isToday: boolean;
}

const MS_PER_DAY = 86_400_000;
const DAYS_SHOWN = 7;

/**
 * The 7 days ending today on the listener's own calendar (their figures, so their days), oldest
 * first, with zero for days without listening.
 */
export function lastSevenDays(dailyStats: readonly DailyStat[], now: Date): DayBar[] {
  const byDate = new Map(dailyStats.map((day) => [day.date, day.totalTime]));
  // Noon steps keep a daylight-saving change from skipping or repeating a calendar day.
  const noon = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 12).getTime();
  return Array.from({ length: DAYS_SHOWN }, (_, index) => {
    const day = new Date(noon - (DAYS_SHOWN - 1 - index) * MS_PER_DAY);
    const date = localDateKey(day.getTime());
    // getDay() counts from Sunday; WEEKDAYS from Monday.
    const weekday = WEEKDAYS[(day.getDay() + 6) % 7] ?? 'Monday';
    return {
      date,
      label: formatShortWeekday(weekday),
      totalTime: byDate.get(date) ?? 0,
      isToday: index === DAYS_SHOWN - 1,
    };
  });
}
