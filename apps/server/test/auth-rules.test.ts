import { describe, expect, it } from 'vitest';
import { constantTimeEquals, isReservedName } from '../src/auth/credentials.ts';
import { LoginLimiter } from '../src/auth/login-limiter.ts';
import { ConfigError, loadConfig } from '../src/config.ts';

describe('isReservedName (for the chat: nobody else may use the admin name)', () => {
  const admin = { username: 'Seán Admin' };
  it.each(['Seán Admin', 'sean admin', 'SEAN_ADMIN', ' seán.admin ', 'ＳｅáｎＡｄｍｉｎ'])('reserves %j', (name) => {
    expect(isReservedName(name, admin)).toBe(true);
  });
  it.each(['Seán', 'Sean Admin 2', 'Admin', '', '  '])('leaves %j free', (name) => {
    expect(isReservedName(name, admin)).toBe(false);
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

describe('LoginLimiter', () => {
  it('lets the window slide: the oldest failure ageing out frees one try', () => {
    const limiter = new LoginLimiter(5, 60_000);
    for (let second = 0; second < 5; second += 1) limiter.recordFailure('ip', second * 1000);
    expect(limiter.retryAfterMs('ip', 5_000)).toBe(55_000);
    expect(limiter.retryAfterMs('ip', 60_001)).toBe(0);
  });
});

describe('admin settings in the environment', () => {
  const base = { DATA_DIR: '/tmp/onair-config-test' };
  it('turns editing off when both are unset', () => {
    expect(loadConfig(base).admin).toBeNull();
  });
  it('refuses a short password, naming the field', () => {
    expect(() => loadConfig({ ...base, ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'short' })).toThrow(/ADMIN_PASSWORD/);
  });
  it('refuses one without the other', () => {
    expect(() => loadConfig({ ...base, ADMIN_PASSWORD: 'long enough secret' })).toThrow(/ADMIN_USERNAME/);
    expect(() => loadConfig({ ...base, ADMIN_USERNAME: 'boss' })).toThrow(/ADMIN_PASSWORD/);
  });
  it('reads extra realtime origins and refuses non-origins', () => {
    const config = loadConfig({ ...base, REALTIME_ALLOWED_ORIGINS: 'https://a.example, http://b.example:8080' });
    expect(config.allowedOrigins).toEqual(['https://a.example', 'http://b.example:8080']);
    expect(() => loadConfig({ ...base, REALTIME_ALLOWED_ORIGINS: 'https://a.example/path' })).toThrow(/REALTIME_ALLOWED_ORIGINS/);
  });
});
