import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CHAT_REACTION_KINDS_MAX, CHAT_REACTIONS_PER_CHATTER_MAX } from '@onair/core';
import { cookiePair } from './support/http.ts';
import { openRealtime } from './support/sockets.ts';
import { useTarget, type Target } from './support/target.ts';

const CHATTERS = 10;
/** The reaction rate limit: this many changes per chatter per 10 s are allowed, so the flood is "legal". */
const REACTIONS_EACH = 20;
const MESSAGES = 5;
const RESUBSCRIBING_SOCKETS = 10;
/** 18 subscribes in 10 s a socket: inside its frame budget of 20, so none is closed for it. */
const RESUBSCRIBE_EVERY_MS = 550;
const RESUBSCRIBE_FOR_MS = 10_000;
/** `{chat:0}`: "I hold an empty room, send me everything": the most a resume may ask for. */
const SUBSCRIBE_FROM_START = JSON.stringify({ type: 'subscribe', topics: ['chat'], versions: { chat: 0 } });

/** 200 different emoji, one code point each (U+1F400 on: animals, then objects), none of them junk. */
const POOL = Array.from({ length: CHATTERS * REACTIONS_EACH }, (_, index) =>
  String.fromCodePoint(0x1f400 + index),
);
const TAG_TEXT = `🏴${[...'hidden text'].map((char) => String.fromCodePoint(0xe0000 + char.charCodeAt(0))).join('')}\u{E007F}`;
const EIGHT_FACES = Array.from({ length: 8 }, () => '😀').join('\u200D');

interface ChatFrame {
  version: number;
  data: { type: string };
}

function request(
  target: Target,
  method: string,
  path: string,
  cookie?: string,
  body?: unknown,
): Promise<Response> {
  return fetch(`${target.url}${path}`, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function join(target: Target, name: string): Promise<string> {
  return cookiePair(await request(target, 'POST', '/api/chat/session', undefined, { name }), 'onair_chat');
}

async function post(target: Target, cookie: string, text: string): Promise<{ id: string; seq: number }> {
  const response = await request(target, 'POST', '/api/chat/messages', cookie, { id: randomUUID(), text });
  if (response.status !== 201) throw new Error(`posting failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { message: { id: string; seq: number } }).message;
}

function react(target: Target, cookie: string, messageId: string, emoji: string): Promise<Response> {
  return request(
    target,
    'PUT',
    `/api/chat/messages/${messageId}/reactions/${encodeURIComponent(emoji)}`,
    cookie,
  );
}

/** The frames one `{chat:0}` subscribe brings, up to the one at `head`, and their bytes. */
async function resumeFromStart(
  target: Target,
  head: number,
): Promise<{ frames: ChatFrame[]; bytes: number }> {
  const socket = await openRealtime(target);
  const frames: ChatFrame[] = [];
  let bytes = 0;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no frame at seq ${head} after ${frames.length} frames`)),
      30_000,
    );
    socket.on('message', (raw: Buffer) => {
      bytes += raw.length;
      const frame = JSON.parse(raw.toString()) as ChatFrame;
      frames.push(frame);
      if (frame.version >= head) {
        clearTimeout(timer);
        resolve();
      }
    });
    socket.send(SUBSCRIBE_FROM_START);
  });
  socket.close();
  return { frames, bytes };
}

const quantile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;

