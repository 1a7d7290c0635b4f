import { plural, t } from '@lingui/core/macro';

/**
 * Listening time for people: '45s', '12m', '1h 05m', '26h 40m' (hours are not folded into days), the
 * unit letters in the app's language.
 */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  if (seconds < 60) return t({ message: `${seconds}s`, context: 'duration' });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t({ message: `${minutes}m`, context: 'duration' });
  const hours = Math.floor(minutes / 60);
  const rest = String(minutes % 60).padStart(2, '0');
  return t({ message: `${hours}h ${rest}m`, context: 'duration' });
}

/** The same duration spelled out for screen readers: '1 hour 5 minutes'. */
export function spokenDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  if (seconds < 60) return plural(seconds, { one: '# second', other: '# seconds' });
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const minuteWords = (n: number) => plural(n, { one: '# minute', other: '# minutes' });
  if (hours === 0) return minuteWords(minutes);
  const hourWords = plural(hours, { one: '# hour', other: '# hours' });
  return minutes % 60 === 0 ? hourWords : `${hourWords} ${minuteWords(minutes % 60)}`;
}
