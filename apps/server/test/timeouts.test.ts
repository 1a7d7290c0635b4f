import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HEADERS_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS, REQUEST_TIMEOUT_MS, buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDb } from '../src/store/db.ts';

/** A raw client: what it has received, and a promise for when the server closed the connection. */
function rawClient(
  port: number,
  firstBytes: string,
): { socket: Socket; received: () => string; bytes: () => number; closed: Promise<number> } {
  const socket = connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  let total = 0;
  socket.on('data', (chunk: Buffer) => {
    total += chunk.length;
    if (chunks.length < 4) chunks.push(chunk);
  });
  socket.write(firstBytes);
  const openedAt = Date.now();
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - openedAt)));
  return { socket, received: () => Buffer.concat(chunks).toString('latin1'), bytes: () => total, closed };
}

describe('request timeouts on a real socket', () => {
  it('has the documented limits', () => {
    expect([HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS]).toEqual([10_000, 15_000]);
    expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000);
  });

  it('cuts headers after 10 s and a body after 15 s, while a live stream keeps playing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'onair-timeouts-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      WEB_DIST: join(dataDir, 'no-build'),
      LOG_LEVEL: 'silent',
    });
    const db = await openDb({ dataDir });
    const app = await buildApp(config, { db });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      expect(app.server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
      expect(app.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
      expect(app.server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);

      const stream = rawClient(port, 'GET /demo/live HTTP/1.1\r\nHost: radio.example\r\n\r\n');
      const slowHeaders = rawClient(port, 'GET /api/health HTTP/1.1\r\nHost: radio.example\r\n');
      const slowBody = rawClient(
        port,
        'POST /api/auth/login HTTP/1.1\r\nHost: radio.example\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"user',
      );
      // Lower bounds only: neither is cut before its limit (a faster machine cannot make these flaky).
      expect(await slowHeaders.closed).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS);
      expect(slowHeaders.received()).toMatch(/^HTTP\/1\.1 408 /);
      expect(await slowBody.closed).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS);
      expect(slowBody.received()).toMatch(/^HTTP\/1\.1 408 /);

      // The stream, answered for longer than either limit, is still open and still sending audio.
      expect(stream.received()).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*content-type: audio\/mpeg/i);
      const before = stream.bytes();
      await new Promise<void>((resolve) => stream.socket.once('data', () => resolve()));
      expect(stream.bytes()).toBeGreaterThan(before);
      stream.socket.destroy();
    } finally {
      await app.close();
      await db.destroy();
    }
  }, 40_000);
});
