import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { episodeListSchema, episodeSchema, stationWallClock, type Schedule } from '@onair/core';
import { makeEpisodes } from '../src/archive/episodes.ts';
import { splitMp3Frames } from '../src/stations/mp3-frames.ts';
import { ArchiveRepo } from '../src/store/archive-repo.ts';
import { ADMIN_ENV, buildTestApp, loginAsAdmin } from './auth-helpers.ts';
import { STORE_KINDS, type TestStore } from './stores.ts';

const TUNING = { renewMs: 100, housekeepingMs: 60_000, recorder: { chunkMs: 2_000, flushMs: 200 } };
const ID = 'abcdef0123456789';

describe.each(STORE_KINDS)('episodes over HTTP ($kind)', ({ open }) => {
  let store: TestStore;
  let app: FastifyInstance;
  let repo: ArchiveRepo;
  let episodeStart = 0;
  const episodeEnd = () => episodeStart + 4_000;

  beforeEach(async () => {
    store = await open();
    repo = new ArchiveRepo(store.db);
    app = await buildTestApp(store, ADMIN_ENV, { archiveTuning: TUNING });
    await app.ready();
    // Six seconds of the demo station, then an episode over four of them with two titles.
    await delay(6_500);
    // This run's recording (the demo station's generated past day lies two days back).
    const [first] = await repo.chunksBetween(Date.now() - 60_000, Date.now() + 60_000);
    if (!first) throw new Error('nothing recorded');
    episodeStart = Math.round(first.startsAt + 1_000);
    await repo.recordTitle({ at: episodeStart - 10_000, title: 'Before', artist: 'DJ One' });
    await repo.recordTitle({ at: episodeStart + 2_000, title: 'During', artist: 'DJ Two' });
    await repo.recordTitle({ at: episodeEnd() + 500, title: 'After', artist: 'DJ Three' });
    await repo.addEpisode({
      id: ID,
      show: 'Sráid na Gealaí',
      showSlug: 'sraid-na-gealai',
      artist: 'Aoife',
      genre: 'House',
      image: '/images/shows/Aoife.webp',
      slotStartsAt: episodeStart - 500,
      slotEndsAt: episodeEnd() + 500,
      startsAt: episodeStart,
      endsAt: episodeEnd(),
      hidden: false,
    });
  }, 30_000);
  afterEach(async () => {
    await app.close();
    await store.dispose();
  });

  it('lists and shows the episode in the contract shape, with its tracklist and recorded duration', async () => {
    const list = await app.inject('/api/episodes?limit=5&show=Sr%C3%A1id%20na%20Gealai');
    expect(list.statusCode).toBe(200);
    const { episodes } = episodeListSchema.parse(list.json());
    expect(episodes.map((episode) => episode.id)).toEqual([ID]);
    const one = episodeSchema.parse((await app.inject(`/api/episodes/${ID}`)).json());
    expect(one).toMatchObject({
      show: 'Sráid na Gealaí',
      startsAt: episodeStart,
      endsAt: episodeEnd(),
      status: 'ready',
      audioUrl: `/api/episodes/${ID}/audio.mp3`,
      pageUrl: `/episodes/${ID}`,
      feedUrl: '/shows/sraid-na-gealai/feed.xml',
    });
    // The server's own song log (title sync of the demo feed) is in the tracklist too.
    expect(one.tracks.map((track) => track.title)).toContain('Sráid na Gealaí');
    expect(one.tracks.filter((track) => track.artist.startsWith('DJ '))).toEqual([
      { at: episodeStart, title: 'Before', artist: 'DJ One' },
      { at: episodeStart + 2_000, title: 'During', artist: 'DJ Two' },
    ]);
    expect(Math.abs(one.durationMs - 4_000)).toBeLessThanOrEqual(30);
    // Before it: only the demo station's generated past day.
    const before = episodeListSchema.parse((await app.inject(`/api/episodes?before=${episodeStart}`)).json());
    expect(before.episodes.every((episode) => episode.demo === true)).toBe(true);
    expect(before.episodes.map((episode) => episode.id)).not.toContain(ID);
  });

  it('serves the audio whole and by byte range, and refuses ranges it cannot serve with 416', async () => {
    const whole = await app.inject(`/api/episodes/${ID}/audio.mp3`);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const audio = whole.rawPayload;
    expect(Number(whole.headers['content-length'])).toBe(audio.length);
    // Whole frames only, about four seconds of them.
    const frames = splitMp3Frames(audio);
    expect(frames.frames.reduce((sum, frame) => sum + frame.length, 0)).toBe(audio.length);
    expect(Math.abs((frames.frames.length * 1152 * 1000) / 44_100 - 4_000)).toBeLessThanOrEqual(60);

    const part = await app.inject({
      url: `/api/episodes/${ID}/audio.mp3`,
      headers: { range: 'bytes=1000-1999' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${audio.length}`);
    expect(part.headers['content-length']).toBe('1000');
    expect(part.rawPayload.equals(audio.subarray(1000, 2000))).toBe(true);
    const tail = await app.inject({ url: `/api/episodes/${ID}/audio.mp3`, headers: { range: 'bytes=-100' } });
    expect(tail.rawPayload.equals(audio.subarray(audio.length - 100))).toBe(true);

    for (const range of [
      'bytes=0-1,5-9',
      `bytes=${audio.length}-`,
      'bytes=abc',
      'bytes=0-99999999999999999999',
      'chunks=0-1',
    ]) {
      const refused = await app.inject({ url: `/api/episodes/${ID}/audio.mp3`, headers: { range } });
      expect(refused.statusCode, range).toBe(416);
      expect(refused.json(), range).toMatchObject({ code: 'range_invalid' });
      expect(refused.headers['content-range']).toBe(`bytes */${audio.length}`);
    }
  });

  it('publishes a podcast feed with enclosure, guid, pubDate, duration and chapters', async () => {
    const audio = (await app.inject(`/api/episodes/${ID}/audio.mp3`)).rawPayload;
    const feed = await app.inject({
      url: '/shows/sraid-na-gealai/feed.xml',
      headers: { host: 'radio.example' },
    });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^application\/rss\+xml/);
    const xml = feed.body;
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain(
      `<enclosure url="http://radio.example/api/episodes/${ID}/audio.mp3" length="${audio.length}" type="audio/mpeg"/>`,
    );
    expect(xml).toContain(`<guid isPermaLink="false">onair-episode-${ID}</guid>`);
    expect(xml).toContain(`<pubDate>${new Date(episodeEnd()).toUTCString()}</pubDate>`);
    expect(xml).toContain('<itunes:duration>00:00:04</itunes:duration>');
    expect(xml).toContain(
      `<podcast:chapters url="http://radio.example/api/episodes/${ID}/chapters.json" type="application/json+chapters"/>`,
    );
    const chapters = await app.inject(`/api/episodes/${ID}/chapters.json`);
    const { version, chapters: list } = chapters.json<{
      version: string;
      chapters: Array<{ startTime: number; title: string }>;
    }>();
    expect(version).toBe('1.2.0');
    expect(list.filter((chapter) => chapter.title.startsWith('DJ '))).toEqual([
      { startTime: 0, title: 'DJ One - Before' },
      { startTime: 2, title: 'DJ Two - During' },
    ]);
    for (const slug of ['nobody', '..%2F..%2Fetc', 'UPPER', 'a--b']) {
      const missing = await app.inject(`/shows/${slug}/feed.xml`);
      expect(missing.statusCode, slug).toBe(404);
      expect(missing.json(), slug).toMatchObject({ code: 'show_missing' });
    }
  });

  it('lets the admin hide an episode (404 everywhere) and trim it within its slot', async () => {
    const cookie = await loginAsAdmin(app);
    const patch = (body: object, headers: Record<string, string> = { cookie }) =>
      app.inject({ method: 'PATCH', url: `/api/episodes/${ID}`, payload: body, headers });
    expect((await patch({ hidden: true }, {})).statusCode).toBe(401);
    expect((await patch({ hidden: true })).statusCode).toBe(200);
    for (const url of [
      `/api/episodes/${ID}`,
      `/api/episodes/${ID}/audio.mp3`,
      `/api/episodes/${ID}/chapters.json`,
      '/shows/sraid-na-gealai/feed.xml',
    ]) {
      expect((await app.inject(url)).statusCode, url).toBe(404);
    }
    const listed = episodeListSchema.parse((await app.inject('/api/episodes')).json());
    expect(listed.episodes.map((episode) => episode.id)).not.toContain(ID);
    expect((await patch({ hidden: false })).statusCode).toBe(200);

    expect((await patch({ startsAt: episodeStart - 1_000 })).json()).toMatchObject({
      code: 'episode_trim_invalid',
    });
    expect((await patch({ endsAt: episodeStart })).statusCode).toBe(400);
    expect((await patch({ startsAt: 'soon' })).statusCode).toBe(400);
    const trimmed = await patch({ startsAt: episodeStart + 1_000 });
    expect(trimmed.statusCode).toBe(200);
    const episode = episodeSchema.parse((await app.inject(`/api/episodes/${ID}`)).json());
    expect(Math.abs(episode.durationMs - 3_000)).toBeLessThanOrEqual(30);
  });

  it('refuses bad ids and queries with 400, unknown ids with 404', async () => {
    for (const url of [
      '/api/episodes/..%2F..%2Fetc%2Fpasswd',
      '/api/episodes/ABCDEF0123456789',
      '/api/episodes/1',
      `/api/episodes/${ID}0/audio.mp3`,
    ]) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({ code: 'episode_id_invalid' });
    }
    expect((await app.inject('/api/episodes/0123456789abcdef')).json()).toMatchObject({
      code: 'episode_missing',
    });
    for (const query of ['limit=0', 'limit=101', 'limit=x', 'before=-1', 'show=%F0%9F%8E%A7']) {
      expect((await app.inject(`/api/episodes?${query}`)).json(), query).toMatchObject({
        code: 'episodes_query_invalid',
      });
    }
  });

  it('makes an episode of a minute-precise slot that aired with audio recorded, once', async () => {
    const [chunk] = await repo.chunksBetween(Date.now() - 60_000, Date.now() + 60_000);
    if (!chunk) throw new Error('nothing recorded');
    const clock = stationWallClock(new Date(chunk.startsAt), 'Europe/Dublin');
    const text = (minutes: number) => {
      const hour = Math.floor(minutes / 60) % 24;
      return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minutes % 60).padStart(2, '0')}${hour < 12 ? 'am' : 'pm'}`;
    };
    const slot = {
      time: `${text(clock.minutesOfDay)} - ${text(clock.minutesOfDay + 3)}`,
      show: 'Minute Show',
      artist: 'DJ M',
      genre: 'Techno',
      image: '',
    };
    const schedule: Schedule = [{ day: clock.weekday, shows: [slot] }];
    const config = { episodes: true, excludeShows: [] };
    const made = await makeEpisodes(repo, schedule, config, 'Europe/Dublin', Date.now(), new Set());
    expect(made).toHaveLength(1);
    expect(await makeEpisodes(repo, schedule, config, 'Europe/Dublin', Date.now(), new Set())).toHaveLength(
      1,
    );
    const list = episodeListSchema.parse((await app.inject('/api/episodes?show=minute-show')).json());
    expect(list.episodes).toHaveLength(1);
    expect(list.episodes[0]?.status).toBe('recording');
    expect(
      await makeEpisodes(
        repo,
        schedule,
        { episodes: true, excludeShows: ['Minute Show'] },
        'Europe/Dublin',
        Date.now(),
        new Set(),
      ),
    ).toEqual([]);
  });
});
