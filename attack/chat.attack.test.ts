import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { CHAT_MENTION_SIGNS_MAX, CHAT_MESSAGE_MAX_CHARS, CHAT_NAME_RULE, chatNameKey } from '@onair/core';
import { adminSession, cookiePair, setCookieLine } from './support/http.ts';
import { closeCode, nextFrame, openRealtime } from './support/sockets.ts';
import { ADMIN, type Target, useTarget } from './support/target.ts';

const EVIL = 'http://evil.example';

function chatRequest(
  target: Target,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<Response> {
  return fetch(`${target.url}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
}

async function joinChat(target: Target, name: string, headers: Record<string, string> = {}): Promise<string> {
  const response = await chatRequest(target, 'POST', '/api/chat/session', headers, { name });
  return cookiePair(response, 'onair_chat');
}

describe('the chat', () => {
  const target = useTarget();

  it('keeps its session in its own HttpOnly, SameSite=Strict cookie for /api/chat only', async () => {
    const response = await chatRequest(target(), 'POST', '/api/chat/session', {}, { name: 'Cookie Check' });
    const line = setCookieLine(response, 'onair_chat') ?? '';
    expect(line).toMatch(/;\s*HttpOnly/i);
    expect(line).toMatch(/;\s*SameSite=Strict/i);
    expect(line).toMatch(/;\s*Path=\/api\/chat(;|$)/i);
  });

  it('refuses every cross-site chat write (CSRF) and changes nothing', async () => {
    const chatter = await joinChat(target(), 'Csrf Victim');
    const admin = await adminSession(target());
    const posted = await chatRequest(
      target(),
      'POST',
      '/api/chat/messages',
      { cookie: chatter },
      { id: randomUUID(), text: 'mine' },
    );
    const { message } = (await posted.json()) as { message: { id: string } };
    const before = target().storeSnapshot();
    const evil = { origin: EVIL, cookie: `${chatter}; ${admin}` };
    const writes = [
      chatRequest(target(), 'POST', '/api/chat/session', evil, { name: 'Renamed' }),
      chatRequest(target(), 'POST', '/api/chat/messages', evil, { id: randomUUID(), text: 'forged' }),
      chatRequest(
        target(),
        'PUT',
        `/api/chat/messages/${message.id}/reactions/${encodeURIComponent('🔥')}`,
        evil,
      ),
      chatRequest(target(), 'DELETE', `/api/chat/messages/${message.id}`, evil),
      chatRequest(target(), 'POST', '/api/chat/mutes', evil, { name: 'Csrf Victim', minutes: 60 }),
      chatRequest(target(), 'DELETE', '/api/chat/session', evil),
    ];
    expect((await Promise.all(writes)).map((response) => response.status)).toEqual([
      403, 403, 403, 403, 403, 403,
    ]);
    expect(target().storeSnapshot()).toEqual(before);
  });

  it("gives nobody the admin's name or powers: look-alike names, a chat token in the admin cookie", async () => {
    const before = target().storeSnapshot();
    for (const name of [
      ADMIN.username,
      ADMIN.username.toUpperCase(),
      'áttack admin',
      'ａｔｔａｃｋ-ａｄｍｉｎ',
      'attack.admin',
    ]) {
      expect((await chatRequest(target(), 'POST', '/api/chat/session', {}, { name })).status, name).toBe(403);
    }
    expect(target().storeSnapshot()).toEqual(before);
    const chatter = await joinChat(target(), 'Token Mover');
    const token = chatter.split('=')[1] ?? '';
    const posted = await chatRequest(
      target(),
      'POST',
      '/api/chat/messages',
      { cookie: chatter },
      { id: randomUUID(), text: 'hi' },
    );
    const { message } = (await posted.json()) as { message: { id: string } };
    const asAdmin = await chatRequest(target(), 'DELETE', `/api/chat/messages/${message.id}`, {
      cookie: `onair_session=${token}`,
    });
    expect(asAdmin.status).toBe(403);
  });

  it('stores script-like text as text and serves it only as JSON', async () => {
    const chatter = await joinChat(target(), 'Markup Fan');
    const text = '</script><script>alert(document.cookie)</script><img src=x onerror=alert(1)>';
    await chatRequest(
      target(),
      'POST',
      '/api/chat/messages',
      { cookie: chatter },
      { id: randomUUID(), text },
    );
    const response = await chatRequest(target(), 'GET', '/api/chat/messages?limit=100');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const { messages } = (await response.json()) as { messages: { text: string }[] };
    expect(messages.map((m) => m.text)).toContain(text);
  });

  it('refuses bodies over 2 KB and junk before storing anything', async () => {
    const chatter = await joinChat(target(), 'Big Talker');
    const before = target().storeSnapshot();
    const huge = await chatRequest(
      target(),
      'POST',
      '/api/chat/messages',
      { cookie: chatter },
      { id: randomUUID(), text: 'x'.repeat(3_000) },
    );
    expect(huge.status).toBe(413);
    const nested = await chatRequest(
      target(),
      'POST',
      '/api/chat/messages',
      { cookie: chatter },
      `{"id":${'['.repeat(1_000)}${']'.repeat(1_000)}}`,
    );
    expect(nested.status).toBe(400);
    const junkEmoji = await chatRequest(
      target(),
      'PUT',
      `/api/chat/messages/${randomUUID()}/reactions/${encodeURIComponent('<svg onload=1>')}`,
      { cookie: chatter },
    );
    expect(junkEmoji.status).toBe(400);
    expect(target().storeSnapshot()).toEqual(before);
  });

  it('a forged X-Forwarded-For does not escape the per-address cap on new chat names', async () => {
    let last = 0;
    for (let index = 0; index < 40 && last !== 429; index += 1) {
      last = (
        await chatRequest(
          target(),
          'POST',
          '/api/chat/session',
          { 'x-forwarded-for': `198.51.100.${index}` },
          { name: `Sock Puppet ${index}` },
        )
      ).status;
    }
    expect(last).toBe(429);
  });

  it('a resume frame cannot ask for the impossible: a far-future seq gets a resync, a negative one closes the socket', async () => {
    const ahead = await openRealtime(target());
    const frame = nextFrame(ahead, 5_000);
    ahead.send(
      JSON.stringify({ type: 'subscribe', topics: ['chat'], versions: { chat: Number.MAX_SAFE_INTEGER } }),
    );
    expect(await frame).toMatchObject({ topic: 'chat', data: { type: 'resync' } });
    ahead.close();
    const negative = await openRealtime(target());
    const closed = closeCode(negative, 5_000);
    negative.send(JSON.stringify({ type: 'subscribe', topics: ['chat'], versions: { chat: -1 } }));
    expect(await closed).toBe(1008);
  });
});

describe('the mention bomb', () => {
  const target = useTarget();
  const LIVE_NAMES = 10_000;
  const listener = (index: number) => `Listener ${index}`;

  /** A big room: live names written straight into the store, as that many chat sessions would hold them. */
  function seedLiveNames(): void {
    const db = new SQLite(join(target().server.dataDir, 'onair.sqlite'));
    try {
      const insert = db.prepare('INSERT INTO chat_name (name_key, name, expires_at) VALUES (?, ?, ?)');
      const expiresAt = new Date(Date.now() + 60 * 60_000).toISOString();
      db.transaction(() => {
        for (let index = 0; index < LIVE_NAMES; index += 1)
          insert.run(chatNameKey(listener(index)), listener(index), expiresAt);
      })();
    } finally {
      db.close();
    }
  }

  const post = async (cookie: string, text: string) => {
    const response = await chatRequest(
      target(),
      'POST',
      '/api/chat/messages',
      { cookie },
      { id: randomUUID(), text },
    );
    expect(response.status).toBe(201);
    return ((await response.json()) as { message: { mentions: string[] } }).message.mentions;
  };

  it(`in a room of ${LIVE_NAMES.toLocaleString('en')} names: a message of '@'s mentions nobody and health answers beside it`, async () => {
    seedLiveNames();
    const bomber = await joinChat(target(), 'Bomber');
    const [mentions, health] = await Promise.all([
      post(bomber, '@'.repeat(CHAT_MESSAGE_MAX_CHARS)),
      fetch(`${target().url}/api/health`),
    ]);
    expect(mentions).toEqual([]);
    expect(health.status).toBe(200);
    // Past the first '@'s nothing is read as a mention, however many names the room holds.
    expect(await post(bomber, `${'@'.repeat(CHAT_MENTION_SIGNS_MAX)} @${listener(7)}`)).toEqual([]);
    // Real mentions are still found among them all.
    expect(await post(bomber, `@${listener(7)} and @${listener(LIVE_NAMES - 1)}, hi`)).toEqual([
      listener(7),
      listener(LIVE_NAMES - 1),
    ]);
  });
});

describe('the confusable names', () => {
  // The finding's own case: the admin is Aoife.
  const target = useTarget({ ADMIN_USERNAME: 'Aoife' });
  const claim = (name: string) => chatRequest(target(), 'POST', '/api/chat/session', {}, { name });

  it('refuses a name that mixes scripts or hides invisible characters, with the rule, and stores nothing', async () => {
    const before = target().storeSnapshot();
    for (const name of ['Аоіfе', 'Aоife', 'ㅤㅤ', 'Aoife\u3164', 'Ao\u034Fife']) {
      const response = await claim(name);
      expect(response.status, name).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe(CHAT_NAME_RULE);
    }
    expect(target().storeSnapshot()).toEqual(before);
  });

  it("keeps the admin's name, folded, for the admin", async () => {
    const before = target().storeSnapshot();
    for (const name of ['AOIFE', 'aoifé', 'A.o.i.f.e']) expect((await claim(name)).status, name).toBe(403);
    expect(target().storeSnapshot()).toEqual(before);
  });

  it("refuses another chatter's name spelt in look-alike letters of another script", async () => {
    expect((await claim('Coco')).status).toBe(200);
    const before = target().storeSnapshot();
    for (const name of ['сосо', 'СОСО']) expect((await claim(name)).status, name).toBe(409);
    expect(target().storeSnapshot()).toEqual(before);
  });
});
