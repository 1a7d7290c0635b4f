import { describe, expect, it } from 'vitest';
import { adminSession } from './support/http.ts';
import { useTarget, type Target } from './support/target.ts';

/** The server's EVENTS_MAX_BATCHES_PER_WINDOW (a minute); the suite sees the server from outside only. */
const EVENTS_MAX_BATCHES_PER_WINDOW = 30;

const batch = (events: unknown[]) =>
  JSON.stringify({
    events,
    app_id: 'onair-web',
    platform_type: 'web_browser',
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/132.0',
  });
const chatClose = { name: 'chat_close', params: {}, at: 1 };

function postEvents(target: Target, body: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${target.url}/api/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
}

describe('POST /api/events under attack', () => {
  const target = useTarget();
  let accepted = 0;

  it('refuses made-up events, smuggled fields, oversized and garbage bodies, and a foreign origin, storing nothing', async () => {
    const before = target().storeSnapshot();
    const attempts: [string, Promise<Response>, number][] = [
      [
        'an unknown event',
        postEvents(target(), batch([{ name: 'purchase', params: { amount: 9 }, at: 1 }])),
        400,
      ],
      [
        'an address smuggled into params',
        postEvents(target(), batch([{ name: 'chat_close', params: { ip: '203.0.113.9' }, at: 1 }])),
        400,
      ],
      ['51 events', postEvents(target(), batch(Array(51).fill(chatClose))), 413],
      ['a 1 MB body', postEvents(target(), batch([chatClose]) + ' '.repeat(1_000_000)), 413],
      ['nested garbage', postEvents(target(), '['.repeat(5_000)), 400],
      ['a prototype key', postEvents(target(), '{"__proto__": {"events": []}, "events": []}'), 400],
      ['a foreign origin', postEvents(target(), batch([chatClose]), { origin: 'http://evil.example' }), 403],
    ];
    for (const [label, response, status] of attempts) {
      const answer = await response;
      expect({ label, status: answer.status }).toEqual({ label, status });
      expect(await answer.json()).toHaveProperty('error');
    }
    expect(target().storeSnapshot()).toEqual(before);
  });

  it('limits batches by the real address: forged X-Forwarded-For values (no TRUST_PROXY) share one budget', async () => {
    const statuses: number[] = [];
    for (let index = 0; index <= EVENTS_MAX_BATCHES_PER_WINDOW; index += 1) {
      const response = await postEvents(target(), batch([chatClose]), {
        'x-forwarded-for': `198.51.100.${index}`,
      });
      statuses.push(response.status);
    }
    // The refused batches of the case above spent part of the same budget: accepted ones first, then 429s only.
    accepted = statuses.filter((status) => status === 202).length;
    expect(accepted).toBeGreaterThan(0);
    expect(statuses).toEqual([
      ...Array<number>(accepted).fill(202),
      ...Array<number>(statuses.length - accepted).fill(429),
    ]);
    const before = target().storeSnapshot();
    expect(
      (await postEvents(target(), batch([chatClose]), { 'x-forwarded-for': '198.51.100.250' })).status,
    ).toBe(429);
    expect(target().storeSnapshot()).toEqual(before);
    // The counted rows hold no address, forged or real.
    expect(JSON.stringify(before)).not.toMatch(/198\.51\.100|127\.0\.0\.1/);
  });

  it('shows insights to nobody but the admin', async () => {
    expect((await fetch(`${target().url}/api/insights`)).status).toBe(401);
    const forged = await fetch(`${target().url}/api/insights`, {
      headers: { cookie: `onair_session=${'A'.repeat(43)}` },
    });
    expect(forged.status).toBe(401);
    const admin = await fetch(`${target().url}/api/insights?days=1`, {
      headers: { cookie: await adminSession(target()) },
    });
    expect(admin.status).toBe(200);
    expect(((await admin.json()) as { chat: { closes: number } }).chat.closes).toBe(accepted);
  });
});
