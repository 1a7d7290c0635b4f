import webpush from 'web-push';
import { PUSH_PAYLOAD_MAX_BYTES, type PushMessage } from '@onair/core';
import type { StoredSubscription, VapidKeyPair } from '../store/push-repo.ts';
import { endpointRefusal } from './push-endpoint.ts';
import { PushAddressError, type PushTransport } from './push-transport.ts';

export interface VapidConfig extends VapidKeyPair {
  /** mailto: or https: contact the push services may use (RFC 8292 `sub`). */
  subject: string;
}

/**
 * What became of one push: delivered; the subscription can never take a push (its keys cannot
 * encrypt one, or the push service answered 400, 403, 404 or 410: forget it); this push refused for
 * good (a redirect, another 4xx, a non-public address); or worth another try (429, 5xx, network).
 */
export type PushOutcome =
  | { result: 'sent' }
  | { result: 'gone'; reason: string }
  | { result: 'refused'; reason: string }
  | { result: 'retry'; reason: string };

/**
 * The push service's answers that condemn the subscription rather than this push (RFC 8030 §7.3,
 * FCM, Mozilla autopush, WNS, Apple): 404/410 it expired or was unsubscribed; 400 it is malformed;
 * 403 it belongs to another VAPID key (the station rotated its keys). Resending cannot help.
 */
const SUBSCRIPTION_GONE_STATUSES: ReadonlySet<number> = new Set([400, 403, 404, 410]);

export interface SendOptions {
  /** Seconds the push service may hold the push for an offline device. */
  ttlSeconds: number;
  /** Replaces an undelivered push with the same topic (a retry never stacks up two). */
  topic: string;
}

/** Encrypts (RFC 8291, aes128gcm), signs (RFC 8292 VAPID) and delivers pushes through `transport`. */
export class PushSender {
  constructor(
    private readonly vapid: VapidConfig,
    private readonly transport: PushTransport,
    private readonly allowedHosts: readonly string[],
  ) {}

  async send(
    subscription: StoredSubscription,
    message: PushMessage,
    options: SendOptions,
  ): Promise<PushOutcome> {
    // Checked again here: the host list may have shrunk since the subscription was stored.
    const refusal = endpointRefusal(subscription.endpoint, this.allowedHosts);
    if (refusal) return { result: 'refused', reason: refusal };
    const payload = Buffer.from(JSON.stringify(message));
    if (payload.length > PUSH_PAYLOAD_MAX_BYTES) {
      return {
        result: 'refused',
        reason: `The push message is ${payload.length} bytes; at most ${PUSH_PAYLOAD_MAX_BYTES} are sent.`,
      };
    }
    let details: webpush.RequestDetails;
    try {
      details = webpush.generateRequestDetails(
        { endpoint: subscription.endpoint, keys: subscription.keys },
        payload,
        {
          vapidDetails: this.vapid,
          contentEncoding: 'aes128gcm',
          TTL: Math.max(0, Math.floor(options.ttlSeconds)),
          urgency: 'high',
          topic: options.topic,
        },
      );
    } catch (error) {
      // The subscription's own keys are at fault (a row stored before keys were checked): no push ever will.
      return {
        result: 'gone',
        reason: `The push could not be encrypted for this subscription: ${(error as Error).message}`,
      };
    }
    const headers = Object.fromEntries(
      Object.entries(details.headers).map(([name, value]) => [name, String(value)]),
    );
    let status: number;
    try {
      ({ status } = await this.transport({
        url: new URL(details.endpoint),
        headers,
        body: details.body ?? Buffer.alloc(0),
      }));
    } catch (error) {
      const reason = (error as Error).message;
      return error instanceof PushAddressError ? { result: 'refused', reason } : { result: 'retry', reason };
    }
    if (status >= 200 && status < 300) return { result: 'sent' };
    if (SUBSCRIPTION_GONE_STATUSES.has(status))
      return { result: 'gone', reason: `The push service answered ${status}.` };
    if (status >= 300 && status < 400) {
      return {
        result: 'refused',
        reason: `The push service answered ${status} (a redirect, which is not followed).`,
      };
    }
    if (status === 429 || status >= 500)
      return { result: 'retry', reason: `The push service answered ${status}.` };
    return { result: 'refused', reason: `The push service refused the push with ${status}.` };
  }
}
