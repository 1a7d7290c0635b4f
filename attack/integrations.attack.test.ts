import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IntegrationReceiver } from '../apps/server/test/integration-receiver.ts';
import { adminSession } from './support/http.ts';
import { ADMIN, useTarget, type Target } from './support/target.ts';

/** Where the stand-in service's self-signed certificate is written for the server to trust (NODE_EXTRA_CA_CERTS). */
const CA_FILE = join(tmpdir(), `onair-attack-integrations-ca-${process.pid}.pem`);

function integrations(
  target: Target,
  method: string,
  path: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${target.url}/api/integrations${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body }),
  });
}

describe('integrations under attack', () => {
  let receiver: IntegrationReceiver;
  beforeAll(async () => {
    receiver = await IntegrationReceiver.start();
    writeFileSync(CA_FILE, receiver.ca);
  });
  afterAll(async () => {
    await receiver.close();
    rmSync(CA_FILE, { force: true });
  });
  const target = useTarget({ WEBHOOK_ALLOW_PRIVATE_HOSTS: '127.0.0.1', NODE_EXTRA_CA_CERTS: CA_FILE });
  const mastodon = (template: string) =>
    JSON.stringify({
      name: 'Mastodon',
      kind: 'mastodon',
      events: ['track.changed'],
      settings: {
        instanceUrl: receiver.url(''),
        accessToken: 'token-for-the-attack-suite',
        templates: { 'track.changed': template },
      },
    });

  it('refuses every integration write and read by a listener, changing nothing', async () => {
    const before = target().storeSnapshot();
    const planted = { cookie: `onair_session=${'A'.repeat(43)}` };
    for (const [method, path, body] of [
      ['GET', '', undefined],
      ['POST', '', mastodon('{title}')],
      ['PATCH', '/int_x', '{"enabled":true}'],
      ['DELETE', '/int_x', undefined],
      ['POST', '/int_x/test', undefined],
      ['GET', '/int_x/deliveries', undefined],
    ] as const) {
      for (const headers of [{}, planted]) {
        const response = await integrations(target(), method, path, body, headers);
        expect({ method, path, status: response.status }).toEqual({ method, path, status: 401 });
        expect(await response.json()).toEqual({
          error: 'Sign in as the admin to manage integrations.',
          code: 'sign_in_required',
        });
      }
    }
    expect(target().storeSnapshot()).toEqual(before);
  });

  it('refuses cross-site writes with the admin cookie, and oversize settings, changing nothing', async () => {
    const cookie = await adminSession(target());
    const before = target().storeSnapshot();
    const crossSite = await integrations(target(), 'POST', '', mastodon('{title}'), {
      cookie,
      origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toEqual({
      error: 'Requests from another site are refused.',
      code: 'cross_site',
    });
    const huge = await integrations(target(), 'POST', '', mastodon('x'.repeat(1_000_000)), { cookie });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ code: 'too_large' });
    const longTemplate = await integrations(target(), 'POST', '', mastodon('x'.repeat(501)), { cookie });
    expect(longTemplate.status).toBe(400);
    expect(await longTemplate.json()).toEqual({
      error:
        'Invalid integration: settings.templates.track.changed Too big: expected string to have <=500 characters.',
      code: 'integration_invalid',
    });
    const metadata = await integrations(
      target(),
      'POST',
      '',
      JSON.stringify({
        name: 'm',
        kind: 'webhook',
        events: ['track.changed'],
        settings: { url: 'https://169.254.169.254/latest/meta-data/' },
      }),
      { cookie },
    );
    expect(metadata.status).toBe(400);
    expect(target().storeSnapshot()).toEqual(before);
  });

  it('treats templates as plain text: nothing in them is evaluated or expanded twice', async () => {
    const cookie = await adminSession(target());
    const template =
      '{title} ${process.env.ADMIN_PASSWORD} {{artist}} {constructor} <script>alert(1)</script> {{7*7}} #{1+1} %{link}';
    const created = await integrations(target(), 'POST', '', mastodon(template), { cookie });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await integrations(target(), 'POST', `/${id}/test`, undefined, { cookie })).status).toBe(202);
    const [post] = await vi.waitFor(
      () => {
        const received = receiver.receivedAt('/api/v1/statuses');
        expect(received).toHaveLength(1);
        return received;
      },
      { timeout: 10_000, interval: 100 },
    );
    const { status } = JSON.parse(post?.body ?? '{}') as { status: string };
    expect(status).toBe(
      'Test track ${process.env.ADMIN_PASSWORD} {From Ireland With Love} {constructor} <script>alert(1)</script> {{7*7}} #{1+1} %https://radio.example',
    );
    expect(post?.body).not.toContain(ADMIN.password);
  });
});
