import type { FastifyBaseLogger } from 'fastify';
import type { PushConfig } from '../config.ts';
import type { Db } from '../store/db.ts';
import { PushRepo } from '../store/push-repo.ts';
import type { ScheduleRepo } from '../store/schedule-repo.ts';
import { PushScheduler } from './push-scheduler.ts';
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
  now: () => Date;
  logger: FastifyBaseLogger;
  /** Tests reach a local receiver through their own transport; production uses httpsPushTransport. */
  transport?: PushTransport | undefined;
  onOutcome?: (outcome: 'sent' | 'failed') => void;
}): Promise<PushSetup> {
  const { config, db, schedules, timeZone, now, logger, onOutcome } = options;
  const pushes = new PushRepo(db);
  const vapid = await loadVapid({ keys: config.vapidKeys, subject: config.vapidSubject }, pushes, now());
  const sender = new PushSender(vapid, options.transport ?? httpsPushTransport(), config.serviceHosts);
  const scheduler = new PushScheduler({ pushes, schedules, sender, timeZone, now, logger, ...(onOutcome ? { onOutcome } : {}) });
  return { pushes, scheduler, publicKey: vapid.publicKey };
}
