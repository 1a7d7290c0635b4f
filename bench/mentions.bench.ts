import { randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { CHAT_MESSAGE_MAX_CHARS, chatNameKey } from '@onair/core';
import { chatCookies } from '../e2e/fixtures/chat-history.ts';
import { ServerFixture } from '../e2e/fixtures/server.ts';
import { measureHealth, quantile, type HealthTimings } from './measure.ts';

/**
 * What a message full of '@'s costs the server when the room is large (Security issue, 'abuse',
 * finding 2): `LIVE_NAMES` live chat names are written into the real server's store, then
 * `POSTS_PER_KIND` messages of each kind are posted one after another while `/api/health` is asked
 * in a loop beside them. Prints post time and health latency for each kind, and their ratio to a
 * plain message of the same length, all in the same run. Loopback only, bounded in requests. Needs
 * the built web app (`npm run build`). Prints figures; never fails.
 */
const LIVE_NAMES = 10_000;
const POSTS_PER_KIND = 40;
/** Chatters that post (one session each; the server allows 30 new sessions an hour per address). */
const SENDERS = 30;
/** Unmeasured plain posts first: JIT, the store's caches, keep-alive connections. */
const WARM_UP_POSTS = 10;
const HEALTH_MAX_REQUESTS = 100_000;
/** A seeded name is held this long after the bench starts, like a chat session's name. */
const NAME_HELD_MS = 23 * 60 * 60_000;

const seededName = (index: number) => `Listener ${index}`;

/** Each kind of message, at most `CHAT_MESSAGE_MAX_CHARS` long. */
const KINDS: Record<string, string> = {
  plain: 'what a tune, turn it up '.repeat(40).slice(0, CHAT_MESSAGE_MAX_CHARS),
  'ten mentions': Array.from({ length: 10 }, (_, index) => `@${seededName(index * 997)} hi`).join(' '),
  'mention bomb': '@'.repeat(CHAT_MESSAGE_MAX_CHARS),
};

/** Writes `LIVE_NAMES` live names straight into the server's SQLite store, as that many chat sessions would. */
function seedNames(server: ServerFixture): void {
  const db = new SQLite(join(server.dataDir, 'onair.sqlite'));
  try {
    const insert = db.prepare('INSERT INTO chat_name (name_key, name, expires_at) VALUES (?, ?, ?)');
    const expiresAt = new Date(Date.now() + NAME_HELD_MS).toISOString();
    db.transaction(() => {
      for (let index = 0; index < LIVE_NAMES; index += 1)
        insert.run(chatNameKey(seededName(index)), seededName(index), expiresAt);
    })();
  } finally {
    db.close();
  }
}

interface KindTimings {
  /** Milliseconds from sending a post to its 201, sorted. */
  posts: number[];
  health: HealthTimings;
}

/** Posts `count` messages of `text` in turn from the senders, with health requests running beside them. */
async function measureKind(
  server: ServerFixture,
  cookies: string[],
  text: string,
  count: number,
  first: number,
): Promise<KindTimings> {
  let done = false;
  const health = measureHealth(server.url, HEALTH_MAX_REQUESTS, () => done);
  const posts: number[] = [];
  try {
    for (let n = 0; n < count; n += 1) {
      const started = performance.now();
      const response = await fetch(`${server.url}/api/chat/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: cookies[(first + n) % cookies.length] ?? '' },
        body: JSON.stringify({ id: randomUUID(), text }),
      });
      await response.arrayBuffer();
      if (response.status !== 201) throw new Error(`message refused: ${response.status}`);
      posts.push(performance.now() - started);
    }
  } finally {
    done = true;
  }
  return { posts: posts.sort((a, b) => a - b), health: await health };
}

const ms = (value: number) => value.toFixed(1).padStart(7);

function print(label: string, { posts, health }: KindTimings, plain?: KindTimings): void {
  const postP50 = quantile(posts, 0.5);
  const healthP95 = quantile(health.timings, 0.95);
  const ratio = plain
    ? `  post p50 ×${(postP50 / quantile(plain.posts, 0.5)).toFixed(1)}, health p95 ×${(healthP95 / quantile(plain.health.timings, 0.95)).toFixed(1)} of plain`
    : '';
  const failed = health.failures ? `, ${health.failures} failed` : '';
  console.log(
    `  ${label.padEnd(13)} post p50 ${ms(postP50)} p95 ${ms(quantile(posts, 0.95))}   health p50 ${ms(quantile(health.timings, 0.5))} p95 ${ms(healthP95)} max ${ms(health.timings.at(-1) ?? Number.NaN)}` +
      ` (${health.timings.length} answered${failed})${ratio}`,
  );
}

export async function runMentionsBench(): Promise<void> {
  const server = await ServerFixture.start();
  try {
    seedNames(server);
    const cookies = await chatCookies(
      server.url,
      Array.from({ length: SENDERS }, (_, index) => `Bench Sender ${index}`),
    );
    const plainText = KINDS.plain ?? '';
    await measureKind(server, cookies, plainText, WARM_UP_POSTS, 0);
    console.log(
      `chat posts with ${LIVE_NAMES.toLocaleString('en')} live names, ${POSTS_PER_KIND} posts of each kind in turn, health asked beside them (ms):`,
    );
    let plain: KindTimings | undefined;
    let first = WARM_UP_POSTS;
    for (const [label, text] of Object.entries(KINDS)) {
      const timings = await measureKind(server, cookies, text, POSTS_PER_KIND, first);
      first += POSTS_PER_KIND;
      print(label, timings, plain);
      plain ??= timings;
    }
  } finally {
    await server.stop();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await runMentionsBench();
