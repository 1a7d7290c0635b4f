import Fastify, { type FastifyInstance, type FastifyLoggerOptions } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import type { ScheduleDocument } from '@onair/core';
import { LoginLimiter } from './auth/login-limiter.ts';
import { registerOriginGuard } from './auth/origin.ts';
import { requireAdmin } from './auth/require-admin.ts';
import { registerErrorHandler } from './http-errors.ts';
import { SessionService } from './auth/sessions.ts';
import { RealtimeHub } from './realtime/hub.ts';
import { LocalBus, RedisBus } from './realtime/bus.ts';
import { registerRateLimits } from './rate-limits.ts';
import { ServerMetrics, metricsRoutes } from './metrics.ts';
import { realtimeRoutes } from './realtime/routes.ts';
import { setUpChat } from './chat/chat-setup.ts';
import { authRoutes } from './routes/auth.ts';
import { SessionRepo } from './store/session-repo.ts';
import { fastifyTrustProxy, type AppConfig } from './config.ts';
import { healthRoutes } from './routes/health.ts';
import { stationRoutes } from './routes/station.ts';
import { manifestRoutes } from './routes/manifest.ts';
import { scheduleRoutes } from './routes/schedule.ts';
import { demoRoutes } from './routes/demo.ts';
import { nowPlayingRoutes } from './routes/now-playing.ts';
import { lockScreenRoutes } from './routes/lock-screen.ts';
import { webAppRoutes } from './routes/web-app.ts';
import { embedRoutes } from './routes/embed.ts';
import { pushRoutes } from './routes/push.ts';
import { setUpPush } from './push/push-setup.ts';
import type { PushTransport } from './push/push-transport.ts';
import { eventsRoutes } from './routes/events.ts';
import { insightsRoutes } from './routes/insights.ts';
import { AnalyticsRepo } from './store/analytics-repo.ts';
import { ListenerRecorder } from './stations/listener-recorder.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import type { Db } from './store/db.ts';
import { ScheduleRepo, StoredScheduleError } from './store/schedule-repo.ts';
import { DemoStation } from './stations/demo-station.ts';
import { IcecastPoller, fetchStatusFrom } from './stations/icecast-poller.ts';
import { NowPlayingTopic } from './stations/now-playing-topic.ts';

export interface AppDeps {
  db: Db;
  now?: () => Date;
  /** Tests shorten the realtime heartbeat to see dead sockets dropped. */
  realtimeHeartbeatMs?: number;
  /** Where log lines go (tests read them); stdout when unset. */
  logStream?: FastifyLoggerOptions['stream'];
  /** Where pushes are delivered; tests inject a local receiver, production sends over guarded HTTPS. */
  pushTransport?: PushTransport;
  /** False: no minute timer (tests drive PushScheduler.tick() themselves); schedule saves still alert. */
  pushTimer?: boolean;
}

/** Every body this server accepts is small; larger ones are refused before parsing. */
const BODY_LIMIT_BYTES = 262_144;
/** A client that has not sent its headers by now is answered 408 and dropped (slowloris). */
export const HEADERS_TIMEOUT_MS = 10_000;
/**
 * The whole request, body included, must arrive within this; it covers receiving only, so a live
 * stream (a GET answered for hours) is untouched.
 */
export const REQUEST_TIMEOUT_MS = 15_000;
/**
 * Idle keep-alive connections close after this. Longer than the 60 s a proxy keeps an idle upstream
 * connection by default (nginx `keepalive_timeout`, AWS ALB), so the server never closes one just as
 * the proxy reuses it (a 502 for the listener).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** How often Node checks the two timeouts above: they bite within a second of their limit. */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