describe('the reaction flood', () => {
  const target = useTarget();

  it('caps what ten chatters can pile on one message, refuses non-RGI "emoji", and a resume from the start stays small and cheap', async () => {
    const author = await join(target(), 'Flood Author');
    const messages: { id: string; seq: number }[] = [];
    for (let index = 0; index < MESSAGES; index += 1)
      messages.push(await post(target(), author, `message ${index + 1}`));
    const [first, second] = messages;
    if (!first || !second) throw new Error('no messages');

    // The flood: each chatter gives 20 different emoji to message 1, within the reaction rate limit.
    const chatters = await Promise.all(
      Array.from({ length: CHATTERS }, (_, index) => join(target(), `Flooder ${index + 1}`)),
    );
    const refusals = new Set<string>();
    const statuses = await Promise.all(
      chatters.map(async (cookie, chatter) => {
        const answers: number[] = [];
        for (const emoji of POOL.slice(chatter * REACTIONS_EACH, (chatter + 1) * REACTIONS_EACH)) {
          const response = await react(target(), cookie, first.id, emoji);
          answers.push(response.status);
          if (response.status !== 200)
            refusals.add(`${response.status} ${((await response.json()) as { error: string }).error}`);
        }
        return answers;
      }),
    );

    // What the issue saw accepted as "one emoji", on message 2.
    const prober = await join(target(), 'Emoji Prober');
    const junk = {
      'a ZWJ chain of eight 😀': (await react(target(), prober, second.id, EIGHT_FACES)).status,
      '🏴 + tag characters spelling text': (await react(target(), prober, second.id, TAG_TEXT)).status,
    };
    await react(target(), prober, second.id, '👍');
    await react(target(), await join(target(), 'Second Tapper'), second.id, '👍\uFE0F');

    const head = (await post(target(), prober, 'the last event')).seq;
    const history = (await (
      await request(target(), 'GET', `/api/chat/messages?limit=${MESSAGES + 1}`)
    ).json()) as {
      messages: { id: string; reactions: { emoji: string; names: string[] }[] }[];
    };
    const onFirst = history.messages.find((message) => message.id === first.id)?.reactions ?? [];
    const onSecond = history.messages.find((message) => message.id === second.id)?.reactions ?? [];
    const resume = await resumeFromStart(target(), head);

    // Ten sockets, each inside its frame budget, asking for everything again and again; /api/health meanwhile.
    let drawn = 0;
    let closedByServer = 0;
    const sockets = await Promise.all(
      Array.from({ length: RESUBSCRIBING_SOCKETS }, () => openRealtime(target())),
    );
    for (const socket of sockets) {
      socket.on('message', (raw: Buffer) => (drawn += raw.length));
      socket.on('close', () => (closedByServer += 1));
    }
    const deadline = Date.now() + RESUBSCRIBE_FOR_MS;
    const resubscribing = Promise.all(
      sockets.map(async (socket) => {
        while (Date.now() < deadline && socket.readyState === WebSocket.OPEN) {
          socket.send(SUBSCRIBE_FROM_START);
          await sleep(RESUBSCRIBE_EVERY_MS);
        }
      }),
    );
    const health: number[] = [];
    const healthStatuses = new Set<number>();
    while (Date.now() < deadline) {
      const started = performance.now();
      healthStatuses.add((await fetch(`${target().url}/api/health`)).status);
      health.push(performance.now() - started);
    }
    await resubscribing;
    const closedDuringFlood = closedByServer;
    for (const socket of sockets) socket.terminate();
    health.sort((a, b) => a - b);

    const accepted = statuses.flat().filter((status) => status === 200).length;
    console.log(
      [
        `reaction flood: ${CHATTERS} chatters × ${REACTIONS_EACH} reactions on one message`,
        `  accepted ${accepted} of ${CHATTERS * REACTIONS_EACH}; answers ${JSON.stringify(countBy(statuses.flat()))}`,
        `  distinct reactions on the message: ${onFirst.length} (${JSON.stringify(onFirst).length} bytes of JSON)`,
        `  junk: ${JSON.stringify(junk)}; 👍 and 👍+VS16 gave ${onSecond.length} bucket(s)`,
        `  one {chat:0} subscribe (${Buffer.byteLength(SUBSCRIBE_FROM_START)} bytes): ${resume.frames.length} frames, ${(resume.bytes / 1024).toFixed(1)} KB`,
        `  ${RESUBSCRIBING_SOCKETS} sockets resubscribing every ${RESUBSCRIBE_EVERY_MS} ms for ${RESUBSCRIBE_FOR_MS / 1000} s drew ${(drawn / 1024 / 1024).toFixed(2)} MB; closed by the server: ${closedDuringFlood}`,
        `  /api/health meanwhile: ${health.length} requests, p50 ${quantile(health, 0.5).toFixed(1)} ms, p95 ${quantile(health, 0.95).toFixed(1)} ms, max ${(health.at(-1) ?? 0).toFixed(1)} ms`,
      ].join('\n'),
    );

    expect(onFirst.length).toBeLessThanOrEqual(CHAT_REACTION_KINDS_MAX);
    for (const name of chatters.map((_, index) => `Flooder ${index + 1}`)) {
      expect(onFirst.filter((reaction) => reaction.names.includes(name)).length).toBeLessThanOrEqual(
        CHAT_REACTIONS_PER_CHATTER_MAX,
      );
    }
    expect([...refusals].sort()).toEqual([
      `409 This message has ${CHAT_REACTION_KINDS_MAX} different reactions already. Add yours to one of them.`,
      `409 You can give a message at most ${CHAT_REACTIONS_PER_CHATTER_MAX} reactions. Take one back to give another.`,
    ]);
    expect(junk).toEqual({ 'a ZWJ chain of eight 😀': 400, '🏴 + tag characters spelling text': 400 });
    expect(onSecond).toEqual([{ emoji: '👍', names: ['Emoji Prober', 'Second Tapper'] }]);
    // The resume carries each message's reactions once, however many changes made them.
    expect(resume.frames.filter((frame) => frame.data.type === 'reactions')).toHaveLength(2);
    expect(resume.frames.filter((frame) => frame.data.type === 'message')).toHaveLength(MESSAGES + 1);
    expect(closedDuringFlood).toBe(0);
    expect([...healthStatuses]).toEqual([200]);
  });
});

function countBy(values: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}
