import type { FastifyBaseLogger } from 'fastify';
import type { PushConfig } from '../config.ts';
import type { Db } from '../store/db.ts';
import { PushRepo } from '../store/push-repo.ts';
import type { ScheduleRepo } from '../store/schedule-repo.ts';
import { PushScheduler, type PushSchedulerOptions } from './push-scheduler.ts';
import { PushSender } from './push-sender.ts';
import { httpsPushTransport, type PushTransport } from './push-transport.ts';
import { loadVapid } from './vapid-keys.ts';

export interface PushSetup {
  pushes: PushRepo;
  scheduler: PushScheduler;
  publicKey: string;
}

/** Everything Web Push needs, assembled once per app: store, VAPID keys, sender, scheduler (not started). */
export async function setUpPush(options: {
  config: PushConfig;
  db: Db;
  schedules: ScheduleRepo;
  timeZone: string;
  /** The station's language: a subscriber who never said theirs gets pushes in it. */
  stationLocale: string;
  /** The station file's `clock`: how show times are written in pushes. */
  clock: PushSchedulerOptions['clock'];
  now: () => Date;
  logger: FastifyBaseLogger;
  /** Tests reach a local receiver through their own transport; production uses httpsPushTransport. */
  transport?: PushTransport | undefined;
  onOutcome?: (outcome: 'sent' | 'failed') => void;
  readyEpisodes?: PushSchedulerOptions['readyEpisodes'];
}): Promise<PushSetup> {
  const { config, db, schedules, timeZone, stationLocale, clock, now, logger, onOutcome, readyEpisodes } =
    options;
  const pushes = new PushRepo(db);
  const vapid = await loadVapid({ keys: config.vapidKeys, subject: config.vapidSubject }, pushes, now());
  const sender = new PushSender(vapid, options.transport ?? httpsPushTransport(), config.serviceHosts);
  const scheduler = new PushScheduler({
    pushes,
    schedules,
    sender,
    timeZone,
    stationLocale,
    clock,
    now,
    logger,
    ...(onOutcome ? { onOutcome } : {}),
    ...(readyEpisodes ? { readyEpisodes } : {}),
  });
  return { pushes, scheduler, publicKey: vapid.publicKey };
}
