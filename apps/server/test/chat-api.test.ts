import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CHAT_MENTION_SIGNS_MAX,
  CHAT_NAME_RULE,
  CHAT_MESSAGE_MAX_CHARS,
  CHAT_RATE_MAX_MESSAGES,
  CHAT_REACTION_KINDS_MAX,
  CHAT_REACTIONS_PER_CHATTER_MAX,
  CHAT_REMOVED_TEXT,
  chatMessagesPageSchema,
  postChatMessageReplySchema,
  type ChatMessage,
} from '@onair/core';
import { CHAT_SESSIONS_PER_ADDRESS } from '../src/chat/chat-limits.ts';
import { ADMIN, buildTestApp, loginAsAdmin } from './auth-helpers.ts';
import { chatCookie, joinChat, postMessage } from './chat-helpers.ts';
import { STORE_KINDS, type TestStore } from './stores.ts';

const CROSS_SITE = { origin: 'https://evil.example' };

describe.each(STORE_KINDS)('chat API on $kind', ({ open }) => {
  let store: TestStore;
  let app: FastifyInstance;
  beforeEach(async () => {
    store = await open();
    app = await buildTestApp(store);
  });
  afterEach(async () => {
    await app.close();
    await store.dispose();
  });

  const history = async (query = '') => {
    const response = await app.inject({ method: 'GET', url: `/api/chat/messages${query}` });
    expect(response.statusCode).toBe(200);
    return chatMessagesPageSchema.parse(response.json()).messages;
  };
  const sent = (body: string): ChatMessage => postChatMessageReplySchema.parse(JSON.parse(body)).message;

  describe('POST /api/chat/session', () => {
    it('200 with the trimmed name and an HttpOnly SameSite=Strict cookie whose token is not stored', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/chat/session',
        payload: { name: '  Seán  Óg ' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ name: 'Seán Óg', admin: false });
      const header = String(response.headers['set-cookie']);
      expect(header).toMatch(/HttpOnly/);
      expect(header).toMatch(/SameSite=Strict/);
      const token = chatCookie(response).split('=')[1] ?? '';
      const rows = await store.db.selectFrom('session').selectAll().execute();
      expect(rows.map((row) => row.username)).toEqual(['Seán Óg']);
      expect(JSON.stringify(rows)).not.toContain(token);
    });

    it.each([['x'], ['<script>alert(1)</script>'], ['a'.repeat(25)], [42]])(
      '400 for the name %j',
      async (name) => {
        const response = await app.inject({ method: 'POST', url: '/api/chat/session', payload: { name } });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ error: expect.any(String), code: 'chat_name_invalid' });
      },
    );

    it('409 for a name another chatter holds, folded (sean = Seán); the holder may re-send it', async () => {
      const holder = await joinChat(app, 'Seán');
      const other = await app.inject({
        method: 'POST',
        url: '/api/chat/session',
        payload: { name: 'S.E.A.N' },
      });
      expect(other.statusCode).toBe(409);
      expect(other.json()).toEqual({ error: expect.any(String), code: 'chat_name_taken' });
      const again = await app.inject({
        method: 'POST',
        url: '/api/chat/session',
        payload: { name: 'Seán' },
        headers: { cookie: holder },
      });
      expect(again.statusCode).toBe(200);
    });

    it('409 for a look-alike in another script of a name another chatter holds (сосо in Cyrillic for Coco)', async () => {
      await joinChat(app, 'Coco');
      const other = await app.inject({ method: 'POST', url: '/api/chat/session', payload: { name: 'сосо' } });
      expect(other.statusCode).toBe(409);
    });

    it.each([['Аоіfе'], ['\u3164\u3164'], ['Ann\uFE0F']])(
      '400 with the rule for %j: mixed scripts or invisible characters',
      async (name) => {
        const response = await app.inject({ method: 'POST', url: '/api/chat/session', payload: { name } });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ error: CHAT_NAME_RULE, code: 'chat_name_invalid' });
        expect(await store.db.selectFrom('chat_name').selectAll().execute()).toEqual([]);
      },
    );

    it('a chatter who changes name frees the old one', async () => {
      const first = await joinChat(app, 'Aoife');
      await joinChat(app, 'Aoife2', '10.1.0.1', first);
      expect(
        (await app.inject({ method: 'POST', url: '/api/chat/session', payload: { name: 'Aoife' } }))
          .statusCode,
      ).toBe(200);
    });

    it("403 for the admin's name (folded) without the admin session; the admin chats under it, marked", async () => {
      for (const name of [ADMIN.username, 'station admin', 'STATION.ADMIN']) {
        const response = await app.inject({ method: 'POST', url: '/api/chat/session', payload: { name } });
        expect(response.statusCode, name).toBe(403);
      }
      const admin = await loginAsAdmin(app);
      const response = await app.inject({
        method: 'POST',
        url: '/api/chat/session',
        payload: { name: ADMIN.username },
        headers: { cookie: admin },
      });
      expect(response.json()).toEqual({ name: ADMIN.username, admin: true });
      const chat = chatCookie(response);
      const posted = await postMessage(app, `${admin}; ${chat}`, { text: 'Welcome all' });
      expect(posted.statusCode).toBe(201);
      expect(sent(posted.body).admin).toBe(true);
      // The chat cookie alone (the admin signed out) no longer speaks under the admin's name.
      expect((await postMessage(app, chat, { text: 'still me?' })).statusCode).toBe(403);
    });

    it('403 cross-site, 413 over 2 KB', async () => {
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/api/chat/session',
            payload: { name: 'Ann' },
            headers: CROSS_SITE,
          })
        ).statusCode,
      ).toBe(403);
      const big = await app.inject({
        method: 'POST',
        url: '/api/chat/session',
        payload: { name: 'Ann', pad: 'x'.repeat(3_000) },
      });
      expect(big.statusCode).toBe(413);
      expect(big.json()).toEqual({ error: expect.any(String), code: 'too_large' });
    });

    it(`429 with Retry-After after ${CHAT_SESSIONS_PER_ADDRESS} new names from one address in an hour; other addresses go on`, async () => {
      for (let index = 0; index < CHAT_SESSIONS_PER_ADDRESS; index += 1)
        await joinChat(app, `user${index}`, '10.9.0.1');
      const refused = await app.inject({
        method: 'POST',
        url: '/api/chat/session',
        payload: { name: 'one more' },
        remoteAddress: '10.9.0.1',
      });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      await joinChat(app, 'one more', '10.9.0.2');
    });

    it('GET answers the current chat name, 204 without; DELETE ends it and frees the name', async () => {
      const cookie = await joinChat(app, 'Niamh');
      expect(
        (await app.inject({ method: 'GET', url: '/api/chat/session', headers: { cookie } })).json(),
      ).toEqual({ name: 'Niamh', admin: false });
      const none = await app.inject({ method: 'GET', url: '/api/chat/session' });
      expect([none.statusCode, none.body]).toEqual([204, '']);
      expect(
        (await app.inject({ method: 'DELETE', url: '/api/chat/session', headers: { cookie } })).statusCode,
      ).toBe(204);
      expect(
        (await app.inject({ method: 'GET', url: '/api/chat/session', headers: { cookie } })).statusCode,
      ).toBe(204);
      await joinChat(app, 'Niamh', '10.1.0.2');
    });
  });

  describe('a chatter is a person, not a name', () => {
    /** POST /api/chat/session; the answer and every cookie it set, with those sent, for the next request. */
    const pick = async (name: string, cookie = '', ip = '10.1.0.1') => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/chat/session',
        payload: { name },
        remoteAddress: ip,
        ...(cookie ? { headers: { cookie } } : {}),
      });
      const set = [response.headers['set-cookie'] ?? []].flat().map((line) => line.split(';')[0] ?? '');
      const jar = new Map(
        [...cookie.split('; '), ...set]
          .filter((pair) => pair.includes('='))
          .map((pair) => [pair.slice(0, pair.indexOf('=')), pair] as const),
      );
      return {
        status: response.statusCode,
        cookie: [...jar.values()].filter((pair) => !pair.endsWith('=')).join('; '),
      };
    };
    const signOut = (cookie: string) =>
      app.inject({ method: 'DELETE', url: '/api/chat/session', headers: { cookie } });

    it('a refused rename changes nothing: the name stays its holder’s, nobody else can take it', async () => {
      const victim = await pick('Bob');
      await pick('Carol');
      expect((await pick('Carol', victim.cookie)).status).toBe(409);
      expect((await pick('Bob')).status).toBe(409);
      expect((await postMessage(app, victim.cookie, { text: 'still Bob' })).statusCode).toBe(201);
    });

    it('whoever takes a released name gets none of its reactions, messages or mute', async () => {
      const bob = await pick('Bob');
      const ann = await pick('Ann');
      const message = sent((await postMessage(app, ann.cookie, { text: 'tune!' })).body);
      const own = sent((await postMessage(app, bob.cookie, { text: 'mine' })).body);
      const url = `/api/chat/messages/${message.id}/reactions/${encodeURIComponent('🔥')}`;
      expect((await app.inject({ method: 'PUT', url, headers: { cookie: bob.cookie } })).statusCode).toBe(
        200,
      );
      expect((await signOut(bob.cookie)).statusCode).toBe(204);

      const newcomer = await pick('Bob', '', '10.2.0.1');
      expect(newcomer.status).toBe(200);
      // The reaction is the first Bob's: the newcomer's DELETE finds none of theirs to take back.
      const taken = await app.inject({ method: 'DELETE', url, headers: { cookie: newcomer.cookie } });
      expect(taken.json()).toEqual({ messageId: message.id, reactions: [{ emoji: '🔥', names: ['Bob'] }] });
      // The first Bob's message id is not the newcomer's to resend.
      expect((await postMessage(app, newcomer.cookie, { id: own.id, text: 'mine' })).statusCode).toBe(409);
    });

    it('a mute outlives signing out and a new name, and never passes to the next holder of the name', async () => {
      const ann = await pick('Ann');
      sent((await postMessage(app, ann.cookie, { text: 'spam' })).body);
      const admin = await loginAsAdmin(app);
      const mute = await app.inject({
        method: 'POST',
        url: '/api/chat/mutes',
        headers: { cookie: admin },
        payload: { name: 'Ann', minutes: 30 },
      });
      expect(mute.statusCode).toBe(200);
      expect((await signOut(ann.cookie)).statusCode).toBe(204);

      // Same browser, new name: still muted.
      const again = await pick('Not Ann', ann.cookie);
      expect(again.status).toBe(403);
      // Someone else takes the freed name: not muted.
      const newcomer = await pick('Ann', '', '10.2.0.1');
      expect(newcomer.status).toBe(200);
      expect((await postMessage(app, newcomer.cookie, { text: 'hello, I am new' })).statusCode).toBe(201);
      // Muting a name nobody has used is a clear 404.
      const nobody = await app.inject({
        method: 'POST',
        url: '/api/chat/mutes',
        headers: { cookie: admin },
        payload: { name: 'Nobody Here', minutes: 5 },
      });
      expect(nobody.statusCode).toBe(404);
      expect(nobody.json()).toEqual({
        error: 'Nobody in the chat goes by that name.',
        code: 'chat_nobody_named',
      });
    });

    it('the chatter cookie is HttpOnly, SameSite=Strict, scoped to /api/chat, and stored only as a hash', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/chat/session',
        payload: { name: 'Dara' },
      });
      const line = [response.headers['set-cookie'] ?? []]
        .flat()
        .find((value) => value.startsWith('onair_chatter='));
      expect(line).toBeDefined();
      for (const flag of ['HttpOnly', 'SameSite=Strict', 'Path=/api/chat', 'Max-Age=31536000'])
        expect(line).toContain(flag);
      const token = line?.slice('onair_chatter='.length).split(';')[0] ?? '';
      expect(token).toMatch(/^[\w-]{43}$/);
      const rows = [
        ...(await store.db.selectFrom('session').selectAll().execute()),
        ...(await store.db.selectFrom('chat_name').selectAll().execute()),
      ];
      expect(JSON.stringify(rows)).not.toContain(token);
    });
  });

  describe('messages', () => {
    it('201 then 200 with the same message for the same id: one copy, seq +1 per accepted event', async () => {
      const cookie = await joinChat(app, 'Ann');
      const id = randomUUID();
      const first = await postMessage(app, cookie, { id, text: ' hello ' });
      expect(first.statusCode).toBe(201);
      const message = sent(first.body);
      expect(message).toMatchObject({
        id,
        seq: 1,
        name: 'Ann',
        text: 'hello',
        replyTo: null,
        mentions: [],
        reactions: [],
        deleted: false,
        admin: false,
      });
      const again = await postMessage(app, cookie, { id, text: ' hello ' });
      expect(again.statusCode).toBe(200);
      expect(sent(again.body)).toEqual(message);
      const second = sent((await postMessage(app, cookie, { text: 'two' })).body);
      expect(second.seq).toBe(2);
      expect((await history()).map((m) => m.id)).toEqual([id, second.id]);
    });

    it('409 for an id another chatter already used', async () => {
      const id = randomUUID();
      await postMessage(app, await joinChat(app, 'Ann'), { id, text: 'mine' });
      expect((await postMessage(app, await joinChat(app, 'Bob'), { id, text: 'theirs' })).statusCode).toBe(
        409,
      );
    });

    it('401 without a session, 403 cross-site', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/chat/messages',
        payload: { id: randomUUID(), text: 'hi' },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: expect.any(String), code: 'chat_no_session' });
      const cookie = await joinChat(app, 'Ann');
      const crossSite = await app.inject({
        method: 'POST',
        url: '/api/chat/messages',
        headers: { cookie, ...CROSS_SITE },
        payload: { id: randomUUID(), text: 'hi' },
      });
      expect(crossSite.statusCode).toBe(403);
      expect(crossSite.json()).toEqual({ error: expect.any(String), code: 'cross_site' });
    });

    it.each([
      ['empty', ''],
      ['whitespace only', ' \n\t '],
      ['over 500 characters', 'x'.repeat(CHAT_MESSAGE_MAX_CHARS + 1)],
    ])('400 for %s text', async (_label, text) => {
      const response = await postMessage(app, await joinChat(app, 'Ann'), { text });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: expect.any(String), code: 'chat_message_invalid' });
    });

    it('400 for a replyTo that does not exist; a real one is kept', async () => {
      const cookie = await joinChat(app, 'Ann');
      expect((await postMessage(app, cookie, { text: 'hm', replyTo: randomUUID() })).statusCode).toBe(400);
      const parent = sent((await postMessage(app, cookie, { text: 'parent' })).body);
      expect(sent((await postMessage(app, cookie, { text: 'child', replyTo: parent.id })).body).replyTo).toBe(
        parent.id,
      );
    });

    it('413 for a body over 2 KB', async () => {
      const response = await postMessage(app, await joinChat(app, 'Ann'), {
        text: '😀'.repeat(CHAT_MESSAGE_MAX_CHARS) + 'x'.repeat(100),
      });
      expect(response.statusCode).toBe(413);
    });

    it('mentions are parsed server-side from @name of chatters in the room', async () => {
      const ann = await joinChat(app, 'Ann');
      await joinChat(app, 'Seán Óg');
      const message = sent(
        (await postMessage(app, ann, { text: 'hey @seán óg and @nobody, mail x@Ann.ie' })).body,
      );
      expect(message.mentions).toEqual(['Seán Óg']);
    });

    it(`a message of '@'s mentions nobody, and '@'s after the first ${CHAT_MENTION_SIGNS_MAX} are plain text`, async () => {
      const ann = await joinChat(app, 'Ann');
      await joinChat(app, 'Bob');
      expect(
        sent((await postMessage(app, ann, { text: '@'.repeat(CHAT_MESSAGE_MAX_CHARS) })).body).mentions,
      ).toEqual([]);
      expect(
        sent((await postMessage(app, ann, { text: `${'@'.repeat(CHAT_MENTION_SIGNS_MAX - 1)} @Bob` })).body)
          .mentions,
      ).toEqual(['Bob']);
      expect(
        sent((await postMessage(app, ann, { text: `${'@'.repeat(CHAT_MENTION_SIGNS_MAX)} @Bob` })).body)
          .mentions,
      ).toEqual([]);
    });

    it(`429 with Retry-After after ${CHAT_RATE_MAX_MESSAGES} messages in 10 s; a resend is never refused`, async () => {
      const cookie = await joinChat(app, 'Ann');
      const ids: string[] = [];
      for (let index = 0; index < CHAT_RATE_MAX_MESSAGES; index += 1) {
        const id = randomUUID();
        ids.push(id);
        expect((await postMessage(app, cookie, { id, text: `m${index}` })).statusCode).toBe(201);
      }
      const refused = await postMessage(app, cookie, { text: 'too fast' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ error: expect.any(String), code: 'rate_limited' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect((await postMessage(app, cookie, { id: ids[0] ?? '', text: 'm0' })).statusCode).toBe(200);
      // Another chatter has their own budget.
      expect((await postMessage(app, await joinChat(app, 'Bob'), { text: 'hi' })).statusCode).toBe(201);
    });

    it('XSS corpus in names and texts is stored as text and served as JSON', async () => {
      const corpus = [
        '<img src=x onerror=alert(1)>',
        '"><script>alert(document.cookie)</script>',
        'javascript:alert(1)',
        '<svg/onload=alert(1)>',
        '{{constructor.constructor("alert(1)")()}}',
        "'; DROP TABLE chat_message; --",
      ];
      // Two writers: the corpus is longer than one chatter's rate limit.
      const writers = [await joinChat(app, 'Ann'), await joinChat(app, 'Bob')];
      for (const [index, text] of corpus.entries()) {
        expect((await postMessage(app, writers[index % 2] ?? '', { text })).statusCode).toBe(201);
      }
      const response = await app.inject({ method: 'GET', url: '/api/chat/messages' });
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json<{ messages: ChatMessage[] }>().messages.map((m) => m.text)).toEqual(corpus);
      // A name is letters only: markup never becomes one.
      expect(
        (await app.inject({ method: 'POST', url: '/api/chat/session', payload: { name: '<b>x</b>' } }))
          .statusCode,
      ).toBe(400);
    });
  });

  describe('GET /api/chat/messages', () => {
    it('pages oldest first with before and limit 1..100; 400 outside', async () => {
      const cookie = await joinChat(app, 'Ann');
      const other = await joinChat(app, 'Bob');
      for (let index = 0; index < 8; index += 1)
        await postMessage(app, index % 2 ? other : cookie, { text: `m${index}` });
      expect((await history('?limit=3')).map((m) => m.text)).toEqual(['m5', 'm6', 'm7']);
      expect((await history('?before=6&limit=3')).map((m) => m.text)).toEqual(['m2', 'm3', 'm4']);
      for (const query of ['?limit=0', '?limit=101', '?before=x', '?before=-1']) {
        const response = await app.inject({ method: 'GET', url: `/api/chat/messages${query}` });
        expect(response.statusCode, query).toBe(400);
      }
    });
  });

  describe('reactions', () => {
    it('PUT/DELETE: one per chatter, message and emoji; URL-encoded emoji; junk 400; unknown 404', async () => {
      const ann = await joinChat(app, 'Ann');
      const bob = await joinChat(app, 'Bob');
      const message = sent((await postMessage(app, ann, { text: 'tune!' })).body);
      const url = (emoji: string, id = message.id) =>
        `/api/chat/messages/${id}/reactions/${encodeURIComponent(emoji)}`;
      for (const cookie of [ann, bob, bob]) {
        expect((await app.inject({ method: 'PUT', url: url('🔥'), headers: { cookie } })).statusCode).toBe(
          200,
        );
      }
      const put = await app.inject({ method: 'PUT', url: url('👩‍👩‍👧‍👦'), headers: { cookie: bob } });
      expect(put.json()).toEqual({
        messageId: message.id,
        reactions: [
          { emoji: '🔥', names: ['Ann', 'Bob'] },
          { emoji: '👩‍👩‍👧‍👦', names: ['Bob'] },
        ],
      });
      expect(
        (await app.inject({ method: 'DELETE', url: url('🔥'), headers: { cookie: ann } })).json(),
      ).toEqual({
        messageId: message.id,
        reactions: [
          { emoji: '🔥', names: ['Bob'] },
          { emoji: '👩‍👩‍👧‍👦', names: ['Bob'] },
        ],
      });
      expect((await history())[0]?.reactions).toEqual([
        { emoji: '🔥', names: ['Bob'] },
        { emoji: '👩‍👩‍👧‍👦', names: ['Bob'] },
      ]);
      for (const junk of ['a', '👍👍', '<b>', '%F0']) {
        expect(
          (await app.inject({ method: 'PUT', url: url(junk), headers: { cookie: ann } })).statusCode,
          junk,
        ).toBe(400);
      }
      expect(
        (await app.inject({ method: 'PUT', url: url('🔥', randomUUID()), headers: { cookie: ann } }))
          .statusCode,
      ).toBe(404);
      expect((await app.inject({ method: 'PUT', url: url('🔥') })).statusCode).toBe(401);
      // Events: the message, then 4 reaction changes (the repeated PUT was none); the next is seq 6.
      expect(sent((await postMessage(app, ann, { text: 'next' })).body).seq).toBe(6);
    });

    it('one bucket per emoji whatever its VS16 (👍 and 👍+VS16, ❤ and ❤️); no ZWJ chain, tag text or other non-RGI emoji', async () => {
      const ann = await joinChat(app, 'Ann');
      const bob = await joinChat(app, 'Bob');
      const message = sent((await postMessage(app, ann, { text: 'tune!' })).body);
      const react = (cookie: string, emoji: string, method = 'PUT' as 'PUT' | 'DELETE') =>
        app.inject({
          method,
          url: `/api/chat/messages/${message.id}/reactions/${encodeURIComponent(emoji)}`,
          headers: { cookie },
        });
      await react(ann, '👍');
      await react(bob, '👍\uFE0F');
      await react(ann, '\u2764');
      expect((await react(bob, '❤️')).json()).toEqual({
        messageId: message.id,
        reactions: [
          { emoji: '👍', names: ['Ann', 'Bob'] },
          { emoji: '❤️', names: ['Ann', 'Bob'] },
        ],
      });
      // Taken back under the other form: the same bucket.
      expect((await react(ann, '👍\uFE0F', 'DELETE')).json<{ reactions: unknown }>().reactions).toEqual([
        { emoji: '👍', names: ['Bob'] },
        { emoji: '❤️', names: ['Ann', 'Bob'] },
      ]);
      const before = await history();
      const tagged = `🏴${[...'hidden'].map((char) => String.fromCodePoint(0xe0000 + char.charCodeAt(0))).join('')}\u{E007F}`;
      for (const junk of [Array.from({ length: 8 }, () => '😀').join('\u200D'), tagged, '🇦🇦', '👍🏽👍']) {
        const refused = await react(ann, junk);
        expect(refused.statusCode, junk).toBe(400);
        expect(refused.json()).toEqual({ error: 'Not a reaction.', code: 'chat_reaction_invalid' });
      }
      expect(await history()).toEqual(before);
    });

    it(`at most ${CHAT_REACTION_KINDS_MAX} different emoji on a message and ${CHAT_REACTIONS_PER_CHATTER_MAX} per chatter: 409 with a sentence, nothing stored`, async () => {
      const author = await joinChat(app, 'Author');
      const message = sent((await postMessage(app, author, { text: 'tune!' })).body);
      const react = (cookie: string, emoji: string, method = 'PUT' as 'PUT' | 'DELETE') =>
        app.inject({
          method,
          url: `/api/chat/messages/${message.id}/reactions/${encodeURIComponent(emoji)}`,
          headers: { cookie },
        });
      const emoji = Array.from({ length: CHAT_REACTION_KINDS_MAX + 1 }, (_, index) =>
        String.fromCodePoint(0x1f400 + index),
      );
      const chatters = await Promise.all(
        Array.from({ length: 7 }, (_, index) => joinChat(app, `Fan ${index}`, `10.4.0.${index}`)),
      );
      for (const [index, kind] of emoji.slice(0, CHAT_REACTION_KINDS_MAX).entries()) {
        expect(
          (await react(chatters[Math.floor(index / CHAT_REACTIONS_PER_CHATTER_MAX)] ?? '', kind)).statusCode,
        ).toBe(200);
      }
      const before = await history();
      const newKind = await react(chatters[6] ?? '', emoji[CHAT_REACTION_KINDS_MAX] ?? '');
      expect(newKind.statusCode).toBe(409);
      expect(newKind.json()).toEqual({
        error: `This message has ${CHAT_REACTION_KINDS_MAX} different reactions already. Add yours to one of them.`,
        code: 'chat_reaction_kinds_full',
      });
      const fan = chatters[0] ?? '';
      const fourth = await react(fan, emoji[5] ?? '');
      expect(fourth.statusCode).toBe(409);
      expect(fourth.json()).toEqual({
        error: `You can give a message at most ${CHAT_REACTIONS_PER_CHATTER_MAX} reactions. Take one back to give another.`,
        code: 'chat_reactions_mine_full',
      });
      expect(await history()).toEqual(before);
      // A reaction already there still takes more names.
      expect((await react(chatters[6] ?? '', emoji[0] ?? '')).statusCode).toBe(200);
      // Taking one back makes room for another.
      expect((await react(fan, emoji[0] ?? '', 'DELETE')).statusCode).toBe(200);
      expect((await react(fan, emoji[5] ?? '')).statusCode).toBe(200);
    });

    it('a double tap (the same PUT four times at once, by two chatters on three emoji each) answers 200 to each and stores each reaction once', async () => {
      const chatters = [await joinChat(app, 'Ann'), await joinChat(app, 'Bob')];
      const message = sent((await postMessage(app, chatters[0] ?? '', { text: 'tune!' })).body);
      const kinds = ['👍', '🔥', '🎉'];
      const taps = chatters.flatMap((cookie) =>
        kinds.flatMap((emoji) =>
          Array.from({ length: 4 }, () =>
            app.inject({
              method: 'PUT',
              url: `/api/chat/messages/${message.id}/reactions/${encodeURIComponent(emoji)}`,
              headers: { cookie },
            }),
          ),
        ),
      );
      const statuses = (await Promise.all(taps)).map((response) => response.statusCode);
      expect(statuses).toEqual(taps.map(() => 200));
      expect(
        (await history())[0]?.reactions
          .map((reaction) => [reaction.emoji, [...reaction.names].sort()])
          .sort(),
      ).toEqual([...kinds].sort().map((emoji) => [emoji, ['Ann', 'Bob']]));
      // One event per reaction given: the message, six changes, and the next one is seq 8.
      expect(sent((await postMessage(app, chatters[0] ?? '', { text: 'next' })).body).seq).toBe(8);
    });
  });

  describe('moderation', () => {
    it('the admin removes a message: 204, a tombstone for everyone, its text gone from the store; others 403; unknown 404', async () => {
      const ann = await joinChat(app, 'Ann');
      const message = sent((await postMessage(app, ann, { text: 'something rude' })).body);
      await app.inject({
        method: 'PUT',
        url: `/api/chat/messages/${message.id}/reactions/${encodeURIComponent('😂')}`,
        headers: { cookie: ann },
      });
      const remove = async (id: string, headers: Record<string, string> = {}) =>
        (await app.inject({ method: 'DELETE', url: `/api/chat/messages/${id}`, headers })).statusCode;
      expect(await remove(message.id, { cookie: ann })).toBe(403);
      expect(await remove(message.id)).toBe(403);
      const admin = await loginAsAdmin(app);
      expect(await remove(message.id, { cookie: admin, ...CROSS_SITE })).toBe(403);
      expect(await remove(message.id, { cookie: admin })).toBe(204);
      expect(await remove(randomUUID(), { cookie: admin })).toBe(404);
      expect((await history())[0]).toMatchObject({
        id: message.id,
        deleted: true,
        text: CHAT_REMOVED_TEXT,
        reactions: [],
        mentions: [],
      });
      const rows = await store.db.selectFrom('chat_message').select('text').execute();
      expect(JSON.stringify(rows)).not.toContain('rude');
      // A removed message takes no reactions.
      expect(
        (
          await app.inject({
            method: 'PUT',
            url: `/api/chat/messages/${message.id}/reactions/${encodeURIComponent('😂')}`,
            headers: { cookie: ann },
          })
        ).statusCode,
      ).toBe(404);
    });

    it('the admin mutes a chatter for N minutes: 403 with mutedUntil for messages, reactions and a new name; 0 lifts it; others 403', async () => {
      const ann = await joinChat(app, 'Ann');
      const target = sent((await postMessage(app, ann, { text: 'hi' })).body);
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/api/chat/mutes',
            headers: { cookie: ann },
            payload: { name: 'Ann', minutes: 5 },
          })
        ).statusCode,
      ).toBe(403);
      const admin = await loginAsAdmin(app);
      const mute = await app.inject({
        method: 'POST',
        url: '/api/chat/mutes',
        headers: { cookie: admin },
        payload: { name: 'ann', minutes: 5 },
      });
      expect(mute.statusCode).toBe(200);
      const { mutedUntil } = mute.json<{ mutedUntil: number }>();
      expect(mutedUntil).toBeGreaterThan(Date.now());
      const refused = await postMessage(app, ann, { text: 'let me talk' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        error: expect.stringContaining('muted'),
        code: 'chat_muted',
        mutedUntil,
      });
      expect(
        (
          await app.inject({
            method: 'PUT',
            url: `/api/chat/messages/${target.id}/reactions/${encodeURIComponent('👍')}`,
            headers: { cookie: ann },
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/api/chat/session',
            payload: { name: 'Not Ann' },
            headers: { cookie: ann },
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/api/chat/mutes',
            headers: { cookie: admin },
            payload: { name: 'Ann', minutes: -1 },
          })
        ).statusCode,
      ).toBe(400);
      await app.inject({
        method: 'POST',
        url: '/api/chat/mutes',
        headers: { cookie: admin },
        payload: { name: 'Ann', minutes: 0 },
      });
      expect((await postMessage(app, ann, { text: 'thanks' })).statusCode).toBe(201);
    });
  });
});
