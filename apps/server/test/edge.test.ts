import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { HSTS_MAX_AGE_S } from '../src/security-headers.ts';
import { ADMIN, ADMIN_ENV } from './auth-helpers.ts';
import { logSink } from './log-sink.ts';
import { STORE_KINDS } from './stores.ts';
import { appsOnFreshStore } from './test-apps.ts';

const SECRET = 'SECRET-BUILD-INTERNALS';

/** A web build with the files an attacker hopes for: Vite's manifest, an .env, a .git folder. */
function webBuildWithDotfiles(): string {
  const dist = mkdtempSync(join(tmpdir(), 'onair-dist-'));
  for (const folder of ['assets', '.vite', '.git']) mkdirSync(join(dist, folder));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>OnAir</title><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(join(dist, 'assets', '.hidden'), SECRET);
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify({ secret: SECRET }));
  writeFileSync(join(dist, '.env'), `ADMIN_PASSWORD=${SECRET}`);
  writeFileSync(join(dist, '.git', 'config'), SECRET);
  return dist;
}

/** One request over a real socket; resolves with the response once its body has ended. */
function fetchRaw(
  port: number,
  method: string,
  path: string,
): Promise<{ response: IncomingMessage; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port, method, path }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ response, body: Buffer.concat(chunks) }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

async function listenersOn(app: FastifyInstance): Promise<number> {
  const status = (await app.inject('/demo/status-json.xsl')).json() as {
    icestats: { source: { listeners: number } };
  };
  return status.icestats.source.listeners;
}

