import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach } from 'vitest';
import type { AppDeps } from '../src/app.ts';
import { buildTestApp } from './auth-helpers.ts';
import type { TestStore } from './stores.ts';

export type StartTestApp = (
  env: Record<string, string>,
  deps?: Omit<AppDeps, 'db'>,
) => Promise<FastifyInstance>;

/**
 * For one describe block: a fresh store of `open` before each test, and the returned start()
 * builds the real app on it (buildTestApp) as often as a test needs. After each test every app
 * started is closed, then the store is disposed.
 */
export function appsOnFreshStore(open: () => Promise<TestStore>): StartTestApp {
  let store: TestStore | undefined;
  const apps: FastifyInstance[] = [];
  beforeEach(async () => {
    store = await open();
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await store?.dispose();
    store = undefined;
  });
  return async (env, deps = {}) => {
    if (!store) throw new Error('start() runs inside a test, after the store is open');
    const app = await buildTestApp(store, env, deps);
    apps.push(app);
    return app;
  };
}
