import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import {
  displaySlotTime,
  formatComingMoment,
  formatDayLabel,
  formatTimeOfDay,
  stationWallClock,
  type ClockSetting,
  type ClockStyle,
  type DayWords,
} from '@onair/core';
import { weekdayName } from './weekday.ts';

/**
 * `Mon 19:05`, `Luan 19:05`, `Mo 19:05`: the core's clock rule (whose zone, 12 or 24 hours), the day
 * in the app's language (the core's formatWeekdayTime writes it in English).
 */
export function localWeekdayTime(instant: Date, setting: ClockSetting): string {
  const wall = stationWallClock(instant, setting.timeZone);
  return `${weekdayName(wall.weekday, 'short')} ${formatTimeOfDay(wall.hour, wall.minute, setting.clock)}`;
}

/**
 * A slot's time text as the app shows it (core's displaySlotTime), with the every-other-week marker in
 * the app's language: `18:00 – 19:00 (Coicísiúil)`. Each catalog's marker is one core's parser reads.
 */
export function localSlotTime(text: string, clock: ClockStyle): string {
  return displaySlotTime(text, clock, t({ message: '(Bi-weekly)', context: 'slot time' }));
}

/* Month names are catalog messages for the same reason as the day names (weekday.ts): browsers lack the data. */
const MONTHS: readonly MessageDescriptor[] = [
  msg({ message: 'January', context: 'month' }),
  msg({ message: 'February', context: 'month' }),
  msg({ message: 'March', context: 'month' }),
  msg({ message: 'April', context: 'month' }),
  msg({ message: 'May', context: 'month' }),
  msg({ message: 'June', context: 'month' }),
  msg({ message: 'July', context: 'month' }),
  msg({ message: 'August', context: 'month' }),
  msg({ message: 'September', context: 'month' }),
  msg({ message: 'October', context: 'month' }),
  msg({ message: 'November', context: 'month' }),
  msg({ message: 'December', context: 'month' }),
];

/** The core's day words in the app's language (`Dé Luain, 2 Márta`, `Montag, 2. März`). */
function localDayWords(): DayWords {
  return {
    calendarDay: (weekdayOfDay, day, monthNumber) => {
      const weekday = weekdayName(weekdayOfDay);
      const descriptor = MONTHS[monthNumber - 1];
      const month = descriptor ? i18n._(descriptor) : '';
      return t({ message: `${weekday}, ${day} ${month}`, context: 'calendar day' });
    },
    today: t`Today`,
    yesterday: t`Yesterday`,
    tomorrowAt: (time) => t`tomorrow at ${time}`,
    dayAt: (date, time) => t`${date} at ${time}`,
  };
}

/** A day separator (core formatDayLabel) in the app's language: `Today`, `Yesterday`, else the day. */
export function localDayLabel(instant: Date, now: Date, timeZone: string): string {
  return formatDayLabel(instant, now, timeZone, localDayWords());
}

/**
 * A moment still to come (core formatComingMoment) in the app's language: `19:05`,
 * `tomorrow at 19:05`, `Monday, 9 March at 19:05`.
 */
export function localComingMoment(instant: Date, now: Date, setting: ClockSetting): string {
  return formatComingMoment(instant, now, setting, localDayWords());
}

/** `Monday, 5 January`, `Dé Luain, 5 Eanáir`: the calendar day of `instant` in `timeZone`, in the app's language. */
export function localCalendarDay(instant: Date, timeZone: string): string {
  const { weekday, day, month } = stationWallClock(instant, timeZone);
  return localDayWords().calendarDay(weekday, day, month);
}
