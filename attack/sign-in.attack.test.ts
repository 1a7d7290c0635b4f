import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../e2e/fixtures/ports.ts';
import { RedisFixture } from '../e2e/fixtures/redis.ts';
import { cookiePair, signIn } from './support/http.ts';
import { LOG_LEVEL_WARN, Target, WRONG_PASSWORD, useTarget } from './support/target.ts';

/** The numbers: 5 failures a minute per address, more than 50 in 15 minutes for the account. */
const PER_ADDRESS_FAILURES = 5;
const ACCOUNT_FAILURES = 50;

/** A distinct private-range address per attempt, as a botnet (or forged headers) would use. */
function botAddress(index: number): string {
  return `10.${Math.floor(index / 65_536) % 256}.${Math.floor(index / 256) % 256}.${index % 256}`;
}

/** The same cookie value with one character in its middle changed: a signature that no longer fits. */
function tampered(pair: string): string {
  const cut = pair.indexOf('=') + 1;
  const value = pair.slice(cut);
  const at = Math.floor(value.length / 2);
  const swapped = value[at] === 'A' ? 'B' : 'A';
  return `${pair.slice(0, cut)}${value.slice(0, at)}${swapped}${value.slice(at + 1)}`;
}

describe('guessing the password from one address', () => {
  const target = useTarget({ TRUST_PROXY: '127.0.0.1' });

  it('answers 429 with Retry-After after five failures, even to the right password, and stores no session', async () => {
    const before = target().storeSnapshot();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < PER_ADDRESS_FAILURES; attempt += 1) {
      statuses.push(
        (await signIn(target(), { password: WRONG_PASSWORD, forwardedFor: '192.0.2.50' })).status,
      );
    }
    const limited = await signIn(target(), { forwardedFor: '192.0.2.50' });
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.getSetCookie()).toEqual([]);
    expect(target().storeSnapshot()).toEqual(before);
  });

  it('counts an IPv6 client by its /64, so rotating addresses within it buys no new guesses', async () => {
    const before = target().storeSnapshot();
    const statuses: number[] = [];
    for (let host = 1; host <= PER_ADDRESS_FAILURES + 1; host += 1) {
      statuses.push(
        (
          await signIn(target(), {
            password: WRONG_PASSWORD,
            forwardedFor: `2001:db8:5:7::${host.toString(16)}`,
          })
        ).status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // Another /64 is another client.
    expect(
      (await signIn(target(), { password: WRONG_PASSWORD, forwardedFor: '2001:db8:5:8::1' })).status,
    ).toBe(401);
    expect(target().storeSnapshot()).toEqual(before);
  });

  it('logs each failure once, at warn, with the address, for fail2ban', async () => {
    const fromOne = () => target().log.failedSignIns.filter((line) => line.ip === '192.0.2.50');
    await waitFor(
      'the failed sign-ins in the log',
      async () => fromOne().length >= PER_ADDRESS_FAILURES,
      5_000,
    );
    const lines = fromOne();
    // Five wrong passwords: five lines (the limited sixth attempt may add one, never more).
    expect(lines.length).toBeGreaterThanOrEqual(PER_ADDRESS_FAILURES);
    expect(lines.length).toBeLessThanOrEqual(PER_ADDRESS_FAILURES + 1);
    expect(target().log.failedSignIns.every((line) => line.level === LOG_LEVEL_WARN)).toBe(true);
  });
});

