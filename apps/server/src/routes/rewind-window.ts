import type { FastifyInstance } from 'fastify';
import { REWIND_WINDOW_PATH, type RewindWindowInfo } from '@onair/core';
import type { ArchiveRepo } from '../store/archive-repo.ts';

const MS_PER_HOUR = 3_600_000;

export interface RewindWindowRouteOptions {
  repo: ArchiveRepo;
  timeshiftHours: number;
  now: () => Date;
}

/**
 * `GET /api/rewind/window`: what live rewind can reach, for the app's timeline. The oldest
 * recorded instant inside the last TIMESHIFT_HOURS (null while nothing is), and the hours in ms;
 * the app moves the window on with its own clock. Gaps inside it answer 404 at /api/rewind.
 */
export async function rewindWindowRoutes(
  app: FastifyInstance,
  options: RewindWindowRouteOptions,
): Promise<void> {
  app.get(REWIND_WINDOW_PATH, async (_request, reply): Promise<RewindWindowInfo> => {
    const timeshiftMs = Math.round(options.timeshiftHours * MS_PER_HOUR);
    const from = options.now().getTime() - timeshiftMs;
    const chunk = await options.repo.chunkFrom(from);
    // Recorded now and then: a cache would show a listener a window a recording ago.
    void reply.header('cache-control', 'no-store');
    return { earliestAt: chunk ? Math.round(Math.max(chunk.startsAt, from)) : null, timeshiftMs };
  });
}
