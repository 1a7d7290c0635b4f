import type { FastifyInstance } from 'fastify';
import type { PublicStation } from '@onair/core';

export async function stationRoutes(
  app: FastifyInstance,
  { station }: { station: PublicStation },
): Promise<void> {
  app.get('/api/station', async (_request, reply) => {
    // Station settings change only with a restart; a short cache spares every app start a round trip.
    reply.header('cache-control', 'public, max-age=60');
    return station;
  });
}
