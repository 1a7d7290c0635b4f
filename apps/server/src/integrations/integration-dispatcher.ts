import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import {
  INTEGRATION_MAX_CONSECUTIVE_FAILURES,
  nextRetryAt,
  type IntegrationEvent,
  type IntegrationKind,
} from '@onair/core';
import {
  OutboundAddressError,
  type OutboundRequest,
  type OutboundResponse,
} from '../outbound/guarded-request.ts';
import type { AttemptRecord, ClaimedDelivery, IntegrationsRepo } from '../store/integrations-repo.ts';
import type { KindSender, SendContext } from './kind-sender.ts';

/** How often every instance looks for due deliveries (events also wake it at once). */
export const DELIVERY_TICK_MS = 2_000;
/**
 * A claimed delivery is its instance's for this long; if that instance dies mid-send, another sends
 * it again afterwards (same webhook-id). Well above the 10 s a send may take.
 */
export const DELIVERY_LEASE_MS = 60_000;
/** Deliveries under way at once in one instance; the rest wait for a free slot. */
const IN_FLIGHT_MAX = 32;
/**
 * Finished deliveries are forgotten, and the attempt log trimmed, at most this often (a pass per
 * event, or per attempt, would cost the player).
 */
const PRUNE_EVERY_MS = 60_000;
/**
 * An answer waits this long for the answers arriving after it (one event's deliveries answer within
 * a few ms of each other), then all are logged and settled in one transaction: a few statements
 * for the lot, not five each.
 */
const SETTLE_AFTER_MS = 20;

export interface DispatcherOptions {
  repo: IntegrationsRepo;
  senders: Record<IntegrationKind, KindSender>;
  send: (request: OutboundRequest) => Promise<OutboundResponse>;
  /** Closes the kept-alive connections to receivers, once the last delivery has finished. */
  closeConnections?: () => void;
  now: () => Date;
  logger: FastifyBaseLogger;
  appLink: string;
  stationName: string;
  accentColor: string;
  /** Told once, by the instance whose pause took effect, when an integration pauses itself. */
  onPaused?: (paused: PausedIntegration) => void;
}

/** An integration that has just paused itself, and why. */
export interface PausedIntegration {
  id: string;
  name: string;
  reason: string;
  at: Date;
}

/** An attempt whose answer (or failure) is in, waiting to be logged and settled with the others. */
interface Answered {
  delivery: ClaimedDelivery;
  attempt: AttemptRecord;
  outcome: Outcome;
  settled: () => void;
  failed: (error: unknown) => void;
}

type Outcome =
  | { result: 'sent' }
  | { result: 'gone'; reason: string }
  | { result: 'refused'; reason: string }
  | { result: 'retry'; reason: string };

/**
 * Drains the integrations' outbox. Each claimed delivery is sent on its own (never awaited by the
 * next), so a slow or dead receiver holds only its own delivery, for at most the gate's 10 s, never
 * another integration, the player or push.
 */
export class IntegrationDispatcher {
  #timer: NodeJS.Timeout | undefined;
  #draining: Promise<void> | undefined;
  #again = false;
  #prunedAt = Number.NEGATIVE_INFINITY;
  readonly #inFlight = new Set<Promise<void>>();
  #lastTurn: Promise<void> = Promise.resolve();
  /** Answers in, not yet settled; the first one in sets the timer that settles them all. */
  #answered: Answered[] = [];

