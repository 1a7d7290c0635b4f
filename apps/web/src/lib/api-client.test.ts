import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, getJson } from './api-client.ts';

const schema = z.object({ name: z.string() });

function stubFetch(response: Response): void {
  vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(response)));
}

describe('getJson', () => {
  it('returns the parsed body when it matches the schema', async () => {
    stubFetch(Response.json({ name: 'Radio', extra: 1 }));
    await expect(getJson('/api/x', schema)).resolves.toEqual({ name: 'Radio' });
  });

  it('rejects a body that does not match the schema', async () => {
    stubFetch(Response.json({ name: 42 }));
    const failure = getJson('/api/x', schema);
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toThrow(/GET \/api\/x returned unexpected data/);
  });

  it('rejects a body that is not JSON', async () => {
    stubFetch(new Response('<html>oops</html>', { status: 200 }));
    await expect(getJson('/api/x', schema)).rejects.toThrow('GET /api/x did not return valid JSON');
  });

  it('rejects an HTTP error with its status', async () => {
    stubFetch(new Response('nope', { status: 503 }));
    await expect(getJson('/api/x', schema)).rejects.toMatchObject({
      message: 'GET /api/x failed: HTTP 503',
      status: 503,
    });
  });
});
