import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ENV, buildTestApp, loginAsAdmin } from './auth-helpers.ts';
import { STORE_KINDS, type TestStore } from './stores.ts';

describe.each(STORE_KINDS)('the /api/integrations contract, on $kind', ({ open }) => {
  let store: TestStore;
  let app: FastifyInstance;
  let cookie: string;
  beforeEach(async () => {
    store = await open();
    app = await buildTestApp(store, { ...ADMIN_ENV, WEBHOOK_ALLOW_PRIVATE_HOSTS: 'hooks.internal' });
    cookie = await loginAsAdmin(app);
  });
  afterEach(async () => {
    await app.close();
    await store.dispose();
  });

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = { cookie },
  ) => app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const webhook = {
    name: 'Our site',
    kind: 'webhook',
    events: ['track.changed', 'show.started'],
    settings: { url: 'https://hooks.example.com/onair' },
  };

  it('refuses every route without an admin session (401), and writes from another site (403)', async () => {
    for (const [method, url] of [
      ['GET', '/api/integrations'],
      ['POST', '/api/integrations'],
      ['PATCH', '/api/integrations/int_x'],
      ['DELETE', '/api/integrations/int_x'],
      ['POST', '/api/integrations/int_x/test'],
      ['GET', '/api/integrations/int_x/deliveries'],
    ] as const) {
      const response = await call(
        method,
        url,
        method === 'GET' || method === 'DELETE' ? undefined : webhook,
        {},
      );
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toEqual({
        error: 'Sign in as the admin to manage integrations.',
        code: 'sign_in_required',
      });
    }
    const crossSite = await call('POST', '/api/integrations', webhook, {
      cookie,
      origin: 'https://evil.example',
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toMatchObject({ code: 'cross_site' });
    expect((await call('GET', '/api/integrations')).json()).toEqual({ integrations: [] });
  });

  it('creates a webhook, shows its whsec_ secret once, then only a mask', async () => {
    const created = await call('POST', '/api/integrations', webhook);
    expect(created.statusCode).toBe(201);
    const body = created.json<{ id: string; secret: string; settings: { secret: string } }>();
    expect(body).toMatchObject({
      name: 'Our site',
      kind: 'webhook',
      events: ['track.changed', 'show.started'],
      enabled: true,
      pausedReason: null,
    });
    expect(body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(body.settings).toEqual({
      url: 'https://hooks.example.com/onair',
      secret: `••••${body.secret.slice(-4)}`,
    });
    const listed = (await call('GET', '/api/integrations')).body;
    expect(listed).not.toContain(body.secret);
    expect(listed).toContain(body.id);
  });

  it('keeps tokens server-side: answered masked, kept when a PATCH sends the mask back or leaves them out', async () => {
    const token = 'mastodon-token-0123456789abcdef';
    const created = await call('POST', '/api/integrations', {
      name: 'Mastodon',
      kind: 'mastodon',
      events: ['show.started'],
      settings: { instanceUrl: 'https://mastodon.example', accessToken: token, visibility: 'unlisted' },
    });
    expect(created.statusCode).toBe(201);
    const { id, settings } = created.json<{ id: string; settings: Record<string, string> }>();
    expect(created.body).not.toContain(token);
    expect(settings.accessToken).toBe('••••cdef');
    const patched = await call('PATCH', `/api/integrations/${id}`, {
      name: 'Mastodon (ours)',
      settings: { accessToken: '••••cdef', visibility: 'public' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      name: 'Mastodon (ours)',
      settings: { accessToken: '••••cdef', visibility: 'public' },
    });
    const row = await store.db
      .selectFrom('integration')
      .select('secrets')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.secrets)).toEqual({ accessToken: token });
    await call('PATCH', `/api/integrations/${id}`, { settings: { accessToken: 'a-new-token-123456' } });
    const after = await store.db
      .selectFrom('integration')
      .select('secrets')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(after.secrets)).toEqual({ accessToken: 'a-new-token-123456' });
  });

  it.each([
    [{ ...webhook, name: '' }, 'Invalid integration: name'],
    [{ ...webhook, kind: 'myspace' }, 'Invalid integration: kind'],
    [{ ...webhook, events: [] }, 'Invalid integration: events'],
    [
      { ...webhook, events: ['track.changed', 'track.changed'] },
      'Invalid integration: events must not name an event twice.',
    ],
    [{ ...webhook, events: ['song.played'] }, 'Invalid integration: events.0'],
    [
      { ...webhook, settings: { url: 'not a url' } },
      'Invalid integration: settings.url must be an https:// URL without a user name or password.',
    ],
    [
      { ...webhook, settings: { url: 'https://hooks.example.com', extra: 1 } },
      'Invalid integration: settings',
    ],
    [{ ...webhook, admin: true }, 'Invalid integration: '],
    [
      { name: 'T', kind: 'telegram', events: ['show.started'], settings: { chatId: '1' } },
      'Invalid integration: settings.botToken',
    ],
    [
      {
        name: 'T',
        kind: 'tunein',
        events: ['show.started'],
        settings: { partnerId: 'p', partnerKey: 'k', stationId: 's' },
      },
      'Invalid integration: events must be ["track.changed"] for TuneIn',
    ],
    [
      {
        name: 'M',
        kind: 'mastodon',
        events: ['show.started'],
        settings: {
          instanceUrl: 'https://m.example',
          accessToken: 'x',
          templates: { 'show.started': 'x'.repeat(501) },
        },
      },
      'Invalid integration: settings.templates.show.started',
    ],
  ])('refuses %j with 400 naming the field, storing nothing', async (payload, error) => {
    const response = await call('POST', '/api/integrations', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string; code: string }>().code).toBe('integration_invalid');
    expect(response.json<{ error: string }>().error.startsWith(error)).toBe(true);
    expect(await store.db.selectFrom('integration').selectAll().execute()).toEqual([]);
  });

  it.each([
    [
      'http://hooks.example.com/x',
      'Refused: settings.url must be an https:// URL (plain http only for hosts in WEBHOOK_ALLOW_PRIVATE_HOSTS).',
    ],
    [
      'https://127.0.0.1/x',
      'Refused: settings.url names a private address (127.0.0.1) that this server may not reach.',
    ],
    [
      'https://[::1]/x',
      'Refused: settings.url names a private address (::1) that this server may not reach.',
    ],
    [
      'https://169.254.169.254/latest/meta-data/',
      'Refused: settings.url names a private address (169.254.169.254) that this server may not reach.',
    ],
  ])('refuses the URL %s', async (url, error) => {
    const response = await call('POST', '/api/integrations', { ...webhook, settings: { url } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error, code: 'integration_url_refused' });
  });

  it('allows plain http to a host the operator listed', async () => {
    expect(
      (
        await call('POST', '/api/integrations', {
          ...webhook,
          settings: { url: 'http://hooks.internal:8065/hooks/x' },
        })
      ).statusCode,
    ).toBe(201);
  });

  it('refuses a body over 16 KB with 413', async () => {
    const response = await call('POST', '/api/integrations', { ...webhook, name: 'x'.repeat(20_000) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'too_large' });
  });

  it('deletes an integration; an unknown one is 404', async () => {
    const { id } = (await call('POST', '/api/integrations', webhook)).json<{ id: string }>();
    expect((await call('DELETE', `/api/integrations/${id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/integrations/${id}`)).json()).toEqual({
      error: 'There is no such integration.',
      code: 'integration_missing',
    });
    expect((await call('PATCH', `/api/integrations/${id}`, { name: 'x' })).statusCode).toBe(404);
    expect((await call('GET', `/api/integrations/${id}/deliveries`)).statusCode).toBe(404);
  });
});
