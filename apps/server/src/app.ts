import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { LoginLimiter } from './auth/login-limiter.ts';
import { requireAdmin } from './auth/require-admin.ts';
import { SessionService } from './auth/sessions.ts';
import { RealtimeHub } from './realtime/hub.ts';
import { realtimeRoutes } from './realtime/routes.ts';
import { authRoutes } from './routes/auth.ts';
import { SessionRepo } from './store/session-repo.ts';
import type { AppConfig } from './config.ts';
import { healthRoutes } from './routes/health.ts';
import { stationRoutes } from './routes/station.ts';
import { manifestRoutes } from './routes/manifest.ts';
import { scheduleRoutes } from './routes/schedule.ts';
import { demoRoutes } from './routes/demo.ts';
import { nowPlayingRoutes } from './routes/now-playing.ts';
import { webAppRoutes } from './routes/web-app.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import type { Db } from './store/db.ts';
import { ScheduleRepo } from './store/schedule-repo.ts';
import { DemoStation } from './stations/demo-station.ts';
import { IcecastPoller, fetchStatusFrom } from './stations/icecast-poller.ts';

export interface AppDeps {
  db: Db;
  now?: () => Date;
  /** Tests shorten the realtime heartbeat to see dead sockets dropped. */
  realtimeHeartbeatMs?: number;
}

/** Every body this server accepts is small; larger ones are refused before parsing. */
const BODY_LIMIT_BYTES = 262_144;

export async function buildApp(config: AppConfig, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: true,
  });
  registerSecurityHeaders(app, config.station);

  const schedules = new ScheduleRepo(deps.db);
  const now = deps.now ?? (() => new Date());
  const sessions = new SessionService(new SessionRepo(deps.db), now);
  const hub = new RealtimeHub(app.log, deps.realtimeHeartbeatMs);
  await app.register(cookie);
  await app.register(healthRoutes);
  await app.register(stationRoutes, { station: config.station });
  await app.register(manifestRoutes, { station: config.station });
  await app.register(authRoutes, { config, sessions, limiter: new LoginLimiter(), now });
  await app.register(realtimeRoutes, { hub, allowedOrigins: config.allowedOrigins });
  await app.register(scheduleRoutes, { schedules, hub, requireAdmin: requireAdmin(sessions, config), now });
  let fetchStatus = fetchStatusFrom(config.statusUrl);
  if (config.demoStation) {
    const demo = new DemoStation({ stationName: config.station.name });
    // The demo feed is read in-process: no HTTP round trip from the server to itself.
    fetchStatus = async () => Response.json(demo.status());
    // preClose: live streams never end by themselves and would hold the server open.
    app.addHook('preClose', async () => demo.close());
    await app.register(demoRoutes, { demo });
  }
  const nowPlaying = new IcecastPoller({ fetchStatus, logger: app.log, ...(deps.now ? { now: deps.now } : {}) });
  nowPlaying.start();
  app.addHook('onClose', async () => nowPlaying.stop());
  await app.register(nowPlayingRoutes, { nowPlaying });
  await app.register(webAppRoutes, { webDist: config.webDist });
  return app;
}
