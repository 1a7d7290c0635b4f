import { createHmac, randomBytes } from 'node:crypto';
import type { KindSender } from '../kind-sender.ts';
import { secretOf, settingOf } from '../kind-sender.ts';

/** Standard Webhooks: the secret is `whsec_` and the base64 of its key bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/** `v1,<base64 HMAC-SHA256 of id.timestamp.body>` under the secret's key (Standard Webhooks §signature). */
export function webhookSignature(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** A JSON POST of `{ type, timestamp, data }`, signed per Standard Webhooks; 410 means unsubscribe. */
export const webhookSender: KindSender = {
  label: 'The receiver',
  goneStatuses: new Map([[410, 'it asked for no more deliveries']]),
  deliver: (integration, event, { deliveryId, now, send }) => {
    const body = JSON.stringify(event);
    const timestamp = Math.floor(now().getTime() / 1_000);
    return send({
      url: new URL(settingOf(integration, 'url')),
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'OnAir-Webhooks/1.0',
        'webhook-id': deliveryId,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': webhookSignature(secretOf(integration, 'secret'), deliveryId, timestamp, body),
      },
      body: Buffer.from(body),
    });
  },
};
