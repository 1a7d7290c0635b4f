import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import {
  EPISODE_ID_PATTERN,
  EPISODES_PAGE_DEFAULT,
  EPISODES_PAGE_MAX,
  SHOW_SLUG_PATTERN,
  showSlug,
  type Episode,
  type ErrorBody,
} from '@onair/core';
import { frameMsOf, type ArchiveReader, type Segment } from '../archive/archive-reader.ts';
import { parseByteRange } from '../archive/byte-range.ts';
import { isPublic, presentEpisode } from '../archive/episodes.ts';
import { chaptersJson, podcastFeed } from '../archive/podcast-feed.ts';
import type { RecentAudio } from '../archive/recent-audio.ts';
import { RewindPacer, RewindStream } from '../archive/rewind-stream.ts';
import { clientKey } from '../client-key.ts';
import type { ArchiveConfig } from '../config.ts';
import { KeyedLimit } from '../rate-limits.ts';
import type { ArchiveChunk, ArchiveRepo, StoredEpisode } from '../store/archive-repo.ts';

/** Rewind streams one address may hold at once (a listener, a second device, a Cast receiver). */
export const REWIND_STREAMS_PER_ADDRESS = 3;
/** Rewind streams one address may start per minute (seeking starts a new one each time). */
export const REWIND_STARTS_PER_MINUTE = 60;
/**
 * An `at` this close after the last recorded frame starts at that frame: the index of the chunk
 * being written trails the recorder by up to its flush interval.
 */
const LIVE_EDGE_SLACK_MS = 5_000;
const MS_PER_HOUR = 3_600_000;

export interface ArchiveRouteOptions {
  config: ArchiveConfig;
  repo: ArchiveRepo;
  reader: ArchiveReader;
  /** The recent audio this instance records, in memory (empty on the others). */
  recent: RecentAudio;
  stationName: string;
  timeZone: string;
  requireAdmin: onRequestAsyncHookHandler;
  now: () => Date;
  /** Told how many rewind streams this instance serves, each time one starts or ends. */
  onRewindListeners?: ((count: number) => void) | undefined;
}

const rewindQuery = z.object({
  at: z.string().regex(/^\d{1,15}$/),
  quality: z.enum(['standard', 'high']).optional(),
});

const episodesQuery = z.object({
  before: z
    .string()
    .regex(/^\d{1,15}$/)
    .optional(),
  limit: z
    .string()
    .regex(/^\d{1,3}$/)
    .optional(),
  show: z.string().max(200).optional(),
});

const episodeParams = z.object({ id: z.string().regex(EPISODE_ID_PATTERN) });

const episodeChange = z
  .object({
    hidden: z.boolean().optional(),
    startsAt: z.number().int().nonnegative().optional(),
    endsAt: z.number().int().nonnegative().optional(),
  })
  .strict();

const fail = (reply: FastifyReply, status: number, body: ErrorBody) => reply.code(status).send(body);
const EPISODE_MISSING: ErrorBody = { error: 'There is no such episode.', code: 'episode_missing' };
const EPISODE_ID_INVALID: ErrorBody = { error: 'That is not an episode id.', code: 'episode_id_invalid' };

