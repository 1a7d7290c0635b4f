import Fastify from 'fastify';
import { loadConfig } from '../src/config.ts';
import { setUpPush, type PushSetup } from '../src/push/push-setup.ts';
import type { Db } from '../src/store/db.ts';
import { ScheduleRepo } from '../src/store/schedule-repo.ts';

type PushSetupOptions = Parameters<typeof setUpPush>[0];

/**
 * One server instance's push side over a test store, for the test station (Europe/Dublin, English,
 * 24-hour clock, silent log) unless `options` say otherwise. Each test stops its scheduler.
 */
export function setUpTestPush(
  db: Db,
  options: Pick<PushSetupOptions, 'now' | 'transport'> & Partial<PushSetupOptions>,
): Promise<PushSetup> {
  return setUpPush({
    config: loadConfig({ LOG_LEVEL: 'silent' }).push,
    db,
    schedules: new ScheduleRepo(db),
    timeZone: 'Europe/Dublin',
    stationLocale: 'en',
    clock: '24-hour',
    logger: Fastify({ logger: { level: 'silent' } }).log,
    ...options,
  });
}
