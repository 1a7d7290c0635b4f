import type { FastifyInstance } from 'fastify';
import type { IcecastPoller } from '../stations/icecast-poller.ts';

/** Spec §7 #5 as served to listeners: the poller's cached value, never an upstream read per request. */
export async function nowPlayingRoutes(
  app: FastifyInstance,
  { nowPlaying }: { nowPlaying: IcecastPoller },
): Promise<void> {
  app.get('/api/now-playing', async (request, reply) => {
    // no-cache: browsers revalidate every poll, and the ETag turns an unchanged answer into a 304.
    reply.header('cache-control', 'no-cache').header('etag', nowPlaying.etag);
    if (matchesEtag(request.headers['if-none-match'], nowPlaying.etag)) return reply.code(304).send();
    return nowPlaying.current;
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
