import Fastify, { type FastifyInstance, type FastifyLoggerOptions, type FastifyReply } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import type { ErrorBody, ScheduleDocument } from '@onair/core';
import { LoginLimiter } from './auth/login-limiter.ts';
import { registerOriginGuard } from './auth/origin.ts';
import { isCurrentAdmin, requireAdmin } from './auth/require-admin.ts';
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
import type { ReadyEpisode } from './push/push-scheduler.ts';
import { setUpPush } from './push/push-setup.ts';
import type { PushTransport } from './push/push-transport.ts';
import { eventsRoutes } from './routes/events.ts';
import { integrationRoutes } from './routes/integrations.ts';
import { setUpIntegrations, type IntegrationsSetup } from './integrations/integrations-setup.ts';
import { insightsRoutes } from './routes/insights.ts';
import { AnalyticsRepo } from './store/analytics-repo.ts';
import type { ArchiveHealth } from './archive/archive-service.ts';
import { ListenerRecorder } from './stations/listener-recorder.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import type { Db } from './store/db.ts';
import { ScheduleRepo, StoredScheduleError } from './store/schedule-repo.ts';
import { DemoStation } from './stations/demo-station.ts';
import { IcecastPoller, fetchStatusFrom } from './stations/icecast-poller.ts';
import { NowPlayingTopic } from './stations/now-playing-topic.ts';
import { recorderListensOnMount, setUpArchive, type ArchiveSetup } from './archive/archive-setup.ts';
import type { ArchiveStorage } from './archive/archive-storage.ts';
import { RewindListenerCount } from './archive/rewind-listener-count.ts';
import { RewindListenerRepo } from './store/rewind-listener-repo.ts';

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
  /** PEM certificates integrations trust instead of the system's (tests' self-signed receivers). */
  integrationsCa?: string;
  /** Handed the integrations' store, outbox and events once set up (the bench raises its own events). */
  onIntegrations?: (setup: IntegrationsSetup) => void;
  /** Where the archive's audio goes (tests inject a failing one); the ARCHIVE_DIR directory when unset. */
  archiveStorage?: ArchiveStorage;
  /** Tests shorten the archive's lease, chunks and retries. */
  archiveTuning?: ArchiveSetup['tuning'];
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
    // A path the router refuses before any route (a bad escape, a parameter over its length: an
    // episode id or show slug of thousands of characters) gets this server's JSON, not Fastify's
    // body echoing the path.
    frameworkErrors: (error, _request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const body: ErrorBody = {
        error: tooLong ? 'That address is too long.' : 'That address is not valid.',
        code: 'invalid_request',
      };
      void (reply as unknown as FastifyReply).code(tooLong ? 414 : 400).send(body);
    },
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
  // The archive's state is known once it is set up below; health asks for it on each request.
  let archiveHealth: () => ArchiveHealth = () => ({ state: 'stopped', error: null, lastFrameAt: null });
  await app.register(healthRoutes, { db: deps.db, bus, archive: () => archiveHealth() });
  const metrics = new ServerMetrics(() => hub.clientCount);
  await app.register(metricsRoutes, { metrics, allowedFrom: config.metricsAllowedFrom });
  await app.register(stationRoutes, { station: config.station });
  await app.register(manifestRoutes, { station: config.station });
  await app.register(authRoutes, { config, sessions, limiter: new LoginLimiter(app) });
  await app.register(realtimeRoutes, { hub });
  const chatSessions = await setUpChat(app, {
    db: deps.db,
    config,
    hub,
    adminSessions: sessions,
    now,
    onMessagePosted: () => metrics.chatMessagePosted(),
  });
  // Episodes are the archive's, set up below; new-episode pushes ask for them on each tick.
  let readyEpisodes: (fromMs: number, toMs: number) => Promise<ReadyEpisode[]> = async () => [];
  const push = await setUpPush({
    config: config.push,
    db: deps.db,
    schedules,
    timeZone: config.station.timeZone,
    stationLocale: config.station.locale,
    clock: config.station.clock,
    now,
    logger: app.log,
    transport: deps.pushTransport,
    onOutcome: (outcome) => metrics.pushOutcome(outcome),
    readyEpisodes: (fromMs, toMs) => readyEpisodes(fromMs, toMs),
  });
  const onSaved = (previous: ScheduleDocument, saved: ScheduleDocument) =>
    void push.scheduler.scheduleSaved(previous, saved);
  await app.register(scheduleRoutes, {
    schedules,
    hub,
    requireAdmin: requireAdmin(sessions, config),
    now,
    onSaved,
  });
  await app.register(pushRoutes, {
    pushes: push.pushes,
    publicKey: push.publicKey,
    allowedHosts: config.push.serviceHosts,
    now,
    isAdmin: async (request) => isCurrentAdmin(await sessions.current(request), config.admin),
  });
  if (deps.pushTimer !== false) push.scheduler.start();
  app.addHook('onClose', async () => push.scheduler.stop());
  let fetchStatus = fetchStatusFrom(config.statusUrl);
  const demo = config.demoStation ? new DemoStation({ stationName: config.station.name }) : null;
  if (demo) {
    // The demo feed is read in-process: no HTTP round trip from the server to itself.
    fetchStatus = async () => Response.json(demo.status());
    // preClose: live streams never end by themselves and would hold the server open.
    app.addHook('preClose', async () => demo.close());
    await app.register(demoRoutes, { demo });
  }
  const integrations = setUpIntegrations({
    config: config.integrations,
    db: deps.db,
    schedules,
    timeZone: config.station.timeZone,
    stationName: config.station.name,
    accentColor: config.station.theme.accent,
    now,
    logger: app.log,
    ca: deps.integrationsCa,
    onPaused: (paused) => void push.scheduler.integrationPaused(paused),
  });
  deps.onIntegrations?.(integrations);
  await app.register(integrationRoutes, {
    repo: integrations.repo,
    requireAdmin: requireAdmin(sessions, config, 'manage integrations'),
    now,
    allowPrivateHosts: config.integrations.allowPrivateHosts,
    appLink: config.integrations.publicUrl,
    stationName: config.station.name,
    onQueued: () => integrations.dispatcher.kick(),
  });
  integrations.dispatcher.start();
  integrations.events.start();
  // Icecast sees none of the live rewind streams: every instance's are added to its count.
  const rewindListeners = new RewindListenerCount(new RewindListenerRepo(deps.db), now, app.log);
  rewindListeners.start();
  app.addHook('onClose', async () => rewindListeners.stop());
  const recorderOnMount = recorderListensOnMount(config, demo !== null);
  const archive = await setUpArchive(app, {
    db: deps.db,
    config,
    schedules,
    demo,
    now,
    requireAdmin: requireAdmin(sessions, config),
    storage: deps.archiveStorage,
    tuning: deps.archiveTuning,
    onEpisodesReady: integrations.events.episodesReady,
    onRewindListeners: (count) => rewindListeners.set(count),
  });
  archiveHealth = () => archive.health();
  readyEpisodes = (fromMs, toMs) => archive.readyEpisodes(fromMs, toMs);
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
  let listenerCount: number | null = null;
  const { enabled: showListeners, minimum: listenersMinimum } = config.publicListenerCount;
  const publicListeners = () =>
    showListeners && listenerCount !== null && listenerCount >= listenersMinimum ? listenerCount : null;
  const nowPlayingTopic = new NowPlayingTopic(hub, publicListeners, now);
  const listeners = new ListenerRecorder(
    analytics,
    streams,
    now,
    app.log,
    (count) => {
      listenerCount = count;
      integrations.events.listenersCounted(count);
      nowPlayingTopic.listenersCounted();
    },
    () => rewindListeners.total - (recorderOnMount ? 1 : 0),
  );
  await app.register(eventsRoutes, { analytics, now });
  await app.register(insightsRoutes, {
    analytics,
    sessions,
    chatSessions,
    config,
    timeZone: config.station.timeZone,
    dayparts: config.dayparts,
    schedule: async () => (await schedules.get())?.data ?? null,
    now,
  });
  const nowPlaying = new IcecastPoller({
    fetchStatus,
    logger: app.log,
    onStatus: (status) => {
      metrics.recordStatus(status);
      void listeners.record(status);
    },
    onPollError: (kind) => metrics.pollError(kind),
    onTrackChange: () => {
      nowPlayingTopic.trackChanged();
      integrations.events.trackChanged(nowPlaying.current);
      // The song log, on title sync's clock: the change's estimated time, not the moment it was read.
      const { title, artist, updatedAt } = nowPlaying.current;
      if (updatedAt !== null) void archive.titleChanged({ at: Date.parse(updatedAt), title, artist });
    },
    onSourceSeen: integrations.events.sourceSeen,
    ...(deps.now ? { now: deps.now } : {}),
  });
  nowPlayingTopic.attach(nowPlaying);
  nowPlaying.start();
  app.addHook('onClose', async () => {
    // The poller first: it raises station events, which must not outlive the store.
    nowPlaying.stop();
    await integrations.events.stop();
    await integrations.dispatcher.stop();
  });
  await app.register(nowPlayingRoutes, { nowPlaying, publicListeners });
  await app.register(lockScreenRoutes, { nowPlaying, stationName: config.station.name });
  await app.register(embedRoutes, { webDist: config.webDist });
  await app.register(webAppRoutes, {
    webDist: config.webDist,
    station: config.station,
    schedule: () => schedules.get(),
    nowPlaying: () => {
      const shown = publicListeners();
      return shown === null ? nowPlaying.current : { ...nowPlaying.current, listeners: shown };
    },
    now,
    sharePreview: (path, query) => archive.sharePreview(path, query, config.station.name),
  });
  return app;
}
