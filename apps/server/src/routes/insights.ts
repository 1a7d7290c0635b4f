import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import {
  AUDIENCE_TABLES,
  INSIGHTS_MAX_DAYS,
  audienceCsv,
  insightsQuerySchema,
  type AudienceInsights,
  type Daypart,
  type ErrorBody,
  type Insights,
  type Schedule,
} from '@onair/core';
import type { AppConfig } from '../config.ts';
import { isAllowedOrigin } from '../auth/origin.ts';
import { isCurrentAdmin } from '../auth/require-admin.ts';
import type { SessionService } from '../auth/sessions.ts';
import type { AnalyticsRepo } from '../store/analytics-repo.ts';

interface InsightsRouteOptions {
  analytics: AnalyticsRepo;
  sessions: SessionService;
  /** The chat's sessions: a listener signed into the chat is someone, just not the admin (403). */
  chatSessions: SessionService;
  config: Pick<AppConfig, 'admin' | 'allowedOrigins'>;
  timeZone: string;
  /** The station file's dayparts, on the station's clock. */
  dayparts: readonly Daypart[];
  /** The stored week (null: none or unreadable), which names the show on air at each minute. */
  schedule: () => Promise<Schedule | null>;
  now: () => Date;
}

const csvQuerySchema = z.extend(insightsQuerySchema, { table: z.enum(AUDIENCE_TABLES) });

/**
 * GET /api/insights?days=N: the station's aggregated analytics; GET /api/insights/audience?days=N:
 * its audience figures (TLH, AQH, by show, listening sessions); GET /api/insights/audience.csv
 * ?table=…&days=N: one audience table as CSV. For the admin only, all of them.
 */
export async function insightsRoutes(
  app: FastifyInstance,
  { analytics, sessions, chatSessions, config, timeZone, dayparts, schedule, now }: InsightsRouteOptions,
): Promise<void> {
  /** The admin's request goes on (true); anyone else's is answered 401 or 403 here. */
  const admitAdmin = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    reply.header('cache-control', 'no-store');
    const session = await sessions.current(request);
    // A listener's chat cookie is scoped to /api/chat, so a browser does not send it here (401);
    // a client that does is a signed-in listener and gets 403 like any non-admin session.
    if (!session && !(await chatSessions.current(request))) {
      await reply.code(401).send({
        error: 'Sign in as the admin to see the insights.',
        code: 'sign_in_required',
      } satisfies ErrorBody);
      return false;
    }
    if (!isCurrentAdmin(session, config.admin)) {
      await reply
        .code(403)
        .send({ error: 'Only the admin may see the insights.', code: 'admin_only' } satisfies ErrorBody);
      return false;
    }
    return true;
  };
  const daysInvalid = (reply: FastifyReply, error: z.core.$ZodError) =>
    reply.code(400).send({ error: queryRefusal(error), code: 'insights_days_invalid' } satisfies ErrorBody);
  const audience = async (days: number): Promise<AudienceInsights> =>
    analytics.audience(days, now(), {
      timeZone,
      dayparts,
      schedule: await schedule().catch(() => null),
    });

  app.get('/api/insights', async (request, reply) => {
    if (!(await admitAdmin(request, reply))) return reply;
    const query = insightsQuerySchema.safeParse(request.query);
    if (!query.success) return daysInvalid(reply, query.error);
    return (await analytics.insights(query.data.days, now(), timeZone)) satisfies Insights;
  });

  app.get('/api/insights/audience', async (request, reply) => {
    if (!(await admitAdmin(request, reply))) return reply;
    const query = insightsQuerySchema.safeParse(request.query);
    if (!query.success) return daysInvalid(reply, query.error);
    return await audience(query.data.days);
  });

  app.get('/api/insights/audience.csv', async (request, reply) => {
    // A download another site could start (a link, an <img>): the session cookie is SameSite=Strict,
    // and a request a browser marks as from another site is refused outright as well.
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site' || site === 'same-site' || !isAllowedOrigin(request, config.allowedOrigins))
      return reply
        .code(403)
        .send({ error: 'Requests from another site are refused.', code: 'cross_site' } satisfies ErrorBody);
    if (!(await admitAdmin(request, reply))) return reply;
    const query = csvQuerySchema.safeParse(request.query);
    if (!query.success)
      return reply
        .code(400)
        .send({ error: queryRefusal(query.error), code: 'audience_csv_invalid' } satisfies ErrorBody);
    const { table, days } = query.data;
    const figures = await audience(days);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audience-${table}-${figures.since}-${days}d.csv"`)
      .header('x-content-type-options', 'nosniff')
      .send(audienceCsv(table, figures));
  });
}

/** What each query parameter takes, as a refusal says it. */
const QUERY_RULES: Readonly<Record<string, string>> = {
  days: `days must be a whole number from 1 to ${INSIGHTS_MAX_DAYS}`,
  table: `table must be one of ${AUDIENCE_TABLES.join(', ')}`,
};

/** "Invalid query: days must be …": the first fault, naming its parameter. */
function queryRefusal(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (issue?.code === 'unrecognized_keys') {
    return `Invalid query: ${issue.keys.join(', ')} ${issue.keys.length === 1 ? 'is not a parameter' : 'are not parameters'} here.`;
  }
  const field = String(issue?.path[0] ?? '');
  return `Invalid query: ${QUERY_RULES[field] ?? `${field || 'the query'} is not valid`}.`;
}
