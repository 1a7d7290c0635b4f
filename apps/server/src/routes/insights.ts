import type { FastifyInstance } from 'fastify';
import { INSIGHTS_MAX_DAYS, insightsQuerySchema, type ErrorBody, type Insights } from '@onair/core';
import type { AppConfig } from '../config.ts';
import { isCurrentAdmin } from '../auth/require-admin.ts';
import type { SessionService } from '../auth/sessions.ts';
import type { AnalyticsRepo } from '../store/analytics-repo.ts';

interface InsightsRouteOptions {
  analytics: AnalyticsRepo;
  sessions: SessionService;
  /** The chat's sessions: a listener signed into the chat is someone, just not the admin (403). */
  chatSessions: SessionService;
  config: Pick<AppConfig, 'admin'>;
  timeZone: string;
  now: () => Date;
}

/** GET /api/insights?days=N: the station's aggregated analytics, for the admin only. */
export async function insightsRoutes(
  app: FastifyInstance,
  { analytics, sessions, chatSessions, config, timeZone, now }: InsightsRouteOptions,
): Promise<void> {
  app.get('/api/insights', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const session = await sessions.current(request);
    // A listener's chat cookie is scoped to /api/chat, so a browser does not send it here (401);
    // a client that does is a signed-in listener and gets 403 like any non-admin session.
    if (!session && !(await chatSessions.current(request)))
      return reply.code(401).send({ error: 'Sign in as the admin to see the insights.', code: 'sign_in_required' } satisfies ErrorBody);
    if (!isCurrentAdmin(session, config.admin))
      return reply.code(403).send({ error: 'Only the admin may see the insights.', code: 'admin_only' } satisfies ErrorBody);
    const query = insightsQuerySchema.safeParse(request.query);
    if (!query.success)
      return reply
        .code(400)
        .send({ error: `Ask for 1 to ${INSIGHTS_MAX_DAYS} days of insights.`, code: 'insights_days_invalid' } satisfies ErrorBody);
    return (await analytics.insights(query.data.days, now(), timeZone)) satisfies Insights;
  });
}
