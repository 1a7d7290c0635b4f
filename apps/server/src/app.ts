import Fastify, { type FastifyInstance } from 'fastify';
import type { AppConfig } from './config.ts';
import { healthRoutes } from './routes/health.ts';
import { stationRoutes } from './routes/station.ts';
import { scheduleRoutes } from './routes/schedule.ts';
import { demoRoutes } from './routes/demo.ts';
import { webAppRoutes } from './routes/web-app.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import type { Db } from './store/db.ts';
import { ScheduleRepo } from './store/schedule-repo.ts';
import { DemoStation } from './stations/demo-station.ts';

export interface AppDeps {
  db: Db;
  now?: () => Date;
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
  await app.register(healthRoutes);
  await app.register(stationRoutes, { station: config.station });
  await app.register(scheduleRoutes, { schedules });
  if (config.demoStation) {
    const demo = new DemoStation({ stationName: config.station.name });
    // preClose: live streams never end by themselves and would hold the server open.
    app.addHook('preClose', async () => demo.close());
    await app.register(demoRoutes, { demo });
  }
  await app.register(webAppRoutes, { webDist: config.webDist });
  return app;
}
