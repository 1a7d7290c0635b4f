import type { Writable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_S } from '../src/auth/device-cookie.ts';
import { ACCOUNT_MAX_FAILURES, ACCOUNT_WINDOW_MS, LOGIN_MAX_FAILURES } from '../src/auth/login-limiter.ts';
import { ADMIN, ADMIN_ENV } from './auth-helpers.ts';
import { logSink } from './log-sink.ts';
import { STORE_KINDS } from './stores.ts';
import { appsOnFreshStore } from './test-apps.ts';

function deviceCookie(response: LightMyRequestResponse): string {
  const line = [response.headers['set-cookie'] ?? []]
    .flat()
    .find((value) => value.startsWith(`${DEVICE_COOKIE}=`));
  if (!line) throw new Error(`no device cookie in ${JSON.stringify(response.headers['set-cookie'])}`);
  return line;
}

describe.each(STORE_KINDS)('sign-in limits on $kind', ({ open }) => {
  let clock: Date;
  const startApp = appsOnFreshStore(open);
  const start = (env: Record<string, string> = {}, logStream?: Writable) =>
    startApp({ ...ADMIN_ENV, ...env }, { now: () => clock, ...(logStream ? { logStream } : {}) });
  const login = (
    app: FastifyInstance,
    remoteAddress: string,
    password: string,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { ...ADMIN, password },
      remoteAddress,
      headers,
    });

  beforeEach(() => {
    clock = new Date('2026-11-22T10:00:00Z');
  });

  it('ignores X-Forwarded-For from a peer that is no TRUST_PROXY: forged addresses get no fresh budget', async () => {
    const app = await start();
    for (let index = 0; index < LOGIN_MAX_FAILURES; index += 1) {
      const response = await login(app, '203.0.113.9', `guess ${index}`, {
        'x-forwarded-for': `10.9.9.${index}`,
      });
      expect(response.statusCode).toBe(401);
    }
    const next = await login(app, '203.0.113.9', 'guess 6', { 'x-forwarded-for': '10.9.9.200' });
    expect(next.statusCode).toBe(429);
    expect(Number(next.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('behind a TRUST_PROXY, limits the forwarded client, never a client-written part of the chain', async () => {
    const app = await start({ TRUST_PROXY: '127.0.0.1' });
    const viaProxy = (client: string, password: string, claimed = '198.18.0.1') =>
      login(app, '127.0.0.1', password, { 'x-forwarded-for': `${claimed}, ${client}` });
    for (let index = 0; index < LOGIN_MAX_FAILURES; index += 1) {
      // The client writes its own X-Forwarded-For (the left part); the proxy appends the real address.
      expect((await viaProxy('203.0.113.9', `guess ${index}`, `198.18.0.${index}`)).statusCode).toBe(401);
    }
    expect((await viaProxy('203.0.113.9', ADMIN.password)).statusCode).toBe(429);
    expect((await viaProxy('203.0.113.10', ADMIN.password)).statusCode).toBe(200);
    // A peer that is not the proxy is limited by its own address, whatever it forwards.
    for (let index = 0; index < LOGIN_MAX_FAILURES; index += 1) {
      await login(app, '198.51.100.7', `guess ${index}`, { 'x-forwarded-for': `10.0.0.${index}` });
    }
    expect(
      (await login(app, '198.51.100.7', ADMIN.password, { 'x-forwarded-for': '10.0.0.99' })).statusCode,
    ).toBe(429);
  });

  it('stops every address after 50 failures in 15 minutes, except a browser that signed in before', async () => {
    const app = await start();
    const known = deviceCookie(await login(app, '192.0.2.50', ADMIN.password));
    expect(known).toMatch(/^onair_device=v1\.[\w-]{22}\.[\w-]{43};/);
    expect(DEVICE_COOKIE).toBe('onair_device');
    for (const flag of [
      'HttpOnly',
      'SameSite=Strict',
      'Path=/api/auth',
      `Max-Age=${DEVICE_COOKIE_MAX_AGE_S}`,
    ])
      expect(known).toContain(flag);
    expect(DEVICE_COOKIE_MAX_AGE_S).toBe(365 * 24 * 60 * 60);
    expect(known).not.toContain('Secure');
    const cookie = known.split(';')[0] ?? '';

    for (let index = 0; index < ACCOUNT_MAX_FAILURES; index += 1) {
      expect((await login(app, `198.51.100.${index}`, `guess ${index}`)).statusCode).toBe(401);
    }
    const refused = await login(app, '203.0.113.77', ADMIN.password);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBe(ACCOUNT_WINDOW_MS / 1000);
    expect(refused.headers['set-cookie']).toBeUndefined();
    // A forged device cookie is nobody's: same shape, wrong signature (or a signature respelled).
    const macAt = cookie.lastIndexOf('.') + 1;
    for (const at of [macAt, cookie.length - 1]) {
      const forged = cookie.slice(0, at) + (cookie[at] === 'A' ? 'B' : 'A') + cookie.slice(at + 1);
      expect((await login(app, '203.0.113.78', ADMIN.password, { cookie: forged })).statusCode).toBe(429);
    }
    // The admin's own browser still gets in, from a new address too.
    expect((await login(app, '203.0.113.79', ADMIN.password, { cookie })).statusCode).toBe(200);
    // 15 minutes after the first of those failures, everyone may try again (the limits read the system clock).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + ACCOUNT_WINDOW_MS });
    try {
      expect((await login(app, '203.0.113.77', ADMIN.password)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('forgets device cookies when the password changes', async () => {
    const before = await start();
    const cookie = deviceCookie(await login(before, '192.0.2.50', ADMIN.password)).split(';')[0] ?? '';
    const newPassword = 'a brand new passphrase';
    const after = await start({ ADMIN_PASSWORD: newPassword });
    for (let index = 0; index < ACCOUNT_MAX_FAILURES; index += 1)
      await login(after, `198.51.100.${index}`, `guess ${index}`);
    expect((await login(after, '192.0.2.50', newPassword, { cookie })).statusCode).toBe(429);
  });

  it('logs each failed sign-in once, at warn, with the real client address', async () => {
    const { stream, lines } = logSink();
    const app = await start({ LOG_LEVEL: 'info', TRUST_PROXY: '127.0.0.1' }, stream);
    await login(app, '127.0.0.1', 'wrong one', { 'x-forwarded-for': '203.0.113.9' });
    await login(app, '198.51.100.7', 'wrong two', { 'x-forwarded-for': '10.1.2.3' });
    await login(app, '203.0.113.5', ADMIN.password);
    const failures = lines.filter((line) => line.msg === 'admin sign-in failed');
    expect(failures.map((line) => [line.level, line.ip])).toEqual([
      [40, '203.0.113.9'],
      [40, '198.51.100.7'],
    ]);
    // Fastify's own request lines carry the same real address.
    const incoming = lines
      .filter((line) => line.msg === 'incoming request')
      .map((line) => line.req?.remoteAddress);
    expect(incoming).toEqual(['203.0.113.9', '198.51.100.7', '203.0.113.5']);
    expect(lines.some((line) => line.level >= 50)).toBe(false);
  });
});
