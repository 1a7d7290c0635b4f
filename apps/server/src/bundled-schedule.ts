import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseSchedule, type Schedule } from '@onair/core';
import { REPO_ROOT } from './config.ts';

export const BUNDLED_SCHEDULE_PATH = resolve(REPO_ROOT, 'station/bundled-schedule.json');

/** The week the station starts with: the store's seed (and the web app's offline fallback). */
export function loadBundledSchedule(path = BUNDLED_SCHEDULE_PATH): Schedule {
  const parsed = parseSchedule(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.ok) throw new Error(`${path}: ${parsed.error}`);
  return parsed.schedule;
}
