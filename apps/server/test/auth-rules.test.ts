import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { constantTimeEquals, isReservedName } from '../src/auth/credentials.ts';
import {
  ACCOUNT_MAX_FAILURES,
  ACCOUNT_WINDOW_MS,
  DEVICE_MAX_FAILURES,
  LOGIN_MAX_FAILURES,
  LOGIN_WINDOW_MS,
  LoginLimiter,
  type SignInAttempt,
} from '../src/auth/login-limiter.ts';
import { registerRateLimits } from '../src/rate-limits.ts';
import { ConfigError, loadConfig } from '../src/config.ts';

describe('isReservedName (for the chat: nobody else may use the admin name)', () => {
  const admin = { username: 'Seán Admin' };
  it.each(['Seán Admin', 'sean admin', 'SEAN_ADMIN', ' seán.admin ', 'ＳｅáｎＡｄｍｉｎ'])(
    'reserves %j',
    (name) => {
      expect(isReservedName(name, admin)).toBe(true);
    },
  );
  it.each(['Seán', 'Sean Admin 2', 'Admin', '', '  '])('leaves %j free', (name) => {
    expect(isReservedName(name, admin)).toBe(false);
  });
  it.each([
    ['Ѕеán Аdmіn', 'Cyrillic letters in place of Latin ones'],
    ['Seán Admin\u3164', 'an invisible Hangul filler added'],
  ])('reserves %j (%s)', (name) => {
    expect(isReservedName(name, admin)).toBe(true);
  });
  it('reserves the look of an all-capitals name in another script: Cyrillic ТОМ for the admin Tom', () => {
    expect(isReservedName('ТОМ', { username: 'Tom' })).toBe(true);
    expect(isReservedName('КАТЕ', { username: 'kate' })).toBe(true);
    expect(isReservedName('Тоby', { username: 'Tom' })).toBe(false);
  });
  it('reserves nothing when editing is off', () => {
    expect(isReservedName('Seán Admin', null)).toBe(false);
  });
});

describe('constantTimeEquals', () => {
  it('compares whole secrets of any length', () => {
    expect(constantTimeEquals('abc', 'abc')).toBe(true);
    expect(constantTimeEquals('abc', 'abcd')).toBe(false);
    expect(constantTimeEquals('', 'x')).toBe(false);
  });
});

describe('LoginLimiter (in memory)', () => {
  let app: FastifyInstance;
  let limiter: LoginLimiter;
  const from = (ip: string, device: string | null = null): SignInAttempt => ({ ip, device });
  /** Admits `times` attempts, each a wrong password (its slots kept); how many were admitted. */
  const fail = async (attempt: SignInAttempt, times = 1) => {
    const admissions = await Promise.all(Array.from({ length: times }, () => limiter.admit(attempt)));
    return admissions.filter((admission) => admission.admitted).length;
  };
  const waitMs = async (attempt: SignInAttempt) => {
    const admission = await limiter.admit(attempt);
    if (!admission.admitted) return admission.retryAfterMs;
    await admission.succeeded();
    return 0;
  };

  beforeEach(async () => {
    app = Fastify();
    await registerRateLimits(app, undefined);
    await app.ready();
    limiter = new LoginLimiter(app);
  });
  afterEach(() => app.close());

  it('refuses an address after its 5th failure, until its window ends', async () => {
    await fail(from('203.0.113.9'), LOGIN_MAX_FAILURES - 1);
    expect(await waitMs(from('203.0.113.9'))).toBe(0);
    await fail(from('203.0.113.9'));
    const wait = await waitMs(from('203.0.113.9'));
    expect(wait).toBeGreaterThan(LOGIN_WINDOW_MS - 5_000);
    expect(wait).toBeLessThanOrEqual(LOGIN_WINDOW_MS);
    expect(await waitMs(from('203.0.113.10'))).toBe(0);
  });

  it('admits at most 5 of a burst of 40 concurrent guesses from one address', async () => {
    expect(await fail(from('203.0.113.9'), 40)).toBe(LOGIN_MAX_FAILURES);
  });

  it('admits at most 50 of a burst from 100 addresses at once', async () => {
    const admitted = await Promise.all(
      Array.from({ length: 100 }, (_, index) => fail(from(`198.51.100.${index}`))),
    );
    expect(admitted.reduce((sum, count) => sum + count, 0)).toBe(ACCOUNT_MAX_FAILURES);
  });

  it('gives the slots back to a right password: sign-ins that succeed are no failures', async () => {
    for (let index = 0; index < LOGIN_MAX_FAILURES * 3; index += 1)
      expect(await waitMs(from('203.0.113.9'))).toBe(0);
    for (let index = 0; index < ACCOUNT_MAX_FAILURES - 1; index += 1) await fail(from(`198.51.100.${index}`));
    expect(await waitMs(from('192.0.2.1'))).toBe(0);
    expect(await fail(from('192.0.2.2'))).toBe(1);
    expect(await waitMs(from('192.0.2.3'))).toBeGreaterThan(0);
  });

  it('counts an IPv6 client by its /64, so fresh addresses from one network share a budget', async () => {
    for (let host = 1; host <= LOGIN_MAX_FAILURES; host += 1) await fail(from(`2001:db8:1:2::${host}`));
    expect(await waitMs(from('2001:db8:1:2:ffff:1:2:3'))).toBeGreaterThan(0);
    expect(await waitMs(from('2001:db8:1:3::1'))).toBe(0);
  });

  it('stops everyone after 50 failures in 15 minutes, except a device that signed in before', async () => {
    for (let index = 0; index < ACCOUNT_MAX_FAILURES; index += 1) await fail(from(`198.51.100.${index}`));
    expect(await waitMs(from('192.0.2.1'))).toBeGreaterThan(ACCOUNT_WINDOW_MS - 5_000);
    expect(await waitMs(from('192.0.2.1', 'known-device'))).toBe(0);
  });

  it('stops exempting a device cookie that keeps failing', async () => {
    for (let index = 0; index < ACCOUNT_MAX_FAILURES; index += 1) {
      await fail(from(`198.51.100.${index}`, index < DEVICE_MAX_FAILURES ? 'stolen' : null));
    }
    expect(await waitMs(from('192.0.2.1', 'stolen'))).toBeGreaterThan(0);
    expect(await waitMs(from('192.0.2.1', 'other'))).toBe(0);
  });
});

describe('admin settings in the environment', () => {
  const base = { DATA_DIR: '/tmp/onair-config-test' };
  it('turns editing off when both are unset', () => {
    expect(loadConfig(base).admin).toBeNull();
  });
  it('refuses a short password, naming the field', () => {
    expect(() => loadConfig({ ...base, ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'short' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ ...base, ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'short' })).toThrow(
      /ADMIN_PASSWORD/,
    );
  });
  it('refuses one without the other', () => {
    expect(() => loadConfig({ ...base, ADMIN_PASSWORD: 'long enough secret' })).toThrow(/ADMIN_USERNAME/);
    expect(() => loadConfig({ ...base, ADMIN_USERNAME: 'boss' })).toThrow(/ADMIN_PASSWORD/);
  });
  it('reads extra realtime origins and refuses non-origins', () => {
    const config = loadConfig({
      ...base,
      REALTIME_ALLOWED_ORIGINS: 'https://a.example, http://b.example:8080',
    });
    expect(config.allowedOrigins).toEqual(['https://a.example', 'http://b.example:8080']);
    expect(() => loadConfig({ ...base, REALTIME_ALLOWED_ORIGINS: 'https://a.example/path' })).toThrow(
      /REALTIME_ALLOWED_ORIGINS/,
    );
  });
});
