import type { FastifyInstance } from 'fastify';
import type { PublicStation } from '@onair/core';

/**
 * A strict Content Security Policy. The only foreign origins a page may reach are the station's
 * own stream hosts (played by <audio> or fetched into MediaSource); images may come from any
 * https host because show images in the schedule may be URLs (spec §3).
 */
export function contentSecurityPolicy(station: PublicStation): string {
  const streamOrigins = [...new Set(Object.values(station.streams).flatMap((url) => originOf(url)))];
  const streams = streamOrigins.join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
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
    "frame-ancestors 'none'",
  ].join('; ');
}

export function registerSecurityHeaders(app: FastifyInstance, station: PublicStation): void {
  const csp = contentSecurityPolicy(station);
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('content-security-policy', csp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
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
