import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { adminSession, editedSchedule, getSchedule, putSchedule } from './support/http.ts';
import { closeCode, openRealtime, upgrade, type Upgrade } from './support/sockets.ts';
import { LOG_LEVEL_ERROR, useTarget, type Target } from './support/target.ts';

/** Origins that are not the server's own: another site, the wrong scheme, the wrong port, none at all. */
function foreignOrigins(target: Target): string[] {
  return [
    'http://evil.example',
    `https://127.0.0.1:${target.port}`,
    `http://127.0.0.1:${target.port + 1}`,
    'null',
  ];
}

/** The refusal's status, or 'opened' (closing the socket again) when the upgrade went through. */
function answerOf(result: Upgrade): number | 'opened' {
  if ('refusedWith' in result) return result.refusedWith;
  result.opened.close();
  return 'opened';
}

describe('the Origin check', () => {
  const target = useTarget({ LOG_LEVEL: 'info' });

  it('refuses a realtime upgrade from any other origin, scheme included, with 403', async () => {
    for (const origin of foreignOrigins(target())) {
      expect({ origin, answer: answerOf(await upgrade(target(), origin)) }).toEqual({ origin, answer: 403 });
    }
  });

  it('does not let forged X-Forwarded-Host and -Proto headers (no TRUST_PROXY) make a foreign origin its own', async () => {
    const forged = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
    for (const origin of [
      'http://evil.example',
      'https://evil.example',
      `https://127.0.0.1:${target().port}`,
    ]) {
      expect({ origin, answer: answerOf(await upgrade(target(), origin, forged)) }).toEqual({
        origin,
        answer: 403,
      });
    }
  });

  it('opens a realtime socket for the exact own origin', async () => {
    expect(answerOf(await upgrade(target(), target().url))).toBe('opened');
  });

  it('refuses a schedule PUT from any other origin, even with the admin’s session, and keeps the schedule', async () => {
    const session = await adminSession(target());
    const current = await getSchedule(target());
    const before = target().storeSnapshot();
    const body = JSON.stringify(editedSchedule(current, 'Cross-site edit'));
    for (const origin of foreignOrigins(target())) {
      const response = await putSchedule(target(), body, { cookie: session, origin });
      expect({ origin, status: response.status }).toEqual({ origin, status: 403 });
    }
    expect(target().storeSnapshot()).toEqual(before);
    expect(await getSchedule(target())).toEqual(current);

    // The same edit from the admin's own page goes through: the refusals were about the origin.
    const own = await putSchedule(target(), body, { cookie: session, origin: target().url });
    expect(own.status).toBe(200);
  });

  it('refuses every write of every route from another site with the same 403 and code, unknown paths too, storing nothing', async () => {
    const before = target().storeSnapshot();
    const message = '00000000-0000-4000-8000-000000000000';
    const writes: Array<[string, string]> = [
      ['POST', '/api/auth/login'],
      ['POST', '/api/auth/logout'],
      ['PUT', '/api/schedule'],
      ['POST', '/api/chat/session'],
      ['DELETE', '/api/chat/session'],
      ['POST', '/api/chat/messages'],
      ['PUT', `/api/chat/messages/${message}/reactions/${encodeURIComponent('🔥')}`],
      ['DELETE', `/api/chat/messages/${message}/reactions/${encodeURIComponent('🔥')}`],
      ['DELETE', `/api/chat/messages/${message}`],
      ['POST', '/api/chat/mutes'],
      ['PUT', '/api/push/subscription'],
      ['DELETE', '/api/push/subscription'],
      ['POST', '/api/events'],
      ['PATCH', '/api/a-route-added-next-year'],
    ];
    for (const [method, path] of writes) {
      const response = await fetch(`${target().url}${path}`, {
        method,
        headers: { origin: 'http://evil.example', 'content-type': 'application/json' },
        body: '{}',
      });
      expect({ method, path, status: response.status, body: await response.json() }).toEqual({
        method,
        path,
        status: 403,
        body: { error: 'Requests from another site are refused.', code: 'cross_site' },
      });
    }
    expect(target().storeSnapshot()).toEqual(before);
  });

  it('closes a socket that sends a bad frame, and logs none of them as a server error', async () => {
    const badFrames: Array<[string, string | Buffer]> = [
      ['not JSON', 'subscribe me'],
      ['an unknown topic', JSON.stringify({ type: 'subscribe', topics: ['admin-secrets'] })],
      ['a binary frame', Buffer.from([0xde, 0xad, 0xbe, 0xef])],
      [
        'an oversize frame',
        JSON.stringify({ type: 'subscribe', topics: ['schedule'], pad: 'x'.repeat(64 * 1024) }),
      ],
    ];
    for (const [what, frame] of badFrames) {
      const socket = await openRealtime(target());
      const closed = closeCode(socket, 5_000);
      socket.send(frame);
      // 1008 policy violation; 1009 "message too big" is the WebSocket layer's own refusal.
      const allowed = what === 'an oversize frame' ? [1008, 1009] : [1008];
      expect({ what, code: await closed }).toEqual({
        what,
        code: expect.toSatisfy((code: unknown) => allowed.includes(code as number)),
      });
    }
    // Log lines are written before the close frame goes out; a moment more covers the pipe to us.
    await sleep(500);
    expect(
      target()
        .log.lines.filter((line) => line.level >= LOG_LEVEL_ERROR)
        .map((line) => line.raw),
    ).toEqual([]);
  });
});

describe('the Origin check behind a TLS proxy (TRUST_PROXY=127.0.0.1) for radio.example', () => {
  const target = useTarget({ TRUST_PROXY: '127.0.0.1' });
  const proxied = { 'x-forwarded-host': 'radio.example', 'x-forwarded-proto': 'https' };

  it('accepts the page’s own https origin as the proxy reports it, and refuses its http twin', async () => {
    expect(answerOf(await upgrade(target(), 'https://radio.example', proxied))).toBe('opened');
    expect(answerOf(await upgrade(target(), 'http://radio.example', proxied))).toBe(403);
  });
});
