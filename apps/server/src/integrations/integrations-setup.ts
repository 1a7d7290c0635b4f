import { Agent as HttpsAgent } from 'node:https';
import { createSecureContext } from 'node:tls';
import type { FastifyBaseLogger } from 'fastify';
import type { IntegrationKind } from '@onair/core';
import type { IntegrationsConfig } from '../config.ts';
import { guardedRequest, type OutboundRequest, type OutboundResponse } from '../outbound/guarded-request.ts';
import type { Db } from '../store/db.ts';
import { IntegrationsRepo } from '../store/integrations-repo.ts';
import type { ScheduleRepo } from '../store/schedule-repo.ts';
import { IntegrationDispatcher, type PausedIntegration } from './integration-dispatcher.ts';
import type { KindSender } from './kind-sender.ts';
import { BlueskySender } from './kinds/bluesky.ts';
import { discordSender } from './kinds/discord.ts';
import { mastodonSender } from './kinds/mastodon.ts';
import { telegramSender } from './kinds/telegram.ts';
import { tuneinSender } from './kinds/tunein.ts';
import { webhookSender } from './kinds/webhook.ts';
import { StationEvents } from './station-events.ts';

/** Connect within 5 s, answer within 10 s, at most 64 KB of the answer read. */
export const INTEGRATION_CONNECT_TIMEOUT_MS = 5_000;
export const INTEGRATION_TOTAL_TIMEOUT_MS = 10_000;
export const INTEGRATION_ANSWER_MAX_BYTES = 65_536;
/** An idle kept-alive connection to a receiver is closed after this long (below the usual 5 s servers keep one). */
const INTEGRATION_IDLE_CONNECTION_MS = 4_000;

export interface IntegrationsSetup {
  repo: IntegrationsRepo;
  dispatcher: IntegrationDispatcher;
  events: StationEvents;
}

/** The integrations' store, outbox dispatcher and station events, assembled once per app (not started). */
export function setUpIntegrations(options: {
  config: IntegrationsConfig;
  db: Db;
  schedules: ScheduleRepo;
  timeZone: string;
  stationName: string;
  accentColor: string;
  now: () => Date;
  logger: FastifyBaseLogger;
  /** Tests trust their self-signed receivers' certificate; production, the system's CAs. */
  ca?: string | undefined;
  /** Told once when an integration pauses itself (the admin's push). */
  onPaused?: (paused: PausedIntegration) => void;
}): IntegrationsSetup {
  const { config, db, now, logger } = options;
  const repo = new IntegrationsRepo(db);
  const senders: Record<IntegrationKind, KindSender> = {
    webhook: webhookSender,
    discord: discordSender,
    mastodon: mastodonSender,
    telegram: telegramSender,
    bluesky: new BlueskySender(),
    tunein: tuneinSender,
  };
  // One TLS handshake per receiver host, not one per delivery. No cap on sockets per host: a
  // hanging receiver's connections never make another delivery to the same host wait.
  const connections = new HttpsAgent({ keepAlive: true, timeout: INTEGRATION_IDLE_CONNECTION_MS });
  // The trusted certificates, read once for every connection (a hanging receiver takes a new one per delivery).
  const secureContext = createSecureContext(options.ca ? { ca: options.ca } : {});
  const send = (request: OutboundRequest): Promise<OutboundResponse> =>
    guardedRequest(request, {
      what: 'a delivery',
      privateHosts: config.allowPrivateHosts,
      defaultPortOnly: false,
      connectTimeoutMs: INTEGRATION_CONNECT_TIMEOUT_MS,
      totalTimeoutMs: INTEGRATION_TOTAL_TIMEOUT_MS,
      maxAnswerBytes: INTEGRATION_ANSWER_MAX_BYTES,
      secureContext,
      agent: connections,
    });
  const dispatcher = new IntegrationDispatcher({
    repo,
    senders,
    send,
    closeConnections: () => connections.destroy(),
    now,
    logger,
    appLink: config.publicUrl,
    stationName: options.stationName,
    accentColor: options.accentColor,
    ...(options.onPaused ? { onPaused: options.onPaused } : {}),
  });
  const events = new StationEvents({
    repo,
    schedules: options.schedules,
    timeZone: options.timeZone,
    now,
    logger,
    appLink: config.publicUrl,
    onRaised: () => dispatcher.kick(),
  });
  return { repo, dispatcher, events };
}
