import { mkdtempSync, rmSync } from 'node:fs';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { selfSignedCertificate } from './self-signed.ts';

export interface ReceivedRequest {
  method: string;
  /** Path and query string. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The sender's port: which process sent it (e2e tells two server instances apart by it). */
  remotePort: number;
}

export interface Answer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
  /** Never answer (a hung receiver); the socket is destroyed when the receiver closes. */
  hang?: boolean;
}

/**
 * A service at the boundary, for tests: HTTPS on a loopback port with a self-signed certificate
 * made for 127.0.0.1 and localhost (tests hand `ca` to the app, and list the host in
 * WEBHOOK_ALLOW_PRIVATE_HOSTS). Records every request; `answer` decides each reply.
 */
export class IntegrationReceiver {
  readonly received: ReceivedRequest[] = [];
  answer: (request: ReceivedRequest) => Answer = () => ({ status: 200, body: '{}' });
  readonly #hung = new Set<ServerResponse>();

  private constructor(
    private readonly server: ReturnType<typeof createServer>,
    readonly ca: string,
  ) {}

  static async start(): Promise<IntegrationReceiver> {
    const dir = mkdtempSync(join(tmpdir(), 'onair-receiver-'));
    try {
      const { key, cert } = selfSignedCertificate(dir, 'OnAir test receiver', 'IP:127.0.0.1,DNS:localhost');
      const holder: { receiver?: IntegrationReceiver } = {};
      const server = createServer({ key, cert }, (req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          const { receiver } = holder;
          if (!receiver) return;
          const received = {
            method: req.method ?? '',
            url: req.url ?? '',
            headers: req.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            remotePort: req.socket.remotePort ?? 0,
          };
          receiver.received.push(received);
          const answer = receiver.answer(received);
          if (answer.hang) {
            receiver.#hung.add(res);
            return;
          }
          res
            .writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers })
            .end(answer.body ?? '');
        });
      });
      const receiver = new IntegrationReceiver(server, cert.toString('utf8'));
      holder.receiver = receiver;
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', resolve);
      });
      return receiver;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  url(path: string, host = '127.0.0.1'): string {
    return `https://${host}:${this.port}${path}`;
  }

  receivedAt(path: string): ReceivedRequest[] {
    return this.received.filter((request) => request.url.split('?')[0] === path);
  }

  async close(): Promise<void> {
    for (const res of this.#hung) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
