import type { FastifyRequest } from 'fastify';

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