describe('guessing the password from many addresses', () => {
  const target = useTarget({ TRUST_PROXY: '127.0.0.1' });

  it('locks the account for unknown browsers after more than 50 failures, but not the admin’s own browser', async () => {
    // The admin signed in from home last week: that browser holds a device cookie.
    const earlier = await signIn(target(), { forwardedFor: '198.51.100.7' });
    expect(earlier.status).toBe(200);
    const device = cookiePair(earlier, 'onair_device');
    const before = target().storeSnapshot();

    // A botnet: one guess per address, so no per-address limit is ever reached.
    const statuses: number[] = [];
    for (let index = 0; index < ACCOUNT_FAILURES + 2; index += 1) {
      statuses.push(
        (await signIn(target(), { password: WRONG_PASSWORD, forwardedFor: botAddress(index) })).status,
      );
    }
    expect(statuses.slice(0, ACCOUNT_FAILURES)).toEqual(new Array<number>(ACCOUNT_FAILURES).fill(401));
    expect(statuses.at(-1)).toBe(429);

    // Every browser without a genuine device cookie is refused now, even with the right password.
    const fresh = await signIn(target(), { forwardedFor: '198.51.100.8' });
    const forged = await signIn(target(), {
      forwardedFor: '198.51.100.9',
      cookie: 'onair_device=v1.trusted.device',
    });
    const altered = await signIn(target(), { forwardedFor: '198.51.100.10', cookie: tampered(device) });
    for (const refused of [fresh, forged, altered]) {
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.headers.getSetCookie()).toEqual([]);
    }
    expect(target().storeSnapshot()).toEqual(before);

    // The admin's browser still gets in (from a new address, as on a phone).
    const admin = await signIn(target(), { forwardedFor: '198.51.100.11', cookie: device });
    expect(admin.status).toBe(200);
    expect(cookiePair(admin, 'onair_session')).toMatch(/^onair_session=.+/);
  });
});

describe('a burst of concurrent guesses, on one instance and across two sharing Redis', () => {
  let redis: RedisFixture;
  let first: Target;
  let second: Target;
  beforeAll(async () => {
    redis = await RedisFixture.start();
    const env = { TRUST_PROXY: '127.0.0.1', REDIS_URL: redis.url };
    [first, second] = await Promise.all([Target.start(env), Target.start(env)]);
  });
  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await redis?.stop();
  });

  /** `count` wrong guesses sent at once; the statuses. */
  const burst = (target: Target, count: number, from: (index: number) => string) =>
    Promise.all(
      Array.from(
        { length: count },
        async (_, index) =>
          (await signIn(target, { password: WRONG_PASSWORD, forwardedFor: from(index) })).status,
      ),
    );
  /** Password checks a burst got: each wrong password checked is one 401 (a refused one is 429). */
  const checked = (statuses: number[]) => statuses.filter((status) => status === 401).length;

  it('checks at most 5 passwords of 40 sent at once from one address, and none more from it on the other instance', async () => {
    const before = [first.storeSnapshot(), second.storeSnapshot()];
    const atFirst = await burst(first, 40, () => '192.0.2.60');
    expect(checked(atFirst)).toBeLessThanOrEqual(PER_ADDRESS_FAILURES);
    expect(atFirst.filter((status) => status === 429)).toHaveLength(40 - checked(atFirst));
    const atSecond = await burst(second, 40, () => '192.0.2.60');
    expect(checked(atSecond)).toBe(0);
    // The log holds one line per checked password, and no more.
    const lines = () =>
      [first, second].flatMap((target) =>
        target.log.failedSignIns.filter((line) => line.ip === '192.0.2.60'),
      );
    await waitFor('the failed sign-ins in the log', async () => lines().length >= checked(atFirst), 5_000);
    expect(lines().length).toBe(checked(atFirst));
    expect([first.storeSnapshot(), second.storeSnapshot()]).toEqual(before);
  });

  it('checks at most 50 passwords for the account, whatever the number of addresses and instances', async () => {
    const atFirst = await burst(first, 40, (index) => botAddress(1_000 + index));
    const atSecond = await burst(second, 100, (index) => botAddress(2_000 + index));
    // The first case spent up to 5 of the account's 50.
    const all = first.log.failedSignIns.length + second.log.failedSignIns.length;
    expect(all).toBeLessThanOrEqual(ACCOUNT_FAILURES);
    expect(checked(atFirst) + checked(atSecond)).toBeLessThanOrEqual(ACCOUNT_FAILURES);
    expect(atSecond.filter((status) => status === 429).length).toBeGreaterThanOrEqual(
      100 + 40 - ACCOUNT_FAILURES,
    );
  });
});
