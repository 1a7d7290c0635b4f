import type { PublicStation } from '@onair/core';
import { vi } from 'vitest';

export const testStation: PublicStation = {
  name: 'Test FM',
  shortName: 'Test',
  tagline: 'Always testing, never resting',
  timeZone: 'Europe/Dublin',
  streams: { standard: '/demo/live', high: '/demo/live-hq' },
  social: {},
  theme: { background: '#12061f', accent: '#c026d3' },
};

/** Answers /api/station with `body` (or `status`), and fails the test on any other request. */
export function stubStationFetch(answer: { body?: unknown; status?: number } = { body: testStation }) {
  const fetchMock = vi.fn((input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url !== '/api/station') return Promise.reject(new Error(`unexpected fetch ${url}`));
    return Promise.resolve(
      answer.status && answer.status >= 400
        ? new Response('error', { status: answer.status })
        : Response.json(answer.body ?? testStation),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** jsdom has no WebGL (getContext only logs an error); make that explicit so the shader falls back quietly. */
export function withoutWebGl() {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
}
