import webpush from 'web-push';
import type { PushRepo } from '../store/push-repo.ts';
import type { VapidConfig } from './push-sender.ts';

/** Used when VAPID_SUBJECT is unset; the server warns at start that push services may refuse it. */
export const FALLBACK_VAPID_SUBJECT = 'mailto:onair@localhost';

export interface VapidSettings {
  /** Both from the environment, or null to use the pair stored in the database. */
  keys: { publicKey: string; privateKey: string } | null;
  subject: string | null;
}

/**
 * The VAPID key pair: the one from the environment, else the one kept in the store (generated at
 * the first start), so that subscriptions survive restarts and every instance signs alike.
 */
export async function loadVapid(settings: VapidSettings, repo: PushRepo, now: Date): Promise<VapidConfig> {
  const keys = settings.keys ?? (await repo.vapidKeys(() => webpush.generateVAPIDKeys(), now));
  return { ...keys, subject: settings.subject ?? FALLBACK_VAPID_SUBJECT };
}
