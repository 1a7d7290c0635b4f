import { promises as dns, type LookupAddress } from 'node:dns';
import type { ClientRequest } from 'node:http';
import { request } from 'node:https';
import { isIP, type LookupFunction, type Socket } from 'node:net';
import { isPublicAddress } from './push-endpoint.ts';

/** One encrypted push on its way to a push service. */
export interface PushRequest {
  url: URL;
  headers: Record<string, string>;
  body: Buffer;
}

export interface PushResponse {
  status: number;
}

/**
 * Delivers a push request and answers with the push service's status. Production uses
 * `httpsPushTransport`; tests inject one that reaches a local receiver.
 */
export type PushTransport = (push: PushRequest) => Promise<PushResponse>;

/** Resolves a host name to all of its addresses. */
export type ResolveAll = (hostname: string) => Promise<LookupAddress[]>;

/** A push service answers within seconds; a hung one must not hold the scheduler. */
export const PUSH_REQUEST_TIMEOUT_MS = 10_000;

export class PushAddressError extends Error {
  override readonly name = 'PushAddressError';
}

const resolveWithDns: ResolveAll = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/**
 * Destroys `outgoing` as soon as its socket connects to a non-public address: the last word on
 * where a push goes, whatever DNS said. Over HTTPS this is before the TLS handshake, so nothing of
 * the push has been sent.
 */
export function refuseNonPublicPeer(outgoing: ClientRequest): void {
  outgoing.on('socket', (socket: Socket) => {
    socket.once('connect', () => {
      const connected = socket.remoteAddress ?? '';
      if (!isPublicAddress(connected)) {
        outgoing.destroy(new PushAddressError(`Refusing to send a push over a connection to ${connected}.`));
      }
    });
  });
}

/**
 * The production transport: HTTPS on port 443, no proxy, no redirects (node:https never follows
 * one; the status is returned as it is), and every address the host resolves to must be public —
 * checked in the connection's own DNS lookup and again on the address the socket actually connected
 * to, so a DNS answer that changes between check and use (rebinding) cannot reach an inside address.
 */
export function httpsPushTransport(resolve: ResolveAll = resolveWithDns): PushTransport {
  const lookup: LookupFunction = (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const inside = addresses.find((entry) => !isPublicAddress(entry.address));
        if (addresses.length === 0 || inside) {
          const error = new PushAddressError(
            `Refusing to send a push to ${hostname}: it resolves to ${inside ? `the non-public address ${inside.address}` : 'no address'}.`,
          );
          callback(error, '', 0);
          return;
        }
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]?.address ?? '', addresses[0]?.family ?? 4);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
  return (push) =>
    new Promise<PushResponse>((resolvePush, reject) => {
      if (push.url.protocol !== 'https:' || push.url.port !== '') {
        reject(new PushAddressError(`Refusing to send a push to ${push.url.origin}: only https on port 443.`));
        return;
      }
      // An address literal never goes through `lookup`, so it is checked here.
      const literal = push.url.hostname.replace(/^\[|\]$/g, '');
      if (isIP(literal) !== 0 && !isPublicAddress(literal)) {
        reject(new PushAddressError(`Refusing to send a push to the non-public address ${literal}.`));
        return;
      }
      const outgoing = request(
        {
          host: push.url.hostname,
          port: 443,
          path: `${push.url.pathname}${push.url.search}`,
          method: 'POST',
          headers: push.headers,
          lookup,
          agent: false,
          timeout: PUSH_REQUEST_TIMEOUT_MS,
        },
        (response) => {
          // The body is not needed (a status says it all); it is drained so the socket can close.
          response.resume();
          resolvePush({ status: response.statusCode ?? 0 });
        },
      );
      refuseNonPublicPeer(outgoing);
      outgoing.on('timeout', () => outgoing.destroy(new Error(`The push service did not answer within ${PUSH_REQUEST_TIMEOUT_MS} ms.`)));
      outgoing.on('error', reject);
      outgoing.end(push.body);
    });
}
