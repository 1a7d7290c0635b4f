import type { FastifyInstance } from 'fastify';
import type { PublicStation } from '@onair/core';

/**
 * A strict Content Security Policy. The only foreign origins a page may reach are the station's
 * own stream hosts (played by <audio> or fetched into MediaSource) and Google's Cast sender script
 * (www.gstatic.com, loaded on the first tap on Cast); images may come from any
 * https host because show images in the schedule may be URLs (spec §3). No page may be framed
 * except the embeddable player, by the origins given as `frameAncestors` (none: nobody).
 */
export function contentSecurityPolicy(
  station: PublicStation,
  frameAncestors: readonly string[] = [],
): string {
  const streamOrigins = [...new Set(Object.values(station.streams).flatMap((url) => originOf(url)))];
  const streams = streamOrigins.join(' ');
  return [
    "default-src 'self'",
    // Google's Cast sender framework, fetched on demand when the listener taps Cast.
    "script-src 'self' https://www.gstatic.com",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    `media-src 'self' blob: ${streams}`.trim(),
    `connect-src 'self' ${streams}`.trim(),
    "worker-src 'self'",
    "manifest-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors.length > 0 ? frameAncestors.join(' ') : "'none'"}`,
  ].join('; ');
}

/** 180 days: long enough to count for browsers' HSTS rules, short enough to undo a mistake. */
export const HSTS_MAX_AGE_S = 15_552_000;

export function strictTransportSecurity(includeSubdomains: boolean): string {
  return `max-age=${HSTS_MAX_AGE_S}` + (includeSubdomains ? '; includeSubDomains' : '');
}

/** The one page other sites may frame (the station's player for their own website). */
export const EMBED_PATH = '/embed';

export function isEmbedPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path === EMBED_PATH || path === `${EMBED_PATH}/`;
}

export function registerSecurityHeaders(
  app: FastifyInstance,
  station: PublicStation,
  {
    hstsIncludeSubdomains,
    embedAllowedOrigins,
  }: { hstsIncludeSubdomains: boolean; embedAllowedOrigins: readonly string[] },
): void {
  const csp = contentSecurityPolicy(station);
  const embedCsp = contentSecurityPolicy(station, embedAllowedOrigins);
  const embedFramable = embedAllowedOrigins.length > 0;
  const hsts = strictTransportSecurity(hstsIncludeSubdomains);
  // HSTS only over HTTPS (RFC 6797 §7.2). request.protocol believes X-Forwarded-Proto from a
  // TRUST_PROXY peer only. Set on the raw response so hijacked answers (the live streams) carry it too.
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.raw.setHeader('strict-transport-security', hsts);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const embed = isEmbedPath(request.url);
    reply.header('content-security-policy', embed ? embedCsp : csp);
    reply.header('x-content-type-options', 'nosniff');
    // X-Frame-Options cannot name origins; where CSP frame-ancestors allows some, it must be absent
    // (browsers that know frame-ancestors ignore it then, older ones would refuse every framer).
    if (!(embed && embedFramable)) reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
    return payload;
  });
}

function originOf(url: string): string[] {
  try {
    return [new URL(url).origin];
  } catch {
    return []; // a relative URL is served from 'self'
  }
}