  constructor(private readonly options: DispatcherOptions) {}

  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => this.kick(), DELIVERY_TICK_MS);
    this.kick();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#draining;
    await Promise.all(this.#inFlight);
    this.options.closeConnections?.();
  }

  /** Looks for due deliveries now; overlapping calls make one more pass, not one each. */
  kick(): void {
    if (this.#draining) {
      this.#again = true;
      return;
    }
    this.#draining = this.#drain().finally(() => {
      this.#draining = undefined;
      if (this.#again) {
        this.#again = false;
        this.kick();
      }
    });
  }

  async #drain(): Promise<void> {
    const { repo, now, logger } = this.options;
    try {
      const room = IN_FLIGHT_MAX - this.#inFlight.size;
      if (room <= 0) return;
      const claimed = await repo.claimDue(now(), room, DELIVERY_LEASE_MS);
      for (const delivery of claimed) {
        const sending: Promise<void> = this.#deliver(delivery)
          .catch((error: unknown) =>
            logger.error({ err: error, delivery: delivery.id }, 'An integration delivery failed to finish.'),
          )
          .finally(() => {
            this.#inFlight.delete(sending);
            // A free slot: anything left waiting goes now.
            if (claimed.length === room) this.kick();
          });
        this.#inFlight.add(sending);
      }
      if (now().getTime() - this.#prunedAt >= PRUNE_EVERY_MS) {
        this.#prunedAt = now().getTime();
        await repo.prune(now());
      }
    } catch (error) {
      logger.error({ err: error }, 'The integrations outbox could not be read; it is tried again shortly.');
    }
  }

  /**
   * Resolves on a turn of the event loop that no other delivery has taken, after the one the last
   * caller got. A delivery's work between two waits (signing and the TLS write; its store writes)
   * takes a few ms, and the store is synchronous on SQLite: ten deliveries of one event done back
   * to back held every request for up to 60 ms (bench:integrations' CPU profile). One a turn, the
   * requests that arrived meanwhile are served in between.
   */
  #ownTurn(): Promise<void> {
    const turn = this.#lastTurn.then(() => nextTurn());
    this.#lastTurn = turn;
    return turn;
  }

  async #deliver(delivery: ClaimedDelivery): Promise<void> {
    const { repo, now, senders } = this.options;
    const { integration } = delivery;
    await this.#ownTurn();
    // Paused or switched off since it was queued: dropped unsent.
    if (!integration.enabled || integration.pausedReason !== null) {
      await repo.finish([delivery.id], 'failed', now());
      return;
    }
    const sender = senders[integration.kind];
    const event = JSON.parse(delivery.payload) as IntegrationEvent;
    const context: SendContext = {
      deliveryId: delivery.id,
      now,
      appLink: this.options.appLink,
      stationName: this.options.stationName,
      accentColor: this.options.accentColor,
      send: this.options.send,
    };
    const startedAt = now();
    const started = performance.now();
    let status: number | null = null;
    let answer: string;
    let outcome: Outcome;
    try {
      const response = await sender.deliver(integration, event, context);
      status = response.status;
      answer = response.body.toString('utf8');
      outcome = classify(sender, response.status);
    } catch (error) {
      answer = (error as Error).message;
      outcome =
        error instanceof OutboundAddressError
          ? { result: 'refused', reason: answer }
          : { result: 'retry', reason: answer };
    }
    const attempt: AttemptRecord = {
      integrationId: integration.id,
      deliveryId: delivery.id,
      eventType: delivery.eventType,
      at: startedAt,
      status,
      durationMs: performance.now() - started,
      answer,
    };
    await new Promise<void>((settled, failed) => {
      this.#answered.push({ delivery, attempt, outcome, settled, failed });
      if (this.#answered.length === 1) setTimeout(() => void this.#settleAnswered(), SETTLE_AFTER_MS);
    });
  }

  /**
   * Logs every answered attempt and settles each in one transaction, so the log and the outbox
   * never disagree: if it fails (or the instance dies before it commits), none of them is logged
   * or finished, and each delivery is sent again once its lease lapses, with the same webhook-id.
   * Settled in the order the answers came, so failures in a row are counted as they happened; the
   * usual run of successes takes two statements.
   */
  async #settleAnswered(): Promise<void> {
    // On a turn of its own: a request that arrived meanwhile is served first (and an answer joins).
    await this.#ownTurn();
    const batch = this.#answered;
    this.#answered = [];
    const { repo, now } = this.options;
    try {
      const paused = await repo.inTransaction(async (store) => {
        await store.recordAttempts(batch.map((entry) => entry.attempt));
        const pauses: PausedIntegration[] = [];
        let sent: ClaimedDelivery[] = [];
        const finishSent = async () => {
          await store.finish(
            sent.map((delivery) => delivery.id),
            'sent',
            now(),
          );
          await store.succeeded([...new Set(sent.map((delivery) => delivery.integration.id))]);
          sent = [];
        };
        for (const { delivery, outcome } of batch) {
          if (outcome.result === 'sent') {
            sent.push(delivery);
            continue;
          }
          await finishSent();
          const pause = await this.#settleFailure(store, delivery, outcome);
          if (pause) pauses.push(pause);
        }
        await finishSent();
        return pauses;
      });
      // Told once committed: the admin hears of a pause the store holds.
      for (const pause of paused) this.options.onPaused?.(pause);
      for (const entry of batch) entry.settled();
    } catch (error) {
      for (const entry of batch) entry.failed(error);
    }
  }

  /** Settles a failed attempt; the pause it caused, if it paused the integration. */
  async #settleFailure(
    repo: IntegrationsRepo,
    delivery: ClaimedDelivery,
    outcome: Exclude<Outcome, { result: 'sent' }>,
  ): Promise<PausedIntegration | null> {
    const { now, logger } = this.options;
    const { integration } = delivery;
    const log = logger.child({ integration: integration.id, delivery: delivery.id });
    const pause = async (reason: string): Promise<PausedIntegration | null> => {
      const at = now();
      if (!(await repo.pause(integration.id, reason, at))) return null;
      log.warn({ reason }, 'An integration was paused.');
      return { id: integration.id, name: integration.name, reason, at };
    };
    if (outcome.result === 'gone') {
      await repo.finish([delivery.id], 'failed', now());
      return pause(outcome.reason);
    }
    const failures = await repo.failed(integration.id);
    const retryAt = outcome.result === 'retry' ? nextRetryAt(delivery.attempts, now()) : null;
    if (failures >= INTEGRATION_MAX_CONSECUTIVE_FAILURES) {
      await repo.finish([delivery.id], 'failed', now());
      return pause(`${failures} deliveries failed in a row; the last: ${outcome.reason}`);
    }
    if (retryAt) {
      log.info(
        { reason: outcome.reason, attempt: delivery.attempts },
        'An integration delivery failed; it is retried later.',
      );
      await repo.retryLater(delivery.id, retryAt, now());
      return null;
    }
    await repo.finish([delivery.id], 'failed', now());
    if (outcome.result === 'retry') {
      return pause(`A delivery failed ${delivery.attempts} times; the last: ${outcome.reason}`);
    }
    log.warn({ reason: outcome.reason }, 'An integration delivery was refused; it is not retried.');
    return null;
  }
}

function classify(sender: KindSender, status: number): Outcome {
  if (status >= 200 && status < 300) return { result: 'sent' };
  const gone = sender.goneStatuses.get(status);
  if (gone !== undefined) return { result: 'gone', reason: `${sender.label} answered ${status}: ${gone}.` };
  if (status >= 300 && status < 400) {
    return {
      result: 'refused',
      reason: `${sender.label} answered ${status}, a redirect, which is not followed.`,
    };
  }
  return { result: 'retry', reason: `${sender.label} answered ${status}.` };
}
