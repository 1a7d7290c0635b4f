import * as z from 'zod/mini';
import {
  createdIntegrationSchema,
  deliveryLogSchema,
  integrationListSchema,
  integrationViewSchema,
  testDeliverySchema,
  type DeliveryAttemptView,
  type IntegrationKind,
  type IntegrationView,
} from '@onair/core';
import { getJson, sendJson } from '../../lib/api-client.ts';

/** What the form sends: a new integration, or the fields of one being edited. */
export interface IntegrationDraft {
  name: string;
  kind: IntegrationKind;
  events: string[];
  settings: Record<string, unknown>;
}

export async function fetchIntegrations(signal: AbortSignal): Promise<IntegrationView[]> {
  return (await getJson('/api/integrations', integrationListSchema, { signal })).integrations;
}

/** Creates one; a webhook's answer carries its signing secret, shown this once. */
export function createIntegration(draft: IntegrationDraft) {
  return sendJson('POST', '/api/integrations', draft, createdIntegrationSchema);
}

export function updateIntegration(
  id: string,
  change: Partial<Pick<IntegrationDraft, 'name' | 'events' | 'settings'>> & { enabled?: boolean },
): Promise<IntegrationView> {
  return sendJson('PATCH', `/api/integrations/${encodeURIComponent(id)}`, change, integrationViewSchema);
}

export async function deleteIntegration(id: string): Promise<void> {
  await sendJson('DELETE', `/api/integrations/${encodeURIComponent(id)}`, undefined, z.null());
}

export function sendTest(id: string) {
  return sendJson('POST', `/api/integrations/${encodeURIComponent(id)}/test`, {}, testDeliverySchema);
}

export async function fetchDeliveries(id: string, signal?: AbortSignal): Promise<DeliveryAttemptView[]> {
  const path = `/api/integrations/${encodeURIComponent(id)}/deliveries`;
  return (await getJson(path, deliveryLogSchema, signal ? { signal } : {})).deliveries;
}
