import { CHAT_NAME_RULE, type ChatMessage, type ChatSession, type ClockSetting } from '@onair/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerAnalyticsSink, type AnalyticsEvent } from '../../lib/analytics.ts';
import { ApiError } from '../../lib/api-client.ts';
import { readStored, writeStored } from '../../lib/storage.ts';
import * as storedLater from '../../lib/stored-later.ts';
import { chatMessage, fakeRealtime } from '../../test/fixtures.ts';
import type { ChatApi } from './chat-api.ts';
import { ChatService, randomUuid, refusalOfName } from './chat-service.ts';
import { CHAT_WINDOW_MESSAGES } from './chat-window.ts';

const ID = (n: number) => chatMessage(n).id;
const DUBLIN_24: ClockSetting = { timeZone: 'Europe/Dublin', clock: '24-hour' };
const offlineError = () => new ApiError('POST /api/chat/messages: the server could not be reached.');

/**
 * The HTTP boundary, in memory: the service under test is real. `post` answers are queued per call
 * (an error to throw, or 'accept' to store the message as the server would).
 */
function memoryApi(session: ChatSession | null = { name: 'Niamh', admin: false }) {
  const messages: ChatMessage[] = [];
  const postAnswers: (Error | 'accept')[] = [];
  const posted: { id: string; text: string; replyTo: string | null }[] = [];
  let sessionNow = session;
  const api: ChatApi = {
    currentSession: vi.fn(async () => sessionNow),
    openSession: vi.fn(async (name: string) => {
      sessionNow = { name, admin: false };
      return sessionNow;
    }),
    messages: vi.fn(async ({ before, limit }: { before?: number; limit: number }) =>
      messages.filter((message) => before === undefined || message.seq < before).slice(-limit),
    ),
    post: vi.fn(async (body: { id: string; text: string; replyTo: string | null }) => {
      posted.push(body);
      const answer = postAnswers.shift() ?? 'accept';
      if (answer instanceof Error) throw answer;
      const existing = messages.find((message) => message.id === body.id);
      if (existing) return existing;
      const message = chatMessage(messages.length + 1, { ...body, name: sessionNow?.name ?? '?' });
      messages.push(message);
      return message;
    }),
    react: vi.fn(async () => []),
    remove: vi.fn(async () => undefined),
    mute: vi.fn(async () => undefined),
  };
  return {
    api,
    messages,
    posted,
    answerNextPosts: (...answers: (Error | 'accept')[]) => postAnswers.push(...answers),
    endSession: () => {
      sessionNow = null;
    },
  };
}

