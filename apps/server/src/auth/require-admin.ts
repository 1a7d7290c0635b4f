import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { ErrorBody } from '@onair/core';
import type { AppConfig } from '../config.ts';
import { normalizeName } from './credentials.ts';
import type { SessionService } from './sessions.ts';
import type { StoredSession } from '../store/session-repo.ts';

/** An admin session counts only while its name is still the configured admin's. */
export function isCurrentAdmin(session: StoredSession | null, admin: AppConfig['admin']): boolean {
  return (
    session !== null &&
    session.role === 'admin' &&
    admin !== null &&
    normalizeName(session.username) === normalizeName(admin.username)
  );
}

/**
 * Guards admin-only routes. Used as an onRequest hook rather than a preHandler so an anonymous
 * caller is refused before the server reads (up to 256 KB of) their body. 401 without a session;
 * 403 for a session that is not the configured admin's (a listener session, an admin renamed or
 * removed from the config since sign-in). A cross-site write never gets here (registerOriginGuard).
 */
export function requireAdmin(
  sessions: SessionService,
  config: Pick<AppConfig, 'admin'>,
  /** What the routes do, for the refusals: "Sign in as the admin to …". */
  action = 'change the schedule',
): onRequestAsyncHookHandler {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const session = await sessions.current(request);
    if (!session)
      return reply
        .code(401)
        .send({ error: `Sign in as the admin to ${action}.`, code: 'sign_in_required' } satisfies ErrorBody);
    if (!isCurrentAdmin(session, config.admin)) {
      return reply
        .code(403)
        .send({ error: `Only the admin may ${action}.`, code: 'admin_only' } satisfies ErrorBody);
    }
  };
}
