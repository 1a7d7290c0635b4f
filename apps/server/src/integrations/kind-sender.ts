import {
  DEFAULT_TEMPLATES,
  renderTemplate,
  templateValues,
  type IntegrationEvent,
  type IntegrationEventType,
} from '@onair/core';
import type { OutboundRequest, OutboundResponse } from '../outbound/guarded-request.ts';
import type { StoredIntegration } from '../store/integrations-repo.ts';

/** What a sender knows besides the integration and the event. */
export interface SendContext {
  /** The Standard Webhooks `webhook-id`: the delivery's id, the same on every retry. */
  deliveryId: string;
  now: () => Date;
  /** The station's public address (links in posts), or '' when unknown. */
  appLink: string;
  stationName: string;
  /** The station's accent colour as #rrggbb. */
  accentColor: string;
  /** The outbound gate under the integrations' policy. */
  send: (request: OutboundRequest) => Promise<OutboundResponse>;
}

/** One kind's way of delivering an event: builds and sends its request(s), answers the last response. */
export interface KindSender {
  /** The service's name in messages to the admin ("Discord answered 404: …"). */
  label: string;
  deliver: (
    integration: StoredIntegration,
    event: IntegrationEvent,
    context: SendContext,
  ) => Promise<OutboundResponse>;
  /** Statuses meaning the destination is gone for good, each with why: the integration pauses at once. */
  goneStatuses: ReadonlyMap<number, string>;
}

/** The post text for `event`: the integration's template for it, else the default; plain substitution. */
export function postText(integration: StoredIntegration, event: IntegrationEvent, appLink: string): string {
  const templates = (integration.settings.templates ?? {}) as Partial<Record<IntegrationEventType, string>>;
  return renderTemplate(
    templates[event.type] ?? DEFAULT_TEMPLATES[event.type],
    templateValues(event, appLink),
  ).trim();
}

export function jsonRequest(url: URL, body: unknown, headers: Record<string, string> = {}): OutboundRequest {
  return {
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'OnAir-Integrations/1.0', ...headers },
    body: Buffer.from(JSON.stringify(body)),
  };
}

/** `base` (an instance URL, perhaps with a path) joined with an absolute API path. */
export function apiUrl(base: string, path: string): URL {
  return new URL(`${base.replace(/\/+$/, '')}${path}`);
}

/** The one secret `name` of the integration (stored server-side). */
export function secretOf(integration: StoredIntegration, name: string): string {
  return integration.secrets[name] ?? '';
}

export function settingOf(integration: StoredIntegration, name: string, fallback = ''): string {
  const value = integration.settings[name];
  return typeof value === 'string' && value !== '' ? value : fallback;
}