describe.each(STORE_KINDS)('the edge on $kind', ({ open }) => {
  const startApp = appsOnFreshStore(open);
  const start = (env: Record<string, string> = {}, logStream?: ReturnType<typeof logSink>['stream']) =>
    startApp({ ...ADMIN_ENV, WEB_DIST: webBuildWithDotfiles(), ...env }, logStream ? { logStream } : {});

  it('sends HSTS only on requests that came over HTTPS, believing X-Forwarded-Proto from a TRUST_PROXY only', async () => {
    const direct = await start();
    for (const headers of [{}, { 'x-forwarded-proto': 'https' }]) {
      const response = await direct.inject({ url: '/api/health', headers });
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
    const proxied = await start({ TRUST_PROXY: '127.0.0.1' });
    const https = { 'x-forwarded-proto': 'https' };
    for (const request of [
      { url: '/api/health', headers: https },
      { url: '/nope', headers: https },
      { url: '/', headers: { ...https, accept: 'text/html' } },
      { url: '/assets/app-abc123.js', headers: https },
      { url: '/demo/live', method: 'HEAD' as const, headers: https },
    ]) {
      const response = await proxied.inject(request);
      expect(response.headers['strict-transport-security'], request.url).toBe(`max-age=${HSTS_MAX_AGE_S}`);
    }
    expect(HSTS_MAX_AGE_S).toBeGreaterThanOrEqual(180 * 24 * 60 * 60);
    const plain = await proxied.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // The same header from a peer that is not the proxy is not believed.
    const other = await proxied.inject({ url: '/api/health', headers: https, remoteAddress: '198.51.100.7' });
    expect(other.headers['strict-transport-security']).toBeUndefined();

    const subdomains = await start({ TRUST_PROXY: 'loopback', HSTS_INCLUDE_SUBDOMAINS: 'true' });
    const response = await subdomains.inject({ url: '/api/health', headers: https });
    expect(response.headers['strict-transport-security']).toBe(
      `max-age=${HSTS_MAX_AGE_S}; includeSubDomains`,
    );
  });

  it('takes the client address from X-Forwarded-For by hop count, and logs it', async () => {
    const { stream, lines } = logSink();
    const app = await start({ TRUST_PROXY: '2', LOG_LEVEL: 'info' }, stream);
    // Two proxies: the outer one appended the client (203.0.113.9), the inner one the outer proxy.
    await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { ...ADMIN, password: 'wrong' },
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': '198.18.0.1, 203.0.113.9, 10.0.0.1' },
    });
    expect(lines.find((line) => line.msg === 'admin sign-in failed')?.ip).toBe('203.0.113.9');
    expect(lines.find((line) => line.msg === 'incoming request')?.req?.remoteAddress).toBe('203.0.113.9');
  });

  it('accepts only an Origin equal to the full origin (scheme, host, port) the request was made to', async () => {
    const login = (app: FastifyInstance, headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
      app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN, headers, remoteAddress });
    const refused = { error: 'Requests from another site are refused.', code: 'cross_site' };

    const direct = await start({ REALTIME_ALLOWED_ORIGINS: 'https://app.example' });
    const host = { host: 'radio.example' };
    expect((await login(direct, { ...host, origin: 'http://radio.example' })).statusCode).toBe(200);
    for (const origin of [
      'https://radio.example',
      'http://radio.example:8080',
      'http://evil.example',
      'null',
    ]) {
      expect((await login(direct, { ...host, origin })).json(), origin).toEqual(refused);
    }
    expect((await login(direct, { ...host, origin: 'https://app.example' })).statusCode).toBe(200);
    // Forwarded headers from an untrusted peer do not make an https:// page same-origin.
    const forged = { host: 'radio.example', 'x-forwarded-proto': 'https', origin: 'https://radio.example' };
    expect((await login(direct, forged)).json()).toEqual(refused);

    const proxied = await start({ TRUST_PROXY: '127.0.0.1' });
    const viaTls = {
      host: '127.0.0.1:8080',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'radio.example',
    };
    expect((await login(proxied, { ...viaTls, origin: 'https://radio.example' })).statusCode).toBe(200);
    expect((await login(proxied, { ...viaTls, origin: 'https://RADIO.example:443' })).statusCode).toBe(200);
    expect((await login(proxied, { ...viaTls, origin: 'http://radio.example' })).json()).toEqual(refused);
    expect(
      (await login(proxied, { ...viaTls, origin: 'https://radio.example' }, '198.51.100.7')).json(),
    ).toEqual(refused);
  });

  it('refuses a realtime socket from an http:// page of an https:// site', async () => {
    const app = await start({ TRUST_PROXY: '127.0.0.1' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const open = (origin: string) =>
      new Promise<string>((resolve) => {
        const socket = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, {
          headers: { origin, 'x-forwarded-proto': 'https', 'x-forwarded-host': 'radio.example' },
        });
        socket.once('open', () => {
          socket.close();
          resolve('open');
        });
        socket.once('error', (error) => resolve(error.message));
      });
    expect(await open('http://radio.example')).toBe('Unexpected server response: 403');
    expect(await open('https://radio.example')).toBe('open');
  });

  it('never serves a dot path: build internals, .env, .git, any segment starting with a dot', async () => {
    const app = await start();
    const paths = [
      '/.vite/manifest.json',
      '/.env',
      '/.git/config',
      '/.git/',
      '/assets/.hidden',
      '/.anything',
      '/%2Evite/manifest.json',
      '/assets/%2ehidden',
      '/.vite/../.env',
      '/assets/..%2F.env',
    ];
    for (const url of paths) {
      for (const accept of ['text/html', 'application/json', '*/*']) {
        const response = await app.inject({ url, headers: { accept } });
        expect(response.statusCode, `${url} ${accept}`).toBe(404);
        expect(response.json()).toEqual({ error: 'Not found', code: 'not_found' });
        expect(response.body).not.toContain(SECRET);
      }
    }
    expect((await app.inject('/assets/app-abc123.js')).statusCode).toBe(200);
  });

  it('answers HEAD on every mount at once with the stream headers and counts no listener', async () => {
    const app = await start();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    for (const mount of ['/demo/live', '/demo/live-hq']) {
      const heads = await Promise.all(Array.from({ length: 5 }, () => fetchRaw(port, 'HEAD', mount)));
      for (const { response, body } of heads) {
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('audio/mpeg');
        expect(response.headers['icy-br']).toMatch(/^\d+$/);
        expect(body).toHaveLength(0);
      }
    }
    expect(await listenersOn(app)).toBe(0);

    // A GET that has received audio is a listener; it stops counting when it leaves.
    const firstChunk = await new Promise<IncomingMessage>((resolve, reject) => {
      const outgoing = httpRequest({ host: '127.0.0.1', port, path: '/demo/live' }, (response) => {
        response.once('data', () => resolve(response));
      });
      outgoing.on('error', reject);
      outgoing.end();
    });
    expect(await listenersOn(app)).toBe(1);
    const closed = new Promise((resolve) => firstChunk.socket.once('close', resolve));
    firstChunk.destroy();
    await closed;
    // The server sees the close one event-loop turn or so later.
    for (let tries = 0; tries < 50 && (await listenersOn(app)) > 0; tries += 1)
      await new Promise((r) => setTimeout(r, 20));
    expect(await listenersOn(app)).toBe(0);
  });
});
