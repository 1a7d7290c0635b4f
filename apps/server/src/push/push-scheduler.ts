import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  addedShows,
  dueReminders,
  favoriteId,
  integrationPausedMessage,
  NEW_EPISODE_ALERT_TTL_MS,
  newEpisodeMessage,
  newShowMessage,
  pushMessageSchema,
  pushTexts,
  REMINDER_OPTIONS_MINUTES,
  reminderMessage,
  type AnnouncedEpisode,
  type ClockStyle,
  type DueReminder,
  type ScheduleDocument,
} from '@onair/core';
import type { ClaimedPush, OutboxEntry, PushRepo, StoredSubscription } from '../store/push-repo.ts';
import type { ScheduleRepo } from '../store/schedule-repo.ts';
import type { PushSender } from './push-sender.ts';

/** How often reminders are looked for and the outbox is drained. */
export const PUSH_TICK_MS = 60_000;
/** Attempts per push before it is given up (429, 5xx, network failures). */
export const PUSH_MAX_ATTEMPTS = 5;
/** The first retry waits this long; each next one twice as long (1, 2, 4, 8 minutes). */
export const PUSH_RETRY_BASE_MS = 60_000;
/** A new-show alert, or the admin's news of a paused integration, still unsent after a day is old news. */
const NEW_SHOW_ALERT_TTL_MS = 24 * 60 * 60 * 1_000;
/** Pushes one drain sends at most; the rest wait for the next tick. */
const DRAIN_BATCH = 200;
const MS_PER_MINUTE = 60_000;

export interface PushSchedulerOptions {
  pushes: PushRepo;
  schedules: ScheduleRepo;
  sender: PushSender;
  /** The station's IANA time zone: show times are wall-clock times there. */
  timeZone: string;
  /** The station's language: a subscriber who never said theirs gets pushes in it. */
  stationLocale: string;
  /** The station file's `clock`: show times in pushes are written on it, as the app writes them. */
  clock: ClockStyle;
  now: () => Date;
  logger: FastifyBaseLogger;
  /** Told of each push's final outcome (counted in /metrics). */
  onOutcome?: (outcome: 'sent' | 'failed') => void;
  /**
   * The public episodes that became ready (their slot ended) in (fromMs, toMs]: each is announced to
   * the subscribers who favourite its show and opted in to new-episode alerts. None without an archive.
   */
  readyEpisodes?: (fromMs: number, toMs: number) => Promise<ReadyEpisode[]>;
}

/** An episode whose slot has ended, as a new-episode push names it. */
export interface ReadyEpisode extends AnnouncedEpisode {
  endsAt: number;
}

function outboxKey(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\n')).digest('hex');
}

/**
 * Sends show reminders, new-show alerts and new-episode alerts. Every push goes through the outbox in the store: it is
 * queued under a key naming the subscription and the show occurrence (so it is queued once however
 * many instances and restarts look at it), then claimed by exactly one instance before it is sent.
 */
export class PushScheduler {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  /** Alerts being queued (new shows, paused integrations): stop() waits for them too, so none is written after close. */
  readonly #alerts = new Set<Promise<void>>();

