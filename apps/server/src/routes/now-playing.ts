import type { FastifyInstance } from 'fastify';
import type { IcecastPoller } from '../stations/icecast-poller.ts';

/** Spec §7 #5 as served to listeners: the poller's cached value, never an upstream read per request. */
export async function nowPlayingRoutes(
  app: FastifyInstance,
  {
    nowPlaying,
    publicListeners = () => null,
  }: {
    nowPlaying: IcecastPoller;
    /** The listener count to show, or null (the station does not show it, or it is below its minimum). */
    publicListeners?: () => number | null;
  },
): Promise<void> {
  app.get('/api/now-playing', async (request, reply) => {
    const listeners = publicListeners();
    // The count is part of the answer, so of its tag too.
    const etag = listeners === null ? nowPlaying.etag : `${nowPlaying.etag.slice(0, -1)}-${listeners}"`;
    // no-cache: browsers revalidate every poll, and the ETag turns an unchanged answer into a 304.
    reply.header('cache-control', 'no-cache').header('etag', etag);
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return listeners === null ? nowPlaying.current : { ...nowPlaying.current, listeners };
  });

  app.get('/api/now-playing/history', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return { tracks: nowPlaying.history };
  });
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}
