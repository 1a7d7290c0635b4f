import type { FastifyInstance } from 'fastify';
import type { ScheduleRepo } from '../store/schedule-repo.ts';

export async function scheduleRoutes(app: FastifyInstance, { schedules }: { schedules: ScheduleRepo }): Promise<void> {
  app.get('/api/schedule', async (_request, reply) => {
    const stored = await schedules.get();
    if (!stored) return reply.code(404).send({ error: 'No schedule data available.' });
    reply.header('cache-control', 'no-cache');
    return { data: stored.data, version: stored.version };
  });
}
