import { plural } from '@lingui/core/macro';

/** '14:59' under an hour, '1:29:59' from an hour up: the ring's countdown text. */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** Preset labels as the spec words them: '15 minutes', '1 hour', '1.5 hours'. */
export function presetLabel(minutes: number): string {
  if (minutes < 60) return plural(minutes, { one: '# minute', other: '# minutes' });
  return plural(minutes / 60, { one: '# hour', other: '# hours' });
}