/** Live rewind, episodes with their audio and chapters, the shows' podcast feeds, and the admin's hide and trim. */
export async function archiveRoutes(app: FastifyInstance, options: ArchiveRouteOptions): Promise<void> {
  const { config, repo, reader, requireAdmin } = options;
  const nowMs = () => options.now().getTime();
  const starts = new KeyedLimit(app, 'rewind', REWIND_STARTS_PER_MINUTE, 60_000);
  const streamsByAddress = new Map<string, number>();
  const streams = new Set<RewindStream>();
  const pacer = new RewindPacer();
  pacer.start();
  // Rewind streams never end by themselves and would hold the server open.
  app.addHook('preClose', async () => {
    pacer.stop();
    for (const stream of streams) stream.close({ hangUp: true });
  });

  app.get('/api/rewind', async (request, reply) => {
    const query = rewindQuery.safeParse(request.query);
    if (!query.success) {
      return fail(reply, 400, {
        error: 'Say when to listen from: `at` in epoch milliseconds, and `quality` standard or high.',
        code: 'rewind_at_invalid',
      });
    }
    const at = Number(query.data.at);
    const now = nowMs();
    if (at > now)
      return fail(reply, 416, { error: 'That moment has not been broadcast yet.', code: 'rewind_future' });
    if (at < now - config.timeshiftHours * MS_PER_HOUR) {
      return fail(reply, 416, {
        error: `Live rewind reaches back ${config.timeshiftHours} hours; that moment is older.`,
        code: 'rewind_outside_window',
      });
    }
    const start = await startingPoint(repo, at);
    if (!start)
      return fail(reply, 404, {
        error: 'Nothing was recorded at that moment: the stream was down.',
        code: 'rewind_gap',
      });

    const key = clientKey(request.ip);
    const held = streamsByAddress.get(key) ?? 0;
    if (held >= REWIND_STREAMS_PER_ADDRESS) {
      return fail(reply, 429, {
        error: 'Too many rewind streams from this address at once; stop one first.',
        code: 'rewind_too_many',
      });
    }
    const waitMs = await starts.take(key);
    if (waitMs > 0) {
      reply.header('retry-after', String(Math.ceil(waitMs / 1000)));
      return fail(reply, 429, { error: 'Too many rewinds started; wait a moment.', code: 'rate_limited' });
    }
    reply.hijack();
    const response = reply.raw;
    response.writeHead(200, {
      'content-type': 'audio/mpeg',
      'cache-control': 'no-cache, no-store',
      'access-control-allow-origin': '*',
      'access-control-expose-headers': 'x-rewind-from',
      'icy-br': String(start.chunk.bitrateKbps),
      // Where the audio really starts (the frame holding `at`): the app times titles from it.
      'x-rewind-from': String(Math.round(start.chunk.startsAt + start.frame * frameMsOf(start.chunk))),
      ...(request.raw.httpVersion === '1.0' ? { connection: 'close' } : {}),
    });
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    streamsByAddress.set(key, held + 1);
    const stream = new RewindStream({ reader, recent: options.recent }, start.chunk, start.frame, response);
    streams.add(stream);
    options.onRewindListeners?.(streams.size);
    response.on('close', () => stream.close());
    void pacer.play(stream).finally(() => {
      streams.delete(stream);
      options.onRewindListeners?.(streams.size);
      const left = (streamsByAddress.get(key) ?? 1) - 1;
      if (left > 0) streamsByAddress.set(key, left);
      else streamsByAddress.delete(key);
      if (!response.destroyed) response.end();
    });
  });

  /** The episode if listeners may see it; null answers 404 alike for missing, hidden and not public. */
  const visibleEpisode = async (
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<StoredEpisode | null> => {
    const params = episodeParams.safeParse(request.params);
    if (!params.success) {
      await fail(reply, 400, EPISODE_ID_INVALID);
      return null;
    }
    const episode = await repo.episode(params.data.id);
    if (!episode || !isPublic(episode, config, nowMs())) {
      await fail(reply, 404, EPISODE_MISSING);
      return null;
    }
    return episode;
  };

  const present = async (episode: StoredEpisode): Promise<Episode> => {
    const chunks = await repo.chunksBetween(episode.startsAt, episode.endsAt);
    return presentEpisode(repo, episode, recordedMs(chunks, episode), nowMs());
  };

  app.get('/api/episodes', async (request, reply) => {
    const query = episodesQuery.safeParse(request.query);
    const limit = Number(query.data?.limit ?? EPISODES_PAGE_DEFAULT);
    const slug = query.data?.show === undefined ? undefined : showSlug(query.data.show);
    if (!query.success || limit < 1 || limit > EPISODES_PAGE_MAX || slug === '') {
      return fail(reply, 400, {
        error: `Ask with before (epoch ms), limit (1 to ${EPISODES_PAGE_MAX}) and show (a show's name or slug).`,
        code: 'episodes_query_invalid',
      });
    }
    reply.header('cache-control', 'no-cache');
    if (!config.episodes) return { episodes: [] };
    const now = nowMs();
    const stored = await repo.episodes({
      before: query.data.before === undefined ? Number.MAX_SAFE_INTEGER : Number(query.data.before),
      limit,
      showSlug: slug,
      endedAfter: config.publicDays === null ? 0 : now - config.publicDays * 86_400_000,
      excludeShows: config.excludeShows,
    });
    return { episodes: await Promise.all(stored.map(present)) };
  });

  app.get('/api/episodes/:id', async (request, reply) => {
    const episode = await visibleEpisode(request, reply);
    if (!episode) return reply;
    reply.header('cache-control', 'no-cache');
    return present(episode);
  });

  app.get('/api/episodes/:id/chapters.json', async (request, reply) => {
    const episode = await visibleEpisode(request, reply);
    if (!episode) return reply;
    reply
      .header('cache-control', 'no-cache')
      .header('access-control-allow-origin', '*')
      .type('application/json+chapters');
    return chaptersJson(await present(episode));
  });

  app.get('/api/episodes/:id/audio.mp3', async (request, reply) => {
    const episode = await visibleEpisode(request, reply);
    if (!episode) return reply;
    const segments = await reader.segments(episode.startsAt, episode.endsAt);
    const size = segments.reduce((sum, segment) => sum + segment.end - segment.start, 0);
    const rangeHeader = request.headers.range;
    const range = parseByteRange(rangeHeader, size);
    reply
      .header('accept-ranges', 'bytes')
      .header('access-control-allow-origin', '*')
      .header('cache-control', 'no-cache');
    if (range.kind === 'unsatisfiable') {
      reply.header('content-range', `bytes */${size}`);
      return fail(reply, 416, {
        error: 'That byte range is not one this episode can serve.',
        code: 'range_invalid',
      });
    }
    const start = range.kind === 'part' ? range.start : 0;
    const end = range.kind === 'part' ? range.end + 1 : size;
    reply.type('audio/mpeg').header('content-length', String(end - start));
    if (range.kind === 'part') reply.code(206).header('content-range', `bytes ${start}-${end - 1}/${size}`);
    if (request.method === 'HEAD') return reply.send();
    return reply.send(Readable.from(episodeBytes(reader, segments, start, end)));
  });

  app.patch('/api/episodes/:id', { onRequest: requireAdmin }, async (request, reply) => {
    const params = episodeParams.safeParse(request.params);
    if (!params.success) return fail(reply, 400, EPISODE_ID_INVALID);
    const change = episodeChange.safeParse(request.body);
    if (!change.success)
      return fail(reply, 400, {
        error: 'Send hidden (true or false) and/or startsAt and endsAt (epoch ms).',
        code: 'episode_trim_invalid',
      });
    const episode = await repo.episode(params.data.id);
    if (!episode) return fail(reply, 404, EPISODE_MISSING);
    const startsAt = change.data.startsAt ?? episode.startsAt;
    const endsAt = change.data.endsAt ?? episode.endsAt;
    if (startsAt < episode.slotStartsAt || endsAt > episode.slotEndsAt || endsAt <= startsAt) {
      return fail(reply, 400, {
        error: 'A trimmed episode stays within its slot and ends after it starts.',
        code: 'episode_trim_invalid',
      });
    }
    if (change.data.hidden !== undefined) await repo.hideEpisode(episode.id, change.data.hidden);
    if (startsAt !== episode.startsAt || endsAt !== episode.endsAt)
      await repo.trimEpisode(episode.id, startsAt, endsAt);
    const saved = await repo.episode(episode.id);
    return saved ? { ...(await present(saved)), hidden: saved.hidden } : fail(reply, 404, EPISODE_MISSING);
  });

  app.get('/shows/:slug/feed.xml', async (request, reply) => {
    const { slug } = request.params as { slug: string };
    const missing: ErrorBody = {
      error: 'No show with that name has published episodes.',
      code: 'show_missing',
    };
    if (!SHOW_SLUG_PATTERN.test(slug) || slug.length > 80 || !config.episodes)
      return fail(reply, 404, missing);
    const now = nowMs();
    const stored = (
      await repo.episodes({
        before: Number.MAX_SAFE_INTEGER,
        limit: EPISODES_PAGE_MAX,
        showSlug: slug,
        endedAfter: config.publicDays === null ? 0 : now - config.publicDays * 86_400_000,
        excludeShows: config.excludeShows,
      })
    ).filter((episode) => episode.endsAt <= now && isPublic(episode, config, now));
    const newest = stored[0];
    if (!newest) return fail(reply, 404, missing);
    const items = await Promise.all(
      stored.map(async (episode) => {
        const segments = await reader.segments(episode.startsAt, episode.endsAt);
        return {
          episode: await present(episode),
          audioBytes: segments.reduce((sum, segment) => sum + segment.end - segment.start, 0),
        };
      }),
    );
    const origin = `${request.protocol}://${request.host}`;
    const show = { ...newest, stationName: options.stationName, timeZone: options.timeZone };
    reply.type('application/rss+xml; charset=utf-8').header('cache-control', 'no-cache');
    return podcastFeed(
      origin,
      slug,
      show,
      items.filter((item) => item.audioBytes > 0),
    );
  });
}

/** Where a rewind to `at` starts: the chunk holding it and the frame; null in a gap or past what is recorded. */
async function startingPoint(
  repo: ArchiveRepo,
  at: number,
): Promise<{ chunk: ArchiveChunk; frame: number } | null> {
  const chunk = await repo.chunkFrom(at);
  if (chunk) {
    const frameMs = frameMsOf(chunk);
    // Up to a frame before the first one still starts with it (dates are rounded to the millisecond).
    if (chunk.startsAt - at > frameMs) return null;
    return { chunk, frame: Math.max(0, Math.floor((at - chunk.startsAt) / frameMs)) };
  }
  const latest = await repo.latestChunk();
  if (latest?.open && at - latest.endsAt <= LIVE_EDGE_SLACK_MS)
    return { chunk: latest, frame: latest.frames };
  return null;
}

/** How much audio is recorded within the episode (gaps left out). */
function recordedMs(chunks: readonly ArchiveChunk[], episode: StoredEpisode): number {
  return chunks.reduce(
    (sum, chunk) =>
      sum + Math.max(0, Math.min(chunk.endsAt, episode.endsAt) - Math.max(chunk.startsAt, episode.startsAt)),
    0,
  );
}

/** Bytes [start, end) of the episode's audio, read from its segments in order. */
async function* episodeBytes(
  reader: ArchiveReader,
  segments: readonly Segment[],
  start: number,
  end: number,
): AsyncGenerator<Buffer> {
  let position = 0;
  for (const segment of segments) {
    const length = segment.end - segment.start;
    const from = Math.max(start, position);
    const to = Math.min(end, position + length);
    if (from < to)
      yield* reader.bytes(
        segment.chunk.id,
        segment.start + (from - position),
        segment.start + (to - position),
      );
    position += length;
    if (position >= end) return;
  }
}
