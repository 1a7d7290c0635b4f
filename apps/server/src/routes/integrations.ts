import { isIP } from 'node:net';
import type { FastifyInstance, FastifyReply, onRequestAsyncHookHandler } from 'fastify';
import * as z from 'zod/mini';
import {
  createIntegrationBody,
  integrationSettingsSchemas,
  INTEGRATIONS_MAX,
  maskSecret,
  patchIntegrationBody,
  SECRET_SETTINGS,
  type DeliveryAttemptView,
  type ErrorBody,
  type IntegrationEventType,
  type IntegrationKind,
  type IntegrationView,
} from '@onair/core';
import { useErrorTexts } from '../http-errors.ts';
import { sampleEvent } from '../integrations/sample-events.ts';
import { newWebhookSecret } from '../integrations/kinds/webhook.ts';
import { isListedHost } from '../outbound/host-list.ts';
import { isMetadataAddress, isPublicAddress } from '../outbound/public-address.ts';
import type { IntegrationsRepo, StoredIntegration } from '../store/integrations-repo.ts';

interface IntegrationRouteOptions {
  repo: IntegrationsRepo;
  requireAdmin: onRequestAsyncHookHandler;
  now: () => Date;
  allowPrivateHosts: readonly string[];
  appLink: string;
  stationName: string;
  /** Wakes the outbox after a test delivery was queued. */
  onQueued: () => void;
}

/** An integration's settings are a few URLs, tokens and templates: 16 KB is plenty. */
export const INTEGRATION_BODY_LIMIT_BYTES = 16_384;
const SETTINGS_URL_FIELDS = ['url', 'webhookUrl', 'instanceUrl', 'apiUrl', 'service'] as const;
const idParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(40)) });

function refuse(reply: FastifyReply, status: number, body: ErrorBody) {
  return reply.code(status).send(body);
}

/** "Invalid integration: settings.url must be …": the first problem, naming its field. */
function describe(error: z.core.$ZodError, prefix: string[] = []): string {
  const issue = error.issues[0];
  const path = [...prefix, ...(issue?.path ?? []).map(String)].join('.') || 'body';
  return `Invalid integration: ${path} ${issue?.message ?? 'is not valid'}.`;
}

/** Why a URL in the settings may not be reached, naming the field; null when it may. */
function urlRefusal(settings: Record<string, unknown>, allowPrivateHosts: readonly string[]): string | null {
  for (const field of SETTINGS_URL_FIELDS) {
    const value = settings[field];
    if (typeof value !== 'string') continue;
    const url = new URL(value);
    const allowed = isListedHost(url.hostname, allowPrivateHosts);
    if (url.protocol !== 'https:' && !allowed) {
      return `settings.${field} must be an https:// URL (plain http only for hosts in WEBHOOK_ALLOW_PRIVATE_HOSTS).`;
    }
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(literal) !== 0 && (isMetadataAddress(literal) || (!allowed && !isPublicAddress(literal)))) {
      return `settings.${field} names a private address (${literal}) that this server may not reach.`;
    }
  }
  return null;
}

function view(integration: StoredIntegration): IntegrationView {
  const masked = Object.fromEntries(
    Object.entries(integration.secrets)
      .filter(([name]) => name !== 'secret')
      .map(([name, value]) => [name, maskSecret(value)]),
  );
  return {
    id: integration.id,
    name: integration.name,
    kind: integration.kind,
    events: integration.events,
    enabled: integration.enabled,
    settings: {
      ...integration.settings,
      ...masked,
      ...(integration.secrets.secret ? { secret: maskSecret(integration.secrets.secret) } : {}),
    },
    pausedReason: integration.pausedReason,
    createdAt: integration.createdAt,
  };
}

/**
 * Checks `settings` against the kind's schema and splits off its secrets; the answer names the
 * first bad field. `events` must suit the kind (TuneIn takes track changes only).
 */
function checkSettings(
  kind: IntegrationKind,
  events: readonly string[],
  raw: Record<string, unknown>,
  allowPrivateHosts: readonly string[],
):
  | { ok: true; settings: Record<string, unknown>; secrets: Record<string, string> }
  | { ok: false; body: ErrorBody } {
  const parsed = integrationSettingsSchemas[kind].safeParse(raw);
  if (!parsed.success)
    return { ok: false, body: { error: describe(parsed.error, ['settings']), code: 'integration_invalid' } };
  if (kind === 'tunein' && events.some((event) => event !== 'track.changed')) {
    return {
      ok: false,
      body: {
        error:
          'Invalid integration: events must be ["track.changed"] for TuneIn, which shows the song on air.',
        code: 'integration_invalid',
      },
    };
  }
  const data = parsed.data as Record<string, unknown>;
  const refusal = urlRefusal(data, allowPrivateHosts);
  if (refusal) return { ok: false, body: { error: `Refused: ${refusal}`, code: 'integration_url_refused' } };
  const secretNames = SECRET_SETTINGS[kind];
  const settings = Object.fromEntries(Object.entries(data).filter(([name]) => !secretNames.includes(name)));
  const secrets = Object.fromEntries(secretNames.map((name) => [name, String(data[name])]));
  return { ok: true, settings, secrets };
}