export async function buildApp(config: AppConfig, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, ...(deps.logStream ? { stream: deps.logStream } : {}) },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    requestTimeout: REQUEST_TIMEOUT_MS,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    http: { headersTimeout: HEADERS_TIMEOUT_MS, connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS },
  });
  registerSecurityHeaders(app, config.station, config);
  registerErrorHandler(app);
  registerOriginGuard(app, config.allowedOrigins);
  // Pages, scripts, styles and JSON go out compressed (brotli or gzip, whichever the client takes):
  // a third of the bytes on a slow mobile link. Before every route, the file server included; audio
  // is not compressible and passes as is. Request bodies are never inflated: their size limits stay
  // limits on what arrives.
  await app.register(compress, { globalDecompression: false });

  const schedules = new ScheduleRepo(deps.db);
  const now = deps.now ?? (() => new Date());
  const sessions = new SessionService(new SessionRepo(deps.db), now);
  const bus = config.redisUrl ? new RedisBus(config.redisUrl, app.log) : new LocalBus();
  app.addHook('onClose', async () => bus.close());
  const hub = new RealtimeHub(app.log, deps.realtimeHeartbeatMs, bus);
  await app.register(cookie);
  await registerRateLimits(app, config.redisUrl);
  await app.register(healthRoutes, { db: deps.db, bus });
  const metrics = new ServerMetrics(() => hub.clientCount);
  await app.register(metricsRoutes, { metrics, allowedFrom: config.metricsAllowedFrom });
  await app.register(stationRoutes, { station: config.station });
  await app.register(manifestRoutes, { station: config.station });
  await app.register(authRoutes, { config, sessions, limiter: new LoginLimiter(app) });
  await app.register(realtimeRoutes, { hub });
  const chatSessions = await setUpChat(app, { db: deps.db, config, hub, adminSessions: sessions, now, onMessagePosted: () => metrics.chatMessagePosted() });
  const push = await setUpPush({ config: config.push, db: deps.db, schedules, timeZone: config.station.timeZone, now, logger: app.log, transport: deps.pushTransport, onOutcome: (outcome) => metrics.pushOutcome(outcome) });
  const onSaved = (previous: ScheduleDocument, saved: ScheduleDocument) => void push.scheduler.scheduleSaved(previous, saved);
  await app.register(scheduleRoutes, { schedules, hub, requireAdmin: requireAdmin(sessions, config), now, onSaved });
  await app.register(pushRoutes, { pushes: push.pushes, publicKey: push.publicKey, allowedHosts: config.push.serviceHosts, now });
  if (deps.pushTimer !== false) push.scheduler.start();
  app.addHook('onClose', async () => push.scheduler.stop());
  let fetchStatus = fetchStatusFrom(config.statusUrl);
  if (config.demoStation) {
    const demo = new DemoStation({ stationName: config.station.name });
    // The demo feed is read in-process: no HTTP round trip from the server to itself.
    fetchStatus = async () => Response.json(demo.status());
    // preClose: live streams never end by themselves and would hold the server open.
    app.addHook('preClose', async () => demo.close());
    await app.register(demoRoutes, { demo });
  }
  const analytics = new AnalyticsRepo(deps.db);
  // Favourites are counted only for shows the schedule has had; every save records them, and this
  // catches up with a week stored before that record existed (or put back by hand).
  await schedules.recordStoredShows(now()).catch((error: unknown) => {
    if (!(error instanceof StoredScheduleError)) throw error;
    app.log.warn(
      { err: error },
      'the stored schedule cannot be read: favourites are counted for the shows known before',
    );
  });
  const streams = [config.station.streams.standard, config.station.streams.high];
  const listeners = new ListenerRecorder(analytics, streams, now, app.log);
  await app.register(eventsRoutes, { analytics, now });
  await app.register(insightsRoutes, { analytics, sessions, chatSessions, config, timeZone: config.station.timeZone, now });
  const nowPlayingTopic = new NowPlayingTopic(hub);
  const nowPlaying = new IcecastPoller({
    fetchStatus,
    logger: app.log,
    onStatus: (status) => {
      metrics.recordStatus(status);
      void listeners.record(status);
    },
    onPollError: (kind) => metrics.pollError(kind),
    onTrackChange: nowPlayingTopic.trackChanged,
    ...(deps.now ? { now: deps.now } : {}),
  });
  nowPlayingTopic.attach(nowPlaying);
  nowPlaying.start();
  app.addHook('onClose', async () => nowPlaying.stop());
  await app.register(nowPlayingRoutes, { nowPlaying });
  await app.register(lockScreenRoutes, { nowPlaying, stationName: config.station.name });
  await app.register(embedRoutes, { webDist: config.webDist });
  await app.register(webAppRoutes, {
    webDist: config.webDist,
    station: config.station,
    schedule: () => schedules.get(),
    nowPlaying: () => nowPlaying.current,
  });
  return app;
}
