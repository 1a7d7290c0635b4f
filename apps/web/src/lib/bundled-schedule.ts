import { parseSchedule, type Schedule } from '@onair/core';
import bundledJson from '../../../../station/bundled-schedule.json';

/**
 * The station's regular week (station/bundled-schedule.json): the last fallback when neither the
 * server nor a kept copy gives one, and what the admin's Upload writes. A module of its own, imported
 * on demand: no first paint needs its 1 KB (gzip), the page carries the stored week.
 */
export function bundledSchedule(): Schedule {
  const parsed = parseSchedule(bundledJson);
  if (!parsed.ok) throw new Error('The bundled schedule is invalid');
  return parsed.schedule;
}