/** `/api/integrations`: the admin's signed webhooks and social posts (README "Integrations"). */
export async function integrationRoutes(
  app: FastifyInstance,
  options: IntegrationRouteOptions,
): Promise<void> {
  const { repo, requireAdmin, now, allowPrivateHosts } = options;
  useErrorTexts(app, {
    invalid: { error: 'Invalid integration: the body must be a JSON object.', code: 'integration_invalid' },
    tooLarge: {
      error: `An integration's settings may take at most ${INTEGRATION_BODY_LIMIT_BYTES / 1_024} KB.`,
      code: 'too_large',
    },
    logLine: 'integrations request failed',
  });
  app.addHook('onRequest', requireAdmin);
  const routeOptions = { bodyLimit: INTEGRATION_BODY_LIMIT_BYTES };
  const missing = (reply: FastifyReply) =>
    refuse(reply, 404, { error: 'There is no such integration.', code: 'integration_missing' });

  app.get('/api/integrations', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { integrations: (await repo.list()).map(view) };
  });

  app.post('/api/integrations', routeOptions, async (request, reply) => {
    const body = createIntegrationBody.safeParse(request.body);
    if (!body.success)
      return refuse(reply, 400, { error: describe(body.error), code: 'integration_invalid' });
    const { name, kind, events, enabled = true } = body.data;
    const checked = checkSettings(kind, events, body.data.settings, allowPrivateHosts);
    if (!checked.ok) return refuse(reply, 400, checked.body);
    if ((await repo.count()) >= INTEGRATIONS_MAX) {
      return refuse(reply, 409, {
        error: `A station may have at most ${INTEGRATIONS_MAX} integrations; delete one first.`,
        code: 'integrations_full',
      });
    }
    // The signing secret is made here and shown in this answer only (Standard Webhooks `whsec_`).
    const secret = kind === 'webhook' ? newWebhookSecret() : undefined;
    const created = await repo.create(
      {
        name,
        kind,
        events,
        enabled,
        settings: checked.settings,
        secrets: secret ? { ...checked.secrets, secret } : checked.secrets,
      },
      now(),
    );
    reply.header('cache-control', 'no-store');
    return reply.code(201).send({ ...view(created), ...(secret ? { secret } : {}) });
  });

  app.patch('/api/integrations/:id', routeOptions, async (request, reply) => {
    const params = idParams.safeParse(request.params);
    if (!params.success) return missing(reply);
    const body = patchIntegrationBody.safeParse(request.body);
    if (!body.success)
      return refuse(reply, 400, { error: describe(body.error), code: 'integration_invalid' });
    const stored = await repo.get(params.data.id);
    if (!stored) return missing(reply);
    const events = body.data.events ?? stored.events;
    // A secret sent back as its mask (or left out) keeps the stored value.
    const sent = Object.fromEntries(
      Object.entries(body.data.settings ?? {}).filter(
        ([name, value]) => !(name in stored.secrets && value === maskSecret(stored.secrets[name] ?? '')),
      ),
    );
    const { secret, ...storedSecrets } = stored.secrets;
    const checked = checkSettings(
      stored.kind,
      events,
      { ...stored.settings, ...storedSecrets, ...sent },
      allowPrivateHosts,
    );
    if (!checked.ok) return refuse(reply, 400, checked.body);
    const updated = await repo.update(
      stored.id,
      {
        ...(body.data.name !== undefined ? { name: body.data.name } : {}),
        ...(body.data.enabled !== undefined ? { enabled: body.data.enabled } : {}),
        events,
        settings: checked.settings,
        secrets: secret ? { ...checked.secrets, secret } : checked.secrets,
      },
      now(),
    );
    if (!updated) return missing(reply);
    return view(updated);
  });

  app.delete('/api/integrations/:id', async (request, reply) => {
    const params = idParams.safeParse(request.params);
    if (!params.success || !(await repo.delete(params.data.id))) return missing(reply);
    return reply.code(204).send();
  });

  app.post('/api/integrations/:id/test', async (request, reply) => {
    const params = idParams.safeParse(request.params);
    const stored = params.success ? await repo.get(params.data.id) : null;
    if (!stored) return missing(reply);
    const type = (stored.events[0] ?? 'track.changed') as IntegrationEventType;
    const deliveryId = await repo.enqueue(
      stored.id,
      sampleEvent(type, now(), options.appLink, options.stationName),
      now(),
    );
    options.onQueued();
    return reply.code(202).send({ deliveryId });
  });

  app.get('/api/integrations/:id/deliveries', async (request, reply) => {
    const params = idParams.safeParse(request.params);
    const stored = params.success ? await repo.get(params.data.id) : null;
    if (!stored) return missing(reply);
    reply.header('cache-control', 'no-store');
    const deliveries: DeliveryAttemptView[] = (await repo.attempts(stored.id)).map((row) => ({
      deliveryId: row.delivery_id,
      event: row.event_type,
      at: row.at,
      status: row.status,
      durationMs: row.duration_ms,
      answer: row.answer,
    }));
    return { deliveries };
  });
}
