import { t } from '@lingui/core/macro';

/** Episode times as the listener reads them. */

/** '1:05:09' or '5:09': a place in an episode. */
export function formatPosition(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** '2 h', '1 h 30 min', '45 min': an episode's length, in the app's language. */
export function formatLength(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return t`${rest} min`;
  return rest === 0 ? t`${hours} h` : t`${hours} h ${rest} min`;
}
