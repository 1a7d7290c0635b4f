import { describe, expect, it } from 'vitest';
import { WEEKDAYS } from '@onair/core';
import { waitFor } from '../e2e/fixtures/ports.ts';
import { RawConnection, adminSession, getSchedule, putSchedule } from './support/http.ts';
import { useTarget } from './support/target.ts';

/** An address may hold this many rewind streams at once (REWIND_STREAMS_PER_ADDRESS). */
const STREAMS_PER_ADDRESS = 3;

const PATH_TRICKS = [
  '/api/episodes/..%2f..%2f..%2fetc%2fpasswd',
  '/api/episodes/%2e%2e%2f%2e%2e%2fonair.sqlite',
  '/api/episodes/....%2f%2f....%2fetc',
  '/api/episodes/0123456789abcdef%00',
  '/api/episodes/0123456789ABCDEF',
  '/api/episodes/%252e%252e%252f',
  '/api/episodes/..%5c..%5cwindows/audio.mp3',
  '/api/episodes/..%2f..%2fonair.sqlite/audio.mp3',
  '/api/episodes/' + 'a'.repeat(5_000),
];
const SLUG_TRICKS = [
  '/shows/..%2f..%2fetc%2fpasswd/feed.xml',
  '/shows/%2e%2e/feed.xml',
  '/shows/a%00b/feed.xml',
  '/shows/%252e%252e%252f/feed.xml',
  '/shows/..%5c..%5c/feed.xml',
  '/shows/' + 'a'.repeat(5_000) + '/feed.xml',
];

function rewindRequest(at: number): string {
  return `GET /api/rewind?at=${at} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
}

describe('the archive under attack', () => {
  const target = useTarget();

  it('answers path tricks on episode ids and show slugs with a JSON error, never a file or a stack', async () => {
    for (const path of [...PATH_TRICKS, ...SLUG_TRICKS]) {
      const response = await fetch(`${target().url}${path}`);
      // 403: a path too long for a file name, refused by the file server the router falls back to.
      expect([400, 403, 404, 414], path.slice(0, 60)).toContain(response.status);
      const text = await response.text();
      expect(() => JSON.parse(text) as unknown, path.slice(0, 60)).not.toThrow();
      expect((JSON.parse(text) as { code?: string }).code, path.slice(0, 60)).toMatch(
        /^(episode_id_invalid|episode_missing|show_missing|not_found|invalid_request)$/,
      );
      expect(text, path.slice(0, 60)).not.toMatch(/root:|SQLite format|at .*\.ts:\d+/);
    }
  });

  it('refuses huge, multiple and malformed byte ranges of an episode with 416', async () => {
    // A show on air all day today, so the demo recording becomes an episode.
    const session = await adminSession(target());
    const current = await getSchedule(target());
    const today = WEEKDAYS[(new Date().getUTCDay() + 6) % 7];
    const slot = { time: '12am - 12am', artist: 'Attack DJ', show: 'Attack Show', genre: 'Noise', image: '' };
    const data = current.data.map((entry) => (entry.day === today ? { ...entry, shows: [slot] } : entry));
    const saved = await putSchedule(target(), JSON.stringify({ data, version: current.version }), {
      cookie: session,
      origin: target().url,
    });
    expect(saved.status).toBe(200);
    const episode = await waitFor(
      'the episode of the show on air',
      async () => {
        const list = (await (await fetch(`${target().url}/api/episodes?show=attack-show`)).json()) as {
          episodes: Array<{ audioUrl: string }>;
        };
        return list.episodes[0];
      },
      40_000,
    );
    const url = `${target().url}${episode.audioUrl}`;
    for (const range of [
      'bytes=0-999999999999999999999999',
      'bytes=99999999999999-',
      'bytes=-99999999999999999999',
      'bytes=0-1,2-3,4-5,6-7,8-9,10-11,12-13',
      `bytes=${'0-1,'.repeat(2_000)}0-1`,
      'bytes=5-1',
      'bytes=--1',
      'bytes=0x10-0x20',
      'pages=1-2',
    ]) {
      const response = await fetch(url, { headers: { range } });
      expect(response.status, range.slice(0, 40)).toBe(416);
      expect(await response.json(), range.slice(0, 40)).toMatchObject({ code: 'range_invalid' });
    }
    const fine = await fetch(url, { headers: { range: 'bytes=0-99' } });
    expect(fine.status).toBe(206);
    expect((await fine.arrayBuffer()).byteLength).toBe(100);
  }, 60_000);

  it(`holds at most ${STREAMS_PER_ADDRESS} rewind streams per address and limits how fast they start`, async () => {
    await waitFor(
      'a few seconds recorded',
      async () => {
        const health = (await (await fetch(`${target().url}/api/health`)).json()) as {
          archive: { lastFrameAt: number | null };
        };
        return health.archive.lastFrameAt !== null && health.archive.lastFrameAt > Date.now() - 2_000;
      },
      30_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    const at = Date.now() - 3_000;
    const held = Array.from({ length: STREAMS_PER_ADDRESS }, () =>
      RawConnection.open(target(), rewindRequest(at)),
    );
    try {
      await Promise.all(held.map((stream) => stream.settle((it) => it.receivedBytes > 16_384, 10_000)));
      for (const stream of held) expect(stream.received.toString('latin1')).toMatch(/^HTTP\/1\.1 200 /);
      const refused = await fetch(`${target().url}/api/rewind?at=${at}`);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ code: 'rewind_too_many' });
    } finally {
      for (const stream of held) stream.close();
    }
    // A flood of starts, each hung up at once: the per-minute budget runs out, the server stays whole.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const statuses: number[] = [];
    for (let index = 0; index < 80; index += 1) {
      const stream = RawConnection.open(target(), rewindRequest(at));
      await stream.settle((it) => it.received.includes('\r\n\r\n'), 5_000);
      statuses.push(Number(/^HTTP\/1\.1 (\d{3}) /.exec(stream.received.toString('latin1'))?.[1] ?? 0));
      stream.close();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(statuses).toContain(429);
    expect(statuses.filter((status) => status !== 200 && status !== 429)).toEqual([]);
    expect((await fetch(`${target().url}/api/health`)).status).toBe(200);
  }, 60_000);
});
