import type { FastifyRequest } from 'fastify';

/**
 * Whether a browser request comes from a page we serve: its Origin names the host it was sent to
 * (same-origin), or one of the configured extra origins. Requests without an Origin header are not
 * from a cross-site page (browsers always send it on WebSocket upgrades and cross-site writes), so
 * they pass; what protects them is the session cookie being SameSite=Strict.
 */
export function isAllowedOrigin(request: FastifyRequest, allowedOrigins: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (allowedOrigins.includes(origin)) return true;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return false; // 'null' (sandboxed frames, file://) and garbage
  }
  // request.host honours X-Forwarded-Host (trustProxy), so a reverse proxy that rewrites Host still
  // matches; a page cannot set that header on a victim's browser request.
  return originHost.toLowerCase() === request.host.toLowerCase();
}
