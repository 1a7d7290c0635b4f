import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppDeps } from '../src/app.ts';
import { loadBundledSchedule } from '../src/bundled-schedule.ts';
import { loadConfig } from '../src/config.ts';
import { ScheduleRepo } from '../src/store/schedule-repo.ts';
import type { TestStore } from './stores.ts';

export const ADMIN = { username: 'StationAdmin', password: 'correct horse battery' };
export const ADMIN_ENV = { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password };

/** The real app on a test store, the bundled week seeded, editing on unless `env` says otherwise. */
export async function buildTestApp(
  store: TestStore,
  env: Record<string, string> = ADMIN_ENV,
  deps: Omit<AppDeps, 'db'> = {},
): Promise<FastifyInstance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'onair-auth-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    WEB_DIST: join(dataDir, 'no-build'),
    LOG_LEVEL: 'silent',
    ...env,
  });
  await new ScheduleRepo(store.db).seedIfEmpty(loadBundledSchedule(), new Date('2026-11-22T10:00:00Z'));
  const app = await buildApp(config, { db: store.db, ...deps });
  app.addHook('onClose', () => rmSync(dataDir, { recursive: true, force: true }));
  return app;
}

/** The `onair_session=…` pair from a login answer, ready for a Cookie header. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const line = (Array.isArray(header) ? header : [header ?? '']).find((value) =>
    value.startsWith('onair_session='),
  );
  if (!line) throw new Error(`no session cookie in ${JSON.stringify(header)}`);
  return line.split(';')[0] ?? '';
}

export async function loginAsAdmin(app: FastifyInstance, ip = '10.0.0.1'): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: ADMIN,
    remoteAddress: ip,
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return sessionCookie(response);
}