  constructor(private readonly options: PushSchedulerOptions) {}

  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => void this.tick(), PUSH_TICK_MS);
    // A restart must not wait a whole minute for reminders that came due while it was down.
    void this.tick();
  }

  /** Stops the timer and waits for the work under way, so the store can close after it. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await Promise.all(this.#alerts);
    await this.#running;
  }

  /** One round: queue the reminders that have come due, send what is due. Overlapping calls share one run. */
  tick(): Promise<void> {
    this.#running ??= this.#tick().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  async #tick(): Promise<void> {
    const { logger } = this.options;
    try {
      await this.#queueReminders(this.options.now());
      // An archive that cannot answer must not hold up reminders and alerts already queued.
      await this.#queueNewEpisodes(this.options.now()).catch((error: unknown) => {
        logger.error(
          { err: error },
          'New-episode alerts could not be queued; they are looked for again in a minute.',
        );
      });
      await this.#drain();
      await this.options.pushes.pruneOutbox(this.options.now());
    } catch (error) {
      logger.error({ err: error }, 'The push round failed; it runs again in a minute.');
    }
  }

  /**
   * A reminder is due once its moment (the show's next start in station time minus the listener's
   * reminderTime) has come and the show has not started. The schedule says which shows are due for
   * each reminder time (core's dueReminders); the store answers only the subscribers with one of
   * them as a favourite, so a tick costs the due subscribers, not all of them.
   */
  async #queueReminders(now: Date): Promise<void> {
    const { pushes, schedules, timeZone, stationLocale, clock } = this.options;
    const schedule = await schedules.get();
    if (!schedule) return;
    const dueByMinutes = new Map<number, DueReminder[]>(
      REMINDER_OPTIONS_MINUTES.map((minutes) => [
        minutes,
        dueReminders(schedule.data, now, timeZone, minutes),
      ]),
    );
    const matches = await pushes.dueFavorites(
      new Map([...dueByMinutes].map(([minutes, due]) => [minutes, [...new Set(due.map(({ id }) => id))]])),
    );
    const entries: OutboxEntry[] = matches.flatMap(({ endpointHash, favoriteId, reminderMinutes, locale }) =>
      (dueByMinutes.get(reminderMinutes) ?? [])
        .filter(({ id }) => id === favoriteId)
        .map(({ slot, startsAt }) => ({
          key: outboxKey('reminder', endpointHash, favoriteId, startsAt.toISOString()),
          endpointHash,
          kind: 'reminder' as const,
          payload: JSON.stringify(
            reminderMessage(
              slot,
              (startsAt.getTime() - now.getTime()) / MS_PER_MINUTE,
              pushTexts(locale, stationLocale),
              clock,
            ),
          ),
          dueAt: now,
          expiresAt: startsAt,
        })),
    );
    await pushes.enqueue(entries, now);
  }

  /**
   * Every instance looks, each tick, at the episodes that became ready in the alert lifetime; the
   * outbox key (subscription and episode) queues each push once however many instances and ticks
   * see it, and the claim sends it once. A subscriber who opts in later hears only of episodes
   * still within that lifetime.
   */
  async #queueNewEpisodes(now: Date): Promise<void> {
    const { pushes, readyEpisodes, stationLocale } = this.options;
    if (!readyEpisodes) return;
    const episodes = await readyEpisodes(now.getTime() - NEW_EPISODE_ALERT_TTL_MS, now.getTime());
    if (episodes.length === 0) return;
    const byShow = new Map<string, ReadyEpisode[]>();
    for (const episode of episodes) {
      const id = favoriteId(episode);
      byShow.set(id, [...(byShow.get(id) ?? []), episode]);
    }
    const fans = await pushes.newEpisodeSubscribers([...byShow.keys()]);
    const entries: OutboxEntry[] = fans.flatMap(({ endpointHash, favoriteId: id, locale }) =>
      (byShow.get(id) ?? []).map((episode) => ({
        key: outboxKey('new-episode', endpointHash, episode.id),
        endpointHash,
        kind: 'new-episode' as const,
        payload: JSON.stringify(newEpisodeMessage(episode, pushTexts(locale, stationLocale))),
        dueAt: now,
        expiresAt: new Date(episode.endsAt + NEW_EPISODE_ALERT_TTL_MS),
      })),
    );
    await pushes.enqueue(entries, now);
  }

  /**
   * Queues a new-show alert, for every subscriber who wants them, about each show of `saved` that
   * was not in `previous` (the week it replaced), then sends.
   */
  scheduleSaved(previous: ScheduleDocument, saved: ScheduleDocument): Promise<void> {
    return this.#alert(async () => {
      const added = addedShows(previous.data, saved.data);
      if (added.length === 0) return [];
      const now = this.options.now();
      const { stationLocale, clock } = this.options;
      const subscribers = await this.options.pushes.newShowSubscribers();
      return subscribers.flatMap(({ endpointHash, locale }) =>
        added.map(({ id, day, slot }) => ({
          key: outboxKey('new-show', endpointHash, id, String(saved.version)),
          endpointHash,
          kind: 'new-show' as const,
          payload: JSON.stringify(newShowMessage(slot, day, pushTexts(locale, stationLocale), clock)),
          dueAt: now,
          expiresAt: new Date(now.getTime() + NEW_SHOW_ALERT_TTL_MS),
        })),
      );
    }, 'New-show alerts could not be queued.');
  }

  /**
   * Tells the admin's browsers that an integration paused itself, then sends. Called by the one
   * instance whose pause took effect; the key (subscription, integration, moment) queues it once.
   */
  integrationPaused(paused: { id: string; name: string; reason: string; at: Date }): Promise<void> {
    return this.#alert(async () => {
      const { stationLocale } = this.options;
      const subscribers = await this.options.pushes.adminSubscribers();
      return subscribers.map(({ endpointHash, locale }) => ({
        key: outboxKey('integration-paused', endpointHash, paused.id, paused.at.toISOString()),
        endpointHash,
        kind: 'integration' as const,
        payload: JSON.stringify(
          integrationPausedMessage(paused.name, paused.reason, pushTexts(locale, stationLocale)),
        ),
        dueAt: paused.at,
        expiresAt: new Date(paused.at.getTime() + NEW_SHOW_ALERT_TTL_MS),
      }));
    }, 'The admin could not be told of a paused integration.');
  }

  /** Queues what `entries` finds (logging a failure as `failure`), then sends; stop() waits for it. */
  #alert(entries: () => Promise<OutboxEntry[]>, failure: string): Promise<void> {
    const alert = (async () => {
      try {
        const queued = await entries();
        if (queued.length === 0) return;
        await this.options.pushes.enqueue(queued, this.options.now());
      } catch (error) {
        this.options.logger.error({ err: error }, failure);
        return;
      }
      await this.tick();
    })().finally(() => this.#alerts.delete(alert));
    this.#alerts.add(alert);
    return alert;
  }

  async #drain(): Promise<void> {
    const { pushes, now } = this.options;
    // Subscriptions deleted during this drain: their other pushes already claimed are dropped unsent.
    const gone = new Set<string>();
    for (;;) {
      const claimed = await pushes.claimDue(now(), DRAIN_BATCH);
      for (const push of claimed) await this.#deliver(push, gone);
      if (claimed.length < DRAIN_BATCH) return;
    }
  }

  async #deliver(push: ClaimedPush, gone: Set<string>): Promise<void> {
    const { pushes, sender, now, logger } = this.options;
    if (gone.has(push.subscription.endpointHash)) {
      await pushes.markFailed(push.key, now());
      return;
    }
    const log = logger.child({ push: push.key.slice(0, 12), kind: push.kind });
    const message = pushMessageSchema.safeParse(safeJson(push.payload));
    if (!message.success) {
      log.error('A queued push is not a valid push message; it is dropped.');
      await pushes.markFailed(push.key, now());
      return;
    }
    // Settings may have changed since the push was queued (a retry comes minutes later).
    const { preferences } = push.subscription;
    const wanted = {
      reminder: preferences.showScheduleReminders,
      'new-show': preferences.showNewShowAlerts,
      'new-episode': preferences.showNewEpisodeAlerts,
      // The admin's own news: notifications on in that browser is all it asks.
      integration: true,
    }[push.kind];
    if (!preferences.enabled || !wanted) {
      await pushes.markFailed(push.key, now());
      return;
    }
    const ttlSeconds = (push.expiresAt.getTime() - now().getTime()) / 1_000;
    const outcome = await sender.send(push.subscription, message.data, {
      ttlSeconds,
      topic: push.key.slice(0, 32),
    });
    switch (outcome.result) {
      case 'sent':
        await pushes.markSent(push.key, now());
        this.options.onOutcome?.('sent');
        return;
      case 'gone':
        // One line at info: a browser that unsubscribed, or a made-up subscription, is no fault of the server's.
        this.options.onOutcome?.('failed');
        log.info({ reason: outcome.reason }, 'The subscription can take no push; it is deleted.');
        gone.add(push.subscription.endpointHash);
        await pushes.markFailed(push.key, now());
        await pushes.deleteByHash(push.subscription.endpointHash);
        return;
      case 'refused':
        this.options.onOutcome?.('failed');
        log.warn({ reason: outcome.reason }, 'A push was refused; it is not retried.');
        await pushes.markFailed(push.key, now());
        return;
      case 'retry':
        await this.#retry(push, outcome.reason, push.subscription);
        return;
    }
  }

  async #retry(push: ClaimedPush, reason: string, subscription: StoredSubscription): Promise<void> {
    const { pushes, now, logger } = this.options;
    const nextAt = new Date(now().getTime() + PUSH_RETRY_BASE_MS * 2 ** (push.attempts - 1));
    if (push.attempts >= PUSH_MAX_ATTEMPTS || nextAt >= push.expiresAt) {
      logger.warn(
        { reason, endpointHash: subscription.endpointHash.slice(0, 12) },
        `A push failed ${push.attempts} times; it is given up.`,
      );
      this.options.onOutcome?.('failed');
      await pushes.markFailed(push.key, now());
      return;
    }
    logger.info({ reason }, 'A push failed; it is retried later.');
    await pushes.retryLater(push.key, nextAt, now());
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
