import { promises as dns, type LookupAddress } from 'node:dns';
import type { ClientRequest, IncomingMessage } from 'node:http';
import { request as httpRequest } from 'node:http';
import { type Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction, type Socket } from 'node:net';
import type { SecureContext } from 'node:tls';
import { isListedHost } from './host-list.ts';
import { isMetadataAddress, isPublicAddress } from './public-address.ts';

/**
 * The one way the server reaches the internet on behalf of a setting someone typed (a push
 * endpoint, a webhook URL, a Mastodon instance): https only, public addresses only (every address
 * the host resolves to, and the one the socket connected to), no redirects followed, bounded in
 * time and in how much of the answer is read.
 */

export interface OutboundRequest {
  url: URL;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: Buffer;
}

export interface OutboundResponse {
  status: number;
  headers: IncomingMessage['headers'];
  /** At most the policy's maxAnswerBytes of the body; the rest is never read. */
  body: Buffer;
}

/** Resolves a host name to all of its addresses. */
export type ResolveAll = (hostname: string) => Promise<LookupAddress[]>;

export interface OutboundPolicy {
  /** What is being sent, for the refusal messages: 'a push', 'a delivery'. */
  what: string;
  /**
   * Hosts an operator lets the server reach at a private address or over plain http (an
   * on-premises Mattermost). Cloud metadata addresses stay refused for them too.
   */
  privateHosts: readonly string[];
  /** Only the https default port (push services all use 443). */
  defaultPortOnly: boolean;
  connectTimeoutMs: number;
  totalTimeoutMs: number;
  maxAnswerBytes: number;
  resolve?: ResolveAll;
  /**
   * The TLS settings, built once with `tls.createSecureContext` (given `ca`, it trusts those
   * certificates instead of the system's: tests' self-signed receivers), rather than anew for each
   * connection: with a `ca`, that cost more than the rest of the handshake. Without it, the system's.
   */
  secureContext?: SecureContext;
  /**
   * A keep-alive agent to reuse https connections per host (no TLS handshake per request). Only
   * for one policy's requests: a pooled socket was checked under this policy's rules when it
   * connected, and is checked again each time it is handed out. Without it, a connection per request.
   */
  agent?: HttpsAgent;
}

/** The destination was refused (not https, not public, metadata): sending again cannot help. */
export class OutboundAddressError extends Error {
  override readonly name = 'OutboundAddressError';
}

const resolveWithDns: ResolveAll = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

function refusedAddress(address: string, privateAllowed: boolean): boolean {
  return isMetadataAddress(address) || (!privateAllowed && !isPublicAddress(address));
}

/**
 * Destroys `outgoing` as soon as its socket connects to a refused address: the last word on where
 * a request goes, whatever DNS said. Over HTTPS this is before the TLS handshake, so nothing of the
 * request has been sent.
 */
export function refuseNonPublicPeer(outgoing: ClientRequest, what: string, privateAllowed = false): void {
  outgoing.on('socket', (socket: Socket) => {
    const check = () => {
      const connected = socket.remoteAddress ?? '';
      if (refusedAddress(connected, privateAllowed)) {
        outgoing.destroy(
          new OutboundAddressError(`Refusing to send ${what} over a connection to ${connected}.`),
        );
      }
    };
    // A kept-alive socket from the pool is connected already: checked again before it is used.
    if (socket.connecting) socket.once('connect', check);
    else check();
  });
}

/**
 * Sends one request under `policy`. Resolves with the status, headers and the first bytes of the
 * answer (a 3xx is returned as it is, never followed); rejects with OutboundAddressError for a
 * refused destination, or an Error for time-outs and network failures.
 */
export function guardedRequest(outbound: OutboundRequest, policy: OutboundPolicy): Promise<OutboundResponse> {
  const { url, method, headers, body } = outbound;
  const { what } = policy;
  const privateAllowed = isListedHost(url.hostname, policy.privateHosts);
  const resolve = policy.resolve ?? resolveWithDns;
  const lookup: LookupFunction = (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const refused = addresses.find((entry) => refusedAddress(entry.address, privateAllowed));
        if (addresses.length === 0 || refused) {
          const error = new OutboundAddressError(
            `Refusing to send ${what} to ${hostname}: it resolves to ${refused ? `the non-public address ${refused.address}` : 'no address'}.`,
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
  return new Promise<OutboundResponse>((resolveResponse, reject) => {
    const secure = url.protocol === 'https:';
    if (!secure && !(url.protocol === 'http:' && privateAllowed)) {
      reject(new OutboundAddressError(`Refusing to send ${what} to ${url.origin}: only https is allowed.`));
      return;
    }
    if (policy.defaultPortOnly && url.port !== '') {
      reject(new OutboundAddressError(`Refusing to send ${what} to ${url.origin}: only https on port 443.`));
      return;
    }
    // An address literal never goes through `lookup`, so it is checked here.
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(literal) !== 0 && refusedAddress(literal, privateAllowed)) {
      reject(new OutboundAddressError(`Refusing to send ${what} to the non-public address ${literal}.`));
      return;
    }
    const send = secure ? httpsRequest : httpRequest;
    const outgoing = send(
      {
        host: literal,
        port: url.port === '' ? (secure ? 443 : 80) : Number(url.port),
        path: `${url.pathname}${url.search}`,
        method,
        headers: body ? { ...headers, 'content-length': String(body.length) } : headers,
        lookup,
        agent: (secure && policy.agent) || false,
        ...(secure && policy.secureContext ? { secureContext: policy.secureContext } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          clearTimeout(total);
          resolveResponse({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).subarray(0, policy.maxAnswerBytes),
          });
        };
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          // Enough read: the rest of a large (or endless) answer is never taken in.
          if (size >= policy.maxAnswerBytes) {
            response.destroy();
            finish();
          }
        });
        response.on('end', finish);
        response.on('error', (error) => {
          clearTimeout(total);
          reject(error);
        });
      },
    );
    const total = setTimeout(() => {
      outgoing.destroy(new Error(`No answer within ${policy.totalTimeoutMs / 1_000} s.`));
    }, policy.totalTimeoutMs);
    outgoing.on('socket', (socket: Socket) => {
      if (!socket.connecting) return; // reused from the keep-alive pool
      const connect = setTimeout(() => {
        outgoing.destroy(new Error(`Could not connect within ${policy.connectTimeoutMs / 1_000} s.`));
      }, policy.connectTimeoutMs);
      socket.once('connect', () => clearTimeout(connect));
      socket.once('close', () => clearTimeout(connect));
    });
    refuseNonPublicPeer(outgoing, what, privateAllowed);
    outgoing.on('error', (error) => {
      clearTimeout(total);
      reject(error);
    });
    outgoing.end(body);
  });
}
