import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { ArchiveHealth } from '../archive/archive-service.ts';
import type { BusState, RealtimeBus } from '../realtime/bus.ts';
import type { Db } from '../store/db.ts';

export interface HealthBody {
  ok: boolean;
  store: 'up' | 'down';
  /** 'local': no REDIS_URL (one instance); 'down': changes reach this instance's clients only. */
  redis: BusState;
  /**
   * The recorder on this instance: 'recording', 'connecting' or 'reconnecting' (the stream is
   * down; `error` says why), 'write-failed' (the audio cannot be written, e.g. a full disk), 'standby'
   * (another instance records), 'off' (ARCHIVE_RECORDING=off). It never makes the instance unhealthy:
   * live listening does not depend on it.
   */
  archive: ArchiveHealth;
}

/**
 * GET /api/health for load balancers and monitors: 503 when the store does not answer (this
 * instance cannot serve); a Redis outage keeps 200, since the instance still serves its own clients.
 */
export async function healthRoutes(
  app: FastifyInstance,
  { db, bus, archive }: { db: Db; bus: RealtimeBus; archive: () => ArchiveHealth },
): Promise<void> {
  app.get('/api/health', async (_request, reply) => {
    const store = await sql`select 1`.execute(db).then(
      () => 'up' as const,
      () => 'down' as const,
    );
    reply.header('cache-control', 'no-store');
    return reply
      .code(store === 'up' ? 200 : 503)
      .send({ ok: store === 'up', store, redis: bus.state, archive: archive() } satisfies HealthBody);
  });
}
