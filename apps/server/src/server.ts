import { buildApp } from './app.ts';
import { loadBundledSchedule } from './bundled-schedule.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDb } from './store/db.ts';
import { FALLBACK_VAPID_SUBJECT } from './push/vapid-keys.ts';
import { ScheduleRepo } from './store/schedule-repo.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const now = () => new Date(Date.now() + config.clockOffsetMs);
  await new ScheduleRepo(db).seedIfEmpty(loadBundledSchedule(), now());
  const app = await buildApp(config, { db, now });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Live streams never end by themselves: close() ends them, then the store goes.
    const forced = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    await db.destroy();
    clearTimeout(forced);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  if ('hops' in config.trustProxy && config.trustProxy.hops > 0) {
    // Fastify dropped hop counts because they believe any direct client; we keep them for setups
    // where that cannot happen, and say so where the operator will read it.
    app.log.warn(
      `TRUST_PROXY=${config.trustProxy.hops} believes X-Forwarded-* from any peer: make sure clients can reach ` +
        "this server only through your proxies, or list the proxies' addresses instead",
    );
  }
  if (config.clockOffsetMs !== 0) {
    app.log.warn(
      `TEST_CLOCK_OFFSET_MS is set: this server's clock reads ${now().toISOString()}. It is for tests only.`,
    );
  }
  if (config.push.vapidSubject === null) {
    app.log.warn(
      `VAPID_SUBJECT is not set: pushes are signed with ${FALLBACK_VAPID_SUBJECT}, which push services may refuse (Apple's wants a real contact)`,
    );
  }
  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  app.log.info(
    `${config.station.name} is on http://${shownHost}:${port}` +
      (config.demoStation ? ' (demo station)' : ''),
  );
}

main().catch((error: unknown) => {
  // A bad config is the operator's to fix: say what is wrong without a stack trace.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
