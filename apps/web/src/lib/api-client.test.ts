import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { ApiError, getJson, sendJson } from './api-client.ts';

const schema = z.object({ name: z.string() });

function stubFetch(response: Response | Error) {
  const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
    response instanceof Error ? Promise.reject(response) : Promise.resolve(response),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('getJson', () => {
  it('returns the parsed body when it matches the schema', async () => {
    stubFetch(Response.json({ name: 'Radio', extra: 1 }));
    await expect(getJson('/api/x', schema)).resolves.toEqual({ name: 'Radio' });
  });

  it('rejects a body that does not match the schema, saying why in English', async () => {
    stubFetch(Response.json({ name: 42 }));
    const failure = getJson('/api/x', schema);
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    // zod/mini has no message texts of its own: these are classic zod's English ones, loaded for the refusal.
    await expect(failure).rejects.toThrow(
      'GET /api/x returned unexpected data:\n✖ Invalid input: expected string, received number\n  → at name',
    );
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

  it('says the server could not be reached when the request never got an answer', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    await expect(getJson('/api/x', schema)).rejects.toThrow('GET /api/x: the server could not be reached.');
  });
});

describe('sendJson', () => {
  it('sends the body as JSON with the method and parses the answer', async () => {
    const fetchMock = stubFetch(Response.json({ name: 'Saved' }));
    await expect(sendJson('PUT', '/api/x', { a: 1 }, schema)).resolves.toEqual({ name: 'Saved' });
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/x');
    expect(init).toMatchObject({
      method: 'PUT',
      body: '{"a":1}',
      headers: { 'Content-Type': 'application/json' },
    });
  });

  it("rejects an HTTP error with the server's own sentence, its status and its body", async () => {
    const answer = { error: 'The schedule changed meanwhile; reload it.', current: null };
    stubFetch(Response.json(answer, { status: 409 }));
    await expect(sendJson('PUT', '/api/x', {}, schema)).rejects.toMatchObject({
      name: 'ApiError',
      message: 'The schedule changed meanwhile; reload it.',
      status: 409,
      body: answer,
    });
  });

  it('falls back to the status when the error body is not the shared error shape', async () => {
    stubFetch(Response.json({ message: 'other shape' }, { status: 500 }));
    await expect(sendJson('POST', '/api/x', {}, schema)).rejects.toMatchObject({
      message: 'POST /api/x failed: HTTP 500',
      status: 500,
    });
  });

  it('rejects an answer that does not match the schema', async () => {
    stubFetch(Response.json({ name: null }));
    await expect(sendJson('POST', '/api/x', {}, schema)).rejects.toThrow(
      /POST \/api\/x returned unexpected data/,
    );
  });

  it('reads a 204 No Content as null, so a DELETE answered without a body succeeds', async () => {
    stubFetch(new Response(null, { status: 204 }));
    await expect(sendJson('DELETE', '/api/x', undefined, z.null())).resolves.toBeNull();
  });

  it("carries a 429's Retry-After in seconds, so the listener can be told how long to wait", async () => {
    stubFetch(Response.json({ error: 'Slow down.' }, { status: 429, headers: { 'Retry-After': '7' } }));
    await expect(sendJson('POST', '/api/x', {}, schema)).rejects.toMatchObject({
      status: 429,
      retryAfterSeconds: 7,
    });
  });

  it("carries the server's code, so callers decide by it and never by the sentence; none from an older server", async () => {
    stubFetch(
      Response.json(
        { error: 'Someone in the chat is using that name.', code: 'chat_name_taken' },
        { status: 409 },
      ),
    );
    await expect(sendJson('POST', '/api/x', {}, schema)).rejects.toMatchObject({
      status: 409,
      code: 'chat_name_taken',
      message: 'Someone in the chat is using that name.',
    });
    stubFetch(Response.json({ error: 'Slow down.' }, { status: 429 }));
    await expect(sendJson('POST', '/api/x', {}, schema)).rejects.toMatchObject({ status: 429, code: null });
  });
});
