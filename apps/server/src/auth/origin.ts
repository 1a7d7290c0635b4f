import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '@onair/core';

/**
 * Whether a browser request comes from a page we serve: its Origin is the request's own origin
 * (scheme, host and port, so an http:// page is refused by an https:// site), or one of the
 * configured extra origins. Requests without an Origin header are not from a cross-site page
 * (browsers always send it on WebSocket upgrades and cross-site writes), so they pass; what protects
 * them is the session cookie being SameSite=Strict.
 */
export function isAllowedOrigin(request: FastifyRequest, allowedOrigins: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  const given = originOf(origin);
  if (given === null) return false; // 'null' (sandboxed frames, file://) and garbage
  if (allowedOrigins.includes(given)) return true;
  // request.protocol and request.host read X-Forwarded-Proto/-Host only from a TRUST_PROXY peer, so
  // a proxy that terminates TLS or rewrites Host still matches, and nobody else can claim either.
  return given === originOf(`${request.protocol}://${request.host}`);
}

/** The serialised origin (lower-case host, default port dropped), or null when there is none. */
function originOf(text: string): string | null {
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin;
  } catch {
    return null;
  }
}

/** Methods that change something: refused from a cross-site page unless the route opts out. */
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'allowed' lets pages of any site call this route (a public write meant for other sites).
     * No route needs it today; a route that does must say why beside it.
     */
    crossSite?: 'allowed';
  }
}

/**
 * Secure by default: every write (POST, PUT, PATCH, DELETE) and every WebSocket upgrade from a
 * page of another site is refused with 403 before any route runs, so a new route cannot forget the
 * check. A route opts out only by name (`config: { crossSite: 'allowed' }`).
 */
export function registerOriginGuard(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  const refuse = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.routeOptions.config.crossSite === 'allowed' || isAllowedOrigin(request, allowedOrigins))
      return;
    await reply
      .code(403)
      .send({ error: 'Requests from another site are refused.', code: 'cross_site' } satisfies ErrorBody);
  };
  // Writes: before the body is even read.
  app.addHook('onRequest', async (request, reply) => {
    if (WRITE_METHODS.has(request.method)) await refuse(request, reply);
  });
  // Upgrades: once @fastify/websocket's own onRequest has marked the request as one, so that its
  // onResponse closes the socket after the 403 (refused in onRequest, the socket stayed open).
  app.addHook('preValidation', async (request, reply) => {
    if (request.headers.upgrade?.toLowerCase() === 'websocket') await refuse(request, reply);
  });
}
