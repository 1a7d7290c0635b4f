import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_TTL_MS } from '../src/auth/sessions.ts';
import { ADMIN, ADMIN_ENV, buildTestApp, loginAsAdmin, sessionCookie } from './auth-helpers.ts';
import { STORE_KINDS, type TestStore } from './stores.ts';

describe.each(STORE_KINDS)('admin sign-in on $kind', ({ open }) => {
  let store: TestStore;
  let app: FastifyInstance;
  let clock: Date;
  beforeEach(async () => {
    store = await open();
    clock = new Date('2026-11-22T10:00:00Z');
    app = await buildTestApp(store, undefined, { now: () => clock });
  });
  afterEach(async () => {
    await app.close();
    await store.dispose();
  });

  const me = async (cookie?: string) =>
    (await app.inject({ url: '/api/auth/me', headers: cookie ? { cookie } : {} })).json();

  it('calls everyone a listener until the admin signs in', async () => {
    expect(await me()).toEqual({ role: 'listener', signInEnabled: true });
    const cookie = await loginAsAdmin(app);
    expect(await me(cookie)).toEqual({ role: 'admin', signInEnabled: true });
  });

  it('sets an HttpOnly SameSite=Strict cookie holding a 32-byte token, Secure only over HTTPS', async () => {
    const plain = await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
    const line = String(plain.headers['set-cookie']);
    expect(line).toMatch(/^onair_session=[A-Za-z0-9_-]{43};/);
    expect(line).toContain('HttpOnly');
    expect(line).toContain('SameSite=Strict');
    expect(line).not.toContain('Secure');
    // A lifetime, not a date: the browser counts it on its own clock, right or wrong.
    expect(line).toContain(`Max-Age=${SESSION_TTL_MS / 1000}`);
    expect(line).not.toContain('Expires=');
    // X-Forwarded-Proto from a peer that is not a TRUST_PROXY is nobody's word for HTTPS.
    const forged = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: ADMIN,
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(String(forged.headers['set-cookie'])).not.toContain('Secure');
    const behindProxy = await buildTestApp(store, { ...ADMIN_ENV, TRUST_PROXY: '127.0.0.1' });
    try {
      const viaTls = await behindProxy.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: ADMIN,
        headers: { 'x-forwarded-proto': 'https' },
      });
      const cookies = [viaTls.headers['set-cookie'] ?? []].flat();
      expect(cookies).toHaveLength(2);
      for (const cookie of cookies) expect(cookie).toContain('Secure');
    } finally {
      await behindProxy.close();
    }
  });

  it('accepts the name in any case or spacing but only with the exact password', async () => {
    const loose = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { ...ADMIN, username: ' stationadmin ' },
    });
    expect(loose.statusCode).toBe(200);
    for (const password of [
      ADMIN.password.toUpperCase(),
      `${ADMIN.password} `,
      ADMIN.password.slice(0, -1),
      '',
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { ...ADMIN, password },
        remoteAddress: password,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'Wrong username or password.', code: 'sign_in_wrong' });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('issues a new session id at every login and retires the one it replaces', async () => {
    const first = await loginAsAdmin(app);
    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: ADMIN,
      headers: { cookie: first },
    });
    const second = sessionCookie(again);
    expect(second).not.toBe(first);
    expect((await me(first)).role).toBe('listener');
    expect((await me(second)).role).toBe('admin');
  });

  it('ends the session at logout', async () => {
    const cookie = await loginAsAdmin(app);
    const out = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/onair_session=;/);
    expect((await me(cookie)).role).toBe('listener');
  });

  it('expires a session after 12 hours', async () => {
    const cookie = await loginAsAdmin(app);
    clock = new Date(clock.getTime() + SESSION_TTL_MS - 1000);
    expect((await me(cookie)).role).toBe('admin');
    clock = new Date(clock.getTime() + 2000);
    expect((await me(cookie)).role).toBe('listener');
  });

  it('ignores forged and malformed cookies', async () => {
    for (const cookie of [
      'onair_session=' + 'A'.repeat(43),
      'onair_session=x',
      'onair_session=' + 'A'.repeat(5000),
    ]) {
      expect((await me(cookie)).role).toBe('listener');
    }
  });

  it('answers 429 after 5 failed tries a minute from one address, even to the right password', async () => {
    const attempt = (payload: object, ip: string) =>
      app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress: ip });
    for (let index = 0; index < 5; index += 1) {
      expect((await attempt({ ...ADMIN, password: `guess ${index}` }, '203.0.113.9')).statusCode).toBe(401);
    }
    const limited = await attempt(ADMIN, '203.0.113.9');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['set-cookie']).toBeUndefined();
    // Other addresses are not punished for one address's guesses.
    expect((await attempt(ADMIN, '203.0.113.10')).statusCode).toBe(200);
    // A minute later the address may try again (the limits read the system clock).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60_001 });
    try {
      expect((await attempt(ADMIN, '203.0.113.9')).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses junk login bodies with 400 and counts nothing', async () => {
    const junk = [
      { payload: 'username=a&password=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      { payload: '{not json', headers: { 'content-type': 'application/json' } },
      { payload: { username: 'x'.repeat(10_000), password: 'y' } },
      { payload: { username: ['a'], password: 1 } },
      { payload: {} },
    ];
    for (const request of junk) {
      const response = await app.inject({ method: 'POST', url: '/api/auth/login', ...request });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(429);
    }
    expect((await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN })).statusCode).toBe(
      200,
    );
  });

  it('refuses a cross-site sign-in and sign-out', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: ADMIN,
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'Requests from another site are refused.', code: 'cross_site' });
    const cookie = await loginAsAdmin(app);
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(out.json()).toEqual({ error: 'Requests from another site are refused.', code: 'cross_site' });
    expect((await me(cookie)).role).toBe('admin');
  });
});

describe.each(STORE_KINDS)('with editing off on $kind', ({ open }) => {
  it('has no admin to sign in as', async () => {
    const store = await open();
    const app = await buildTestApp(store, {});
    try {
      expect((await app.inject('/api/auth/me')).json()).toEqual({ role: 'listener', signInEnabled: false });
      const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: 'Admin sign-in is turned off on this server.',
        code: 'sign_in_off',
      });
    } finally {
      await app.close();
      await store.dispose();
    }
  });
});
