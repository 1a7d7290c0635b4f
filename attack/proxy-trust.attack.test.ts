import { describe, expect, it } from 'vitest';
import { waitFor } from '../e2e/fixtures/ports.ts';
import { setCookieLine, signIn } from './support/http.ts';
import { LOG_LEVEL_WARN, WRONG_PASSWORD, useTarget, type Target } from './support/target.ts';

/** 180 days: the least HSTS max-age the issue accepts. */
const HSTS_MIN_SECONDS = 15_552_000;

/** Waits for the log to show `count` failed sign-ins, then returns them. */
async function failedSignInLines(target: Target, count: number) {
  await waitFor(
    `${count} 'admin sign-in failed' lines in the server log`,
    async () => target.log.failedSignIns.length >= count,
    5_000,
  );
  return target.log.failedSignIns;
}

function hstsMaxAge(response: Response): number | null {
  const header = response.headers.get('strict-transport-security');
  if (header === null) return null;
  return Number(/max-age=(\d+)/i.exec(header)?.[1] ?? Number.NaN);
}

describe('with no TRUST_PROXY, forwarded headers are ignored', () => {
  const target = useTarget({ LOG_LEVEL: 'info' });

  it('sends no HSTS over plain HTTP, even when X-Forwarded-Proto claims https', async () => {
    const plain = await fetch(`${target().url}/`);
    const claimed = await fetch(`${target().url}/`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(plain.status).toBe(200);
    expect(hstsMaxAge(plain)).toBeNull();
    expect(hstsMaxAge(claimed)).toBeNull();
  });

  it('does not mark the session cookie Secure because a client claims https', async () => {
    const response = await signIn(target(), { forwardedProto: 'https' });
    expect(response.status).toBe(200);
    const line = setCookieLine(response, 'onair_session') ?? '';
    expect(line).toMatch(/HttpOnly/i);
    expect(line).not.toMatch(/;\s*Secure/i);
  });

  it('limits guesses by the real address: six forged X-Forwarded-For values still get a 429 on the sixth', async () => {
    const before = target().storeSnapshot();
    const forged = ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4', '203.0.113.5', '203.0.113.6'];
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (const address of forged) {
      const response = await signIn(target(), { password: WRONG_PASSWORD, forwardedFor: address });
      statuses.push(response.status);
      retryAfter = response.headers.get('retry-after');
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);

    // The log names the real peer, never the address the attacker wrote into the header.
    const lines = await failedSignInLines(target(), 5);
    expect(lines.length).toBeLessThanOrEqual(forged.length);
    for (const line of lines) {
      expect(line.level).toBe(LOG_LEVEL_WARN);
      expect(line.ip).toBe('127.0.0.1');
    }
    for (const address of forged) expect(target().log.text).not.toContain(address);
    expect(target().storeSnapshot()).toEqual(before);
  });
});

describe('with TRUST_PROXY=127.0.0.1, the proxy’s forwarded headers are believed', () => {
  const target = useTarget({ LOG_LEVEL: 'info', TRUST_PROXY: '127.0.0.1' });

  it('sends HSTS of at least 180 days for requests that reached the proxy over https, streams included, and none for http', async () => {
    const secure = await fetch(`${target().url}/`, { headers: { 'x-forwarded-proto': 'https' } });
    // The live mount answers outside Fastify's reply (hijacked): it must carry the header too.
    const stream = await fetch(`${target().url}/demo/live`, {
      method: 'HEAD',
      headers: { 'x-forwarded-proto': 'https' },
      signal: AbortSignal.timeout(5_000),
    });
    const plain = await fetch(`${target().url}/`);
    expect(hstsMaxAge(secure)).toBeGreaterThanOrEqual(HSTS_MIN_SECONDS);
    expect(hstsMaxAge(stream)).toBeGreaterThanOrEqual(HSTS_MIN_SECONDS);
    expect(hstsMaxAge(plain)).toBeNull();
  });

  it('marks the session cookie Secure, HttpOnly, SameSite=Strict, Path=/ behind a TLS proxy', async () => {
    const response = await signIn(target(), { forwardedProto: 'https', forwardedFor: '198.51.100.20' });
    expect(response.status).toBe(200);
    const line = setCookieLine(response, 'onair_session') ?? '';
    expect(line).toMatch(/;\s*Secure/i);
    expect(line).toMatch(/;\s*HttpOnly/i);
    expect(line).toMatch(/;\s*SameSite=Strict/i);
    expect(line).toMatch(/;\s*Path=\//i);
  });

  it('gives each forwarded client its own budget and logs the forwarded address', async () => {
    const before = target().storeSnapshot();
    const first: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      first.push((await signIn(target(), { password: WRONG_PASSWORD, forwardedFor: '192.0.2.10' })).status);
    }
    const second = await signIn(target(), { password: WRONG_PASSWORD, forwardedFor: '192.0.2.11' });
    expect(first).toEqual([401, 401, 401, 401, 401, 429]);
    expect(second.status).toBe(401);

    const lines = await failedSignInLines(target(), 6);
    expect(lines.filter((line) => line.ip === '192.0.2.10').length).toBeGreaterThanOrEqual(5);
    expect(lines.filter((line) => line.ip === '192.0.2.11')).toHaveLength(1);
    expect(lines.every((line) => line.ip !== '127.0.0.1')).toBe(true);
    expect(target().storeSnapshot()).toEqual(before);
  });
});
