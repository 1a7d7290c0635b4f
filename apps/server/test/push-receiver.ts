import { createECDH, createHmac, createDecipheriv, createPublicKey, randomBytes, verify } from 'node:crypto';
import {
  createServer,
  request,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { WebPushSubscription } from '@onair/core';
import type { PushTransport } from '../src/push/push-transport.ts';

/**
 * A browser's side of Web Push, for tests: a subscription with a real P-256 key pair and auth
 * secret, and the RFC 8291 decryption a browser performs on what the push service hands it.
 */
export class TestBrowser {
  readonly #ecdh = createECDH('prime256v1');
  readonly #auth = randomBytes(16);
  readonly subscription: WebPushSubscription;

  constructor(endpoint: string) {
    this.#ecdh.generateKeys();
    this.subscription = {
      endpoint,
      expirationTime: null,
      keys: {
        p256dh: this.#ecdh.getPublicKey().toString('base64url'),
        auth: this.#auth.toString('base64url'),
      },
    };
  }

  /** RFC 8291 §3.4 + RFC 8188: the aes128gcm body decrypted with this browser's private key. */
  decrypt(body: Buffer): string {
    const salt = body.subarray(0, 16);
    const recordSize = body.readUInt32BE(16);
    const keyIdLength = body.readUInt8(20);
    const senderPublic = body.subarray(21, 21 + keyIdLength);
    const ciphertext = body.subarray(21 + keyIdLength);
    if (keyIdLength !== 65 || ciphertext.length > recordSize)
      throw new Error('not a single aes128gcm record');
    const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();
    const ecdhSecret = this.#ecdh.computeSecret(senderPublic);
    const keyInfo = Buffer.concat([
      Buffer.from('WebPush: info\0'),
      this.#ecdh.getPublicKey(),
      senderPublic,
      Buffer.of(1),
    ]);
    const ikm = hmac(hmac(this.#auth, ecdhSecret), keyInfo);
    const prk = hmac(salt, ikm);
    const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
    const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
    const padded = Buffer.concat([
      decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
      decipher.final(),
    ]);
    // The last record ends with the delimiter 0x02, then zero padding.
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end -= 1;
    if (padded[end] !== 2) throw new Error('missing the last-record delimiter');
    return padded.subarray(0, end).toString('utf8');
  }
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/**
 * RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`; the JWT is ES256-signed by the key `k`,
 * which must be `expectedKey`. Throws unless the signature verifies; answers the claims.
 */
export function verifyVapid(authorization: string | undefined, expectedKey: string): VapidClaims {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`not a VAPID Authorization header: ${authorization}`);
  if (match[2] !== expectedKey) throw new Error('the VAPID key is not the server public key');
  const [header = '', claims = '', signature = ''] = match[1].split('.');
  expectJson(header, { typ: 'JWT', alg: 'ES256' });
  const point = Buffer.from(match[2], 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = Buffer.from(`${header}.${claims}`);
  if (!verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))) {
    throw new Error('the VAPID signature does not verify');
  }
  return JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as VapidClaims;
}

function expectJson(part: string, expected: Record<string, string>): void {
  const decoded = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
  for (const [name, value] of Object.entries(expected)) {
    if (decoded[name] !== value)
      throw new Error(`JWT header ${name} is ${String(decoded[name])}, not ${value}`);
  }
}

export interface ReceivedPush {
  /** The endpoint the push was addressed to (as the sender saw it). */
  endpoint: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Where a PushReceiver listens: by default plain HTTP on a free loopback port. */
export interface PushReceiverOptions {
  host?: string;
  port?: number;
  /** Serve HTTPS with this key and certificate, as a real push service does. */
  tls?: { key: Buffer; cert: Buffer };
}

/**
 * A local stand-in for a push service. In-process tests reach it through `transport`, injected in
 * place of the production HTTPS transport; e2e tests start it over TLS on a public address and port
 * 443 (e2e/fixtures/push-service.ts), where a real server process reaches it through production's
 * own transport. `answer` picks the status.
 */
export class PushReceiver {
  readonly received: ReceivedPush[] = [];
  answer: (push: ReceivedPush) => { status: number; headers?: Record<string, string> } = () => ({
    status: 201,
  });
  readonly #server: Server;

  private constructor(server: Server) {
    this.#server = server;
  }

  static async start(options: PushReceiverOptions = {}): Promise<PushReceiver> {
    const receive = (req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        // Through `transport` a header names the endpoint; a real sender addresses the endpoint itself.
        const named = req.headers['x-test-endpoint'];
        const endpoint =
          typeof named === 'string' ? named : `https://${req.headers.host ?? ''}${req.url ?? ''}`;
        const push = { endpoint, headers: req.headers, body: Buffer.concat(chunks) };
        receiver.received.push(push);
        const { status, headers = {} } = receiver.answer(push);
        res.writeHead(status, headers).end();
      });
    };
    const receiver: PushReceiver = new PushReceiver(
      options.tls ? createHttpsServer(options.tls, receive) : createServer(receive),
    );
    await new Promise<void>((resolve, reject) => {
      receiver.#server.once('error', reject);
      receiver.#server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve);
    });
    return receiver;
  }

  get port(): number {
    return (this.#server.address() as AddressInfo).port;
  }

  /** Delivers to this receiver whatever endpoint the push names; redirects are answered, never followed. */
  readonly transport: PushTransport = (push) =>
    new Promise((resolve, reject) => {
      const outgoing = request(
        {
          host: '127.0.0.1',
          port: this.port,
          path: push.url.pathname,
          method: 'POST',
          headers: { ...push.headers, 'x-test-endpoint': push.url.href },
        },
        (response) => {
          response.resume();
          resolve({ status: response.statusCode ?? 0 });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(push.body);
    });

  receivedFor(endpoint: string): ReceivedPush[] {
    return this.received.filter((push) => push.endpoint === endpoint);
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}
