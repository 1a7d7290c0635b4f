import { describe, expect, it } from 'vitest';
import { stubApi, takeUnexpected } from './fixtures.ts';

// setup.ts turns what takeUnexpected() returns into a failed test; these tests drain it themselves
// to check what it records.
describe('the test network guard', () => {
  it('answers the declared routes and records any other request by method and URL', async () => {
    stubApi({ 'GET /api/station': { body: { ok: true } }, 'PUT /api/schedule': { status: 409 } });
    await expect((await fetch('/api/station')).json()).resolves.toEqual({ ok: true });
    expect((await fetch('/api/schedule', { method: 'PUT' })).status).toBe(409);
    expect(takeUnexpected()).toEqual([]);

    await expect(fetch('/api/schedule')).rejects.toThrow('unexpected fetch: GET /api/schedule');
    await expect(fetch('/api/auth/login?next=1', { method: 'post' })).rejects.toThrow();
    expect(takeUnexpected()).toEqual([
      'an unexpected request GET /api/schedule (declare it with stubApi)',
      'an unexpected request POST /api/auth/login?next=1 (declare it with stubApi)',
    ]);
  });

  it('is on before every test: an undeclared request is recorded even without stubApi', async () => {
    await expect(fetch('/api/now-playing')).rejects.toThrow();
    expect(takeUnexpected()).toEqual([
      'an unexpected request GET /api/now-playing (declare it with stubApi)',
    ]);
  });

  it('refuses a WebSocket no test injected, naming its URL', () => {
    expect(() => new WebSocket('ws://localhost/api/realtime')).toThrow(
      'unexpected WebSocket to ws://localhost/api/realtime',
    );
    expect(takeUnexpected()).toEqual([
      'an unexpected WebSocket to ws://localhost/api/realtime (inject a realtime client instead)',
    ]);
  });
});