async function settle() {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

function startService(api: ChatApi, realtime = fakeRealtime()) {
  let n = 100;
  const service = new ChatService(api, realtime.client, { newId: () => ID((n += 1)), now: () => 1_000 });
  const stop = service.subscribe(() => {});
  return { service, stop, sockets: realtime.sockets };
}

describe('ChatService: optimistic sending', () => {
  let online = true;
  beforeEach(() => {
    localStorage.clear();
    online = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  });
  afterEach(() => vi.useRealTimers());

  it('shows a message as pending at once, keeps it pending while the network fails, and resends it under the same id', async () => {
    const server = memoryApi();
    const { service, stop } = startService(server.api);
    await settle();
    expect(service.state.phase).toEqual({ kind: 'joined', session: { name: 'Niamh', admin: false } });

    server.answerNextPosts(offlineError());
    expect(service.send('  hello  ', null)).toBeNull();
    expect(service.state.outbox).toMatchObject([{ id: ID(101), text: 'hello', status: 'pending' }]);
    await settle();
    expect(service.state.outbox).toMatchObject([{ id: ID(101), status: 'pending', error: null }]);

    window.dispatchEvent(new Event('online')); // the connection is back
    await settle();
    expect(server.posted.map((body) => body.id)).toEqual([ID(101), ID(101)]);
    expect(service.state.outbox).toEqual([]);
    expect(service.state.messages.map((message) => message.text)).toEqual(['hello']);
    stop();
  });

  it('marks a message failed only when the server refused it, and Retry sends the same id again', async () => {
    const server = memoryApi();
    const { service, stop } = startService(server.api);
    await settle();
    server.answerNextPosts(
      new ApiError(
        'You are sending too fast. Wait a moment.',
        429,
        { error: 'You are sending too fast. Wait a moment.', code: 'rate_limited' },
        7,
      ),
    );
    service.send('too quick', null);
    await settle();
    expect(service.state.outbox).toMatchObject([
      { status: 'failed', error: 'You are sending too fast. Wait 7 s, then retry.' },
    ]);

    service.retry(ID(101));
    expect(service.state.outbox).toMatchObject([{ status: 'pending' }]);
    await settle();
    expect(server.posted.map((body) => body.id)).toEqual([ID(101), ID(101)]);
    expect(service.state.outbox).toEqual([]);
    expect(service.state.messages).toHaveLength(1);
    stop();
  });

  it('tells a muted sender until when, on the station’s clock it was told', async () => {
    const server = memoryApi();
    const { service, stop } = startService(server.api);
    await settle();
    // The service's clock reads 1 January 1970, a second after midnight UTC.
    service.setStationClock({ timeZone: 'Pacific/Auckland', clock: '12-hour' });
    server.answerNextPosts(
      new ApiError('muted', 403, {
        error: 'The admin muted you for 5 more minutes.',
        code: 'chat_muted',
        mutedUntil: 5 * 60_000,
      }),
    );
    service.send('hello?', null);
    await settle();
    // Auckland was on UTC+12 that day: five minutes past midnight UTC was 12:05pm there, the same day.
    expect(service.state.outbox).toMatchObject([
      { status: 'failed', error: 'You are muted in the chat until 12:05pm.' },
    ]);
    stop();
  });

  it('treats a 5xx (a restart) as the network, not a refusal: the message stays pending and goes by itself', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const server = memoryApi();
    const { service, stop } = startService(server.api);
    await vi.runOnlyPendingTimersAsync();
    server.answerNextPosts(new ApiError('The chat is unavailable right now. Try again.', 500));
    service.send('during a restart', null);
    await vi.advanceTimersByTimeAsync(0);
    expect(service.state.outbox).toMatchObject([{ status: 'pending' }]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(service.state.outbox).toEqual([]);
    expect(server.posted).toHaveLength(2);
    stop();
  });

  it('holds what is typed offline and sends it, in order, when the browser is online again', async () => {
    const server = memoryApi();
    const { service, stop } = startService(server.api);
    await settle();
    online = false;
    service.send('first', null);
    service.send('second', null);
    await settle();
    expect(server.posted).toEqual([]);
    expect(service.state.outbox.map((message) => message.status)).toEqual(['pending', 'pending']);

    online = true;
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(server.posted.map((body) => body.text)).toEqual(['first', 'second']);
    expect(service.state.messages.map((message) => message.text)).toEqual(['first', 'second']);
    stop();
  });

  it('keeps unsent messages across a reload and sends them, under their ids, when the room opens again', async () => {
    const server = memoryApi();
    const before = startService(server.api);
    await settle();
    online = false;
    before.service.send('written before the reload', null);
    await settle();
    const id = before.service.state.outbox[0]?.id;
    before.stop();
    expect(readStored(storedLater.chatOutbox).map((message) => message.id)).toEqual([id]);

    online = true;
    const after = new ChatService(server.api, fakeRealtime().client);
    expect(after.state.outbox.map((message) => [message.id, message.status])).toEqual([[id, 'pending']]);
    const stop = after.subscribe(() => {});
    await settle();
    expect(server.posted.map((body) => body.id)).toEqual([id]);
    expect(after.state.messages.map((message) => message.text)).toEqual(['written before the reload']);
    expect(readStored(storedLater.chatOutbox)).toEqual([]);
    stop();
  });

  it("leaves another tab's unsent messages in storage while it writes and clears its own", async () => {
    const server = memoryApi();
    const { service, stop } = startService(server.api);
    await settle();
    // Another tab, opened alongside, keeps a message of its own there.
    const other = {
      id: ID(900),
      text: 'from the other tab',
      replyTo: null,
      createdAt: 1,
      status: 'pending',
      error: null,
    } as const;
    writeStored(storedLater.chatOutbox, [other]);

    online = false;
    service.send('mine', null);
    await settle();
    expect(readStored(storedLater.chatOutbox).map((message) => message.text)).toEqual([
      'from the other tab',
      'mine',
    ]);

    online = true;
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(server.posted.map((body) => body.text)).toEqual(['mine']);
    expect(readStored(storedLater.chatOutbox)).toEqual([other]);
    stop();
  });

  it('signs in again under the stored name when the session ended, then resends the same id', async () => {
    writeStored(storedLater.chatUsername, 'Niamh');
    const server = memoryApi();
    const { service, stop } = startService(server.api);
    await settle();
    server.endSession();
    server.answerNextPosts(
      new ApiError('Choose a chat name first.', 401, {
        error: 'Choose a chat name first.',
        code: 'chat_no_session',
      }),
    );
    service.send('still here', null);
    await settle();
    expect(server.api.openSession).toHaveBeenCalledWith('Niamh');
    expect(server.posted.map((body) => body.id)).toEqual([ID(101), ID(101)]);
    expect(service.state.outbox).toEqual([]);
    stop();
  });

  it("refuses empty text without queuing it, and counts a sent message's reply and mentions", async () => {
    const events: AnalyticsEvent[] = [];
    const unregister = registerAnalyticsSink((event) => events.push(event));
    const server = memoryApi();
    server.messages.push(chatMessage(1, { name: 'Aoife' }));
    const { service, stop } = startService(server.api);
    await settle();
    expect(service.send('   ', null)).toBe('Write something first.');
    expect(service.state.outbox).toEqual([]);
    service.send('@Aoife yes!', ID(1));
    service.send('plain', null);
    expect(events.map((event) => event.params)).toEqual([
      { has_reply: true, has_mentions: true },
      { has_reply: false, has_mentions: false },
    ]);
    unregister();
    stop();
  });
});

describe('ChatService: session and live events', () => {
  beforeEach(() => localStorage.clear());

  it('asks a first-time listener for a name, and keeps the chosen one in chat_username', async () => {
    const server = memoryApi(null);
    const { service, stop } = startService(server.api);
    expect(service.state.phase).toEqual({ kind: 'connecting' });
    await settle();
    expect(service.state.phase).toEqual({ kind: 'needs-name', error: null });
    await service.join('  Seán  ');
    expect(service.state.phase).toEqual({ kind: 'joined', session: { name: 'Seán', admin: false } });
    expect(readStored(storedLater.chatUsername)).toBe('Seán');
    stop();
  });

  it('says why a name was refused, for each refusal', () => {
    const nameRefusal = (error: unknown) =>
      refusalOfName(error, DUBLIN_24, new Date(Date.UTC(2026, 2, 2, 19, 0)));
    const refused = (code: string, status: number, retryAfterSeconds: number | null = null) =>
      new ApiError('x', status, { error: 'x', code }, retryAfterSeconds);
    expect(nameRefusal(refused('chat_name_taken', 409))).toBe(
      'That name is taken by another listener in the chat. Choose another.',
    );
    expect(nameRefusal(refused('chat_name_reserved', 403))).toBe(
      'That name is reserved for the station. Choose another.',
    );
    // The rule in the app's language, not the server's English sentence.
    expect(
      nameRefusal(new ApiError('Names are…', 400, { error: 'Names are…', code: 'chat_name_invalid' })),
    ).toBe(CHAT_NAME_RULE);
    const muted = new ApiError('x', 403, {
      error: 'muted',
      code: 'chat_muted',
      mutedUntil: Date.UTC(2026, 2, 2, 20, 5),
    });
    // On the station's clock, like the chat's own message times; its day once it is not today there.
    expect(refusalOfName(muted, DUBLIN_24, new Date(Date.UTC(2026, 2, 2, 19, 0)))).toBe(
      'You are muted in the chat until 20:05.',
    );
    expect(
      refusalOfName(
        muted,
        { timeZone: 'Pacific/Auckland', clock: '12-hour' },
        new Date(Date.UTC(2026, 2, 2, 9, 0)),
      ),
    ).toBe('You are muted in the chat until tomorrow at 9:05am.');
    // The code decides, not the status: a 403 that is no mute is not read as one.
    expect(nameRefusal(refused('cross_site', 403))).toBe(
      'This page is not allowed to send that. Reload the app and try again.',
    );
    expect(nameRefusal(refused('a_newer_servers_code', 403))).toBe(
      'The chat is unavailable right now (x). Try again.',
    );
    expect(nameRefusal(refused('rate_limited', 429, 60))).toBe(
      'Too many chat sign-ins from your connection. Try again in 60 s.',
    );
    expect(nameRefusal(new ApiError('unreachable'))).toBe(
      'The chat could not be reached. Check your connection and try again.',
    );
  });

  it('resumes the chat topic from the last seq held, applies events once, and fills a gap from history', async () => {
    const server = memoryApi();
    server.messages.push(chatMessage(1), chatMessage(2));
    const { service, stop, sockets } = startService(server.api);
    await settle();
    sockets[0]?.open();
    expect(sockets[0]?.sent).toEqual([{ type: 'subscribe', topics: ['chat'], versions: { chat: 2 } }]);

    sockets[0]?.receive({ topic: 'chat', version: 3, data: { type: 'message', message: chatMessage(3) } });
    sockets[0]?.receive({ topic: 'chat', version: 3, data: { type: 'message', message: chatMessage(3) } });
    expect(service.state.messages.map((message) => message.seq)).toEqual([1, 2, 3]);
    expect(service.state.lastLive?.seq).toBe(3);

    // Seq 4 never arrived: history fills it in.
    server.messages.push(chatMessage(3), chatMessage(4), chatMessage(5));
    sockets[0]?.receive({ topic: 'chat', version: 5, data: { type: 'message', message: chatMessage(5) } });
    await settle();
    expect(service.state.messages.map((message) => message.seq)).toEqual([1, 2, 3, 4, 5]);

    sockets[0]?.receive({
      topic: 'chat',
      version: 6,
      data: { type: 'deleted', message: chatMessage(2, { deleted: true, text: 'message removed' }) },
    });
    expect(service.state.messages[1]).toMatchObject({ deleted: true, text: 'message removed' });
    stop();
  });

  it("takes a resume's superseded frame as no gap: the reactions that follow apply, history is not read again", async () => {
    const server = memoryApi();
    server.messages.push(chatMessage(1), chatMessage(2));
    const { service, stop, sockets } = startService(server.api);
    await settle();
    sockets[0]?.open();
    const reads = vi.mocked(server.api.messages).mock.calls.length;
    sockets[0]?.receive({ topic: 'chat', version: 3, data: { type: 'message', message: chatMessage(3) } });
    // Seqs 4 and 5 were reaction changes on message 3 that the list at seq 6 replaces.
    sockets[0]?.receive({ topic: 'chat', version: 5, data: { type: 'superseded' } });
    const reactions = [{ emoji: '🔥', names: ['Ann', 'Bob'] }];
    sockets[0]?.receive({
      topic: 'chat',
      version: 6,
      data: { type: 'reactions', messageId: ID(3), reactions },
    });
    await settle();
    expect(service.state.messages.at(-1)).toMatchObject({ seq: 3, reactions });
    expect(vi.mocked(server.api.messages).mock.calls.length).toBe(reads);
    stop();
  });

  it('takes my own message from the live topic as the confirmation of the pending copy', async () => {
    const server = memoryApi();
    const { service, stop, sockets } = startService(server.api);
    await settle();
    sockets[0]?.open();
    server.answerNextPosts(offlineError());
    service.send('mine', null);
    await settle();
    sockets[0]?.receive({
      topic: 'chat',
      version: 1,
      data: { type: 'message', message: chatMessage(1, { id: ID(101), name: 'Niamh', text: 'mine' }) },
    });
    expect(service.state.outbox).toEqual([]);
    expect(service.state.messages.map((message) => message.id)).toEqual([ID(101)]);
    expect(service.state.lastLive).toBeNull(); // my own message is not announced to me
    stop();
  });

  it('pages history upward from the oldest seq held until the start of the room', async () => {
    const server = memoryApi();
    server.messages.push(...Array.from({ length: 60 }, (_, index) => chatMessage(index + 1)));
    const { service, stop } = startService(server.api);
    await settle();
    expect(service.state.messages.map((message) => message.seq)).toEqual(
      Array.from({ length: 50 }, (_, index) => index + 11),
    );
    expect(service.state.history).toBe('idle');
    await service.loadOlder();
    expect(server.api.messages).toHaveBeenLastCalledWith({ before: 11, limit: 50 });
    expect(service.state.messages).toHaveLength(60);
    expect(service.state.messages[0]?.seq).toBe(1);
    expect(service.state.history).toBe('complete');
    stop();
  });

  it('makes RFC 4122 version 4 ids without crypto.randomUUID (plain-http self-hosting)', () => {
    expect(randomUuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('ChatService: a list that stays the same size in a busy room', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  const range = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, index) => from + index);
  const heldSeqs = (service: ChatService) => service.state.messages.map((message) => message.seq);

  /** A room of `count` messages, the service started on it with its socket open. */
  async function busyRoom(count: number) {
    const server = memoryApi();
    server.messages.push(...range(1, count).map((n) => chatMessage(n)));
    const started = startService(server.api);
    await settle();
    started.sockets[0]?.open();
    /** Message `n` is written (stored, as the server would) and arrives live. */
    const arrive = (...ns: number[]) => {
      for (const n of ns) {
        server.messages.push(chatMessage(n));
        started.sockets[0]?.receive({
          topic: 'chat',
          version: n,
          data: { type: 'message', message: chatMessage(n) },
        });
      }
    };
    return { server, ...started, arrive };
  }

  it('keeps the newest CHAT_WINDOW_MESSAGES while the listener follows the latest, and pages older ones back in', async () => {
    const { service, stop, arrive } = await busyRoom(60);
    expect(heldSeqs(service)).toEqual(range(11, 60));
    arrive(...range(61, 60 + CHAT_WINDOW_MESSAGES));
    expect(heldSeqs(service)).toEqual(range(61, 60 + CHAT_WINDOW_MESSAGES));
    expect(service.state.history).toBe('idle');

    // The listener scrolls up: nothing is dropped from under their eyes, and what was dropped comes back.
    service.follow(false);
    arrive(261, 262);
    expect(service.state.messages).toHaveLength(CHAT_WINDOW_MESSAGES + 2);
    await service.loadOlder();
    expect(heldSeqs(service)).toEqual(range(11, 262));
    await service.loadOlder();
    expect(heldSeqs(service)).toEqual(range(1, 262));
    expect(service.state.history).toBe('complete');

    // Back at the latest: the window again, and the start of the room is history once more.
    service.follow(true);
    expect(heldSeqs(service)).toEqual(range(63, 262));
    expect(service.state.history).toBe('idle');
    stop();
  });

  it('drops a page of older messages that no longer joins the list (the top was dropped while it loaded)', async () => {
    const { server, service, stop, arrive } = await busyRoom(60);
    let answer: (messages: ReturnType<typeof chatMessage>[]) => void = () => {};
    vi.mocked(server.api.messages).mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const loading = service.loadOlder();
    arrive(...range(61, 60 + CHAT_WINDOW_MESSAGES));
    answer(range(1, 10).map((n) => chatMessage(n)));
    await loading;
    expect(heldSeqs(service)).toEqual(range(61, 60 + CHAT_WINDOW_MESSAGES)); // no hole between 10 and 61
    expect(service.state.history).toBe('idle');
    stop();
  });

  it('takes a message and a reaction change without sorting the list, and keeps every other message as it was', async () => {
    const { service, stop, sockets, arrive } = await busyRoom(60);
    const sort = vi.spyOn(Array.prototype, 'sort');
    const before = service.state.messages;
    arrive(61);
    sockets[0]?.receive({
      topic: 'chat',
      version: 62,
      data: { type: 'reactions', messageId: ID(30), reactions: [{ emoji: '🔥', names: ['Cian'] }] },
    });
    expect(sort).not.toHaveBeenCalled();
    const after = service.state.messages;
    expect(heldSeqs(service)).toEqual(range(11, 61));
    expect(after[19]).toMatchObject({ seq: 30, reactions: [{ emoji: '🔥', names: ['Cian'] }] });
    expect(after.filter((message, index) => message !== before[index])).toEqual([after[19], after[50]]);
    stop();
  });
});
