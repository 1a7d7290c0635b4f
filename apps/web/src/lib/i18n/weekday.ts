import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Weekday } from '@onair/core';

/*
 * Day names are messages of the catalogs, like every other word: browsers ship date data for few
 * languages (Chromium has none for Irish), and a new language is then one PO file, no code.
 * English keeps the spec's own words ("Monday", "Mon").
 */
const LONG: Record<Weekday, MessageDescriptor> = {
  Monday: msg({ message: 'Monday', context: 'weekday' }),
  Tuesday: msg({ message: 'Tuesday', context: 'weekday' }),
  Wednesday: msg({ message: 'Wednesday', context: 'weekday' }),
  Thursday: msg({ message: 'Thursday', context: 'weekday' }),
  Friday: msg({ message: 'Friday', context: 'weekday' }),
  Saturday: msg({ message: 'Saturday', context: 'weekday' }),
  Sunday: msg({ message: 'Sunday', context: 'weekday' }),
};

const SHORT: Record<Weekday, MessageDescriptor> = {
  Monday: msg({ message: 'Mon', context: 'weekday, short' }),
  Tuesday: msg({ message: 'Tue', context: 'weekday, short' }),
  Wednesday: msg({ message: 'Wed', context: 'weekday, short' }),
  Thursday: msg({ message: 'Thu', context: 'weekday, short' }),
  Friday: msg({ message: 'Fri', context: 'weekday, short' }),
  Saturday: msg({ message: 'Sat', context: 'weekday, short' }),
  Sunday: msg({ message: 'Sun', context: 'weekday, short' }),
};

/** A day's name in the app's language ("Dé Luain", "Montag"; short: "Luan", "Mo"). */
export function weekdayName(day: Weekday, style: 'long' | 'short' = 'long'): string {
  return i18n._((style === 'long' ? LONG : SHORT)[day]);
}
