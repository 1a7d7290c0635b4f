import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { isAllowedOrigin } from './origin.ts';

// The store apps load the station's hosted web app (apps/native: server.url = nativeApp.url), so
// their pages have the station's own origin and pass as same-origin. Nothing is opened for
// Capacitor's local origins: a page served from capacitor://localhost or https://localhost is some
// other app's bundle, not ours, and stays refused for sign-in, admin writes, push and the socket.
const request = (origin: string | undefined) =>
  ({
    headers: origin === undefined ? {} : { origin },
    protocol: 'https',
    host: 'radio.example',
  }) as unknown as FastifyRequest;

describe('isAllowedOrigin and the native apps', () => {
  it('accepts the app page, which has the station origin', () => {
    expect(isAllowedOrigin(request('https://radio.example'), [])).toBe(true);
  });

  it('refuses the Capacitor local origins unless a station lists them itself', () => {
    for (const origin of [
      'capacitor://localhost',
      'https://localhost',
      'http://localhost',
      'ionic://localhost',
    ])
      expect(isAllowedOrigin(request(origin), []), origin).toBe(false);
  });
});
