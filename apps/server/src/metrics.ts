import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import { icecastMountListeners, type ErrorBody } from '@onair/core';

/** proxy-addr's range names, accepted in METRICS_ALLOWED_FROM as in TRUST_PROXY. */
const RANGE_NAMES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** The addresses METRICS_ALLOWED_FROM lists (addresses, CIDRs, range names), as one BlockList. */
export function allowedPeers(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries.flatMap((item) => RANGE_NAMES[item] ?? [item])) {
    const [address = '', prefix] = entry.split('/');
    const type = isIPv6(address) ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

function isAllowed(list: BlockList, address: string): boolean {
  // A dual-stack socket reports IPv4 clients as ::ffff:a.b.c.d.
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)?.[1];
  const plain = mapped ?? address;
  return isIPv4(plain) ? list.check(plain, 'ipv4') : isIPv6(plain) && list.check(plain, 'ipv6');
}

/**
 * What Prometheus scrapes from one instance: Node's own figures (memory, event loop, GC) and the
 * station's — listeners per mount, realtime clients, chat messages, push outcomes, feed errors.
 * Each app has its own registry (tests build many apps in one process).
 */
export class ServerMetrics {
  readonly registry = new Registry();
  readonly #listeners = new Gauge({
    name: 'onair_listeners',
    help: 'Listeners per Icecast mount, from the last status read',
    labelNames: ['mount'],
    registers: [this.registry],
  });
  readonly #chatMessages = new Counter({
    name: 'onair_chat_messages_total',
    help: 'Chat messages posted through this instance',
    registers: [this.registry],
  });
  readonly #pushes = new Counter({
    name: 'onair_push_total',
    help: 'Pushes by final outcome (sent or failed)',
    labelNames: ['outcome'],
    registers: [this.registry],
  });
  readonly #pollErrors = new Counter({
    name: 'onair_now_playing_poll_errors_total',
    help: 'Failed reads of the now-playing feed',
    labelNames: ['kind'],
    registers: [this.registry],
  });

  constructor(realtimeClients: () => number) {
    collectDefaultMetrics({ register: this.registry });
    new Gauge({
      name: 'onair_realtime_clients',
      help: 'Open realtime sockets on this instance',
      registers: [this.registry],
      collect() {
        this.set(realtimeClients());
      },
    });
  }

  recordStatus(status: unknown): void {
    const mounts = icecastMountListeners(status);
    if (mounts.length === 0) return;
    this.#listeners.reset();
    for (const { path, listeners } of mounts) this.#listeners.inc({ mount: path ?? 'unknown' }, listeners);
  }

  chatMessagePosted(): void {
    this.#chatMessages.inc();
  }

  pushOutcome(outcome: 'sent' | 'failed'): void {
    this.#pushes.inc({ outcome });
  }

  pollError(kind: string): void {
    this.#pollErrors.inc({ kind });
  }
}

/** GET /metrics in Prometheus' text format, only to METRICS_ALLOWED_FROM (by the real client address). */
export async function metricsRoutes(
  app: FastifyInstance,
  { metrics, allowedFrom }: { metrics: ServerMetrics; allowedFrom: readonly string[] },
): Promise<void> {
  const peers = allowedPeers(allowedFrom);
  app.get('/metrics', async (request, reply) => {
    // request.ip is the client a TRUST_PROXY proxy forwarded, so a public request through nginx is refused.
    if (!isAllowed(peers, request.ip))
      return reply.code(403).send({
        error: 'Metrics are not served to this address.',
        code: 'metrics_forbidden',
      } satisfies ErrorBody);
    reply.header('cache-control', 'no-store').type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
