import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../e2e/fixtures/server.ts';
import { rawBody, rawExchange } from './support/http.ts';
import { useTarget } from './support/target.ts';

/**
 * The built web app copied next to planted secrets: dot files inside the served folder, a file
 * beside it. Each holds a marker, so "never served" is checked on content, not only on status.
 */
const MARKER = `attack-marker-${process.pid}`;
const root = mkdtempSync(join(tmpdir(), 'onair-attack-static-'));
const webDist = join(root, 'web');
cpSync(join(REPO_ROOT, 'apps/web/dist'), webDist, { recursive: true });
const DOT_PATHS = [
  '/.vite/manifest.json',
  '/.env',
  '/.git/config',
  '/.anything',
  '/assets/.hidden',
  '/images/.DS_Store',
];
for (const path of DOT_PATHS) plant(join(webDist, path));
plant(join(webDist, 'visible.txt'));
plant(join(root, 'outside.txt'));

function plant(file: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${MARKER} ${file}\n`);
}

const TRAVERSALS = [
  '/..%2foutside.txt',
  '/..%2f..%2f..%2f..%2f..%2f..%2fetc%2fpasswd',
  '/..%2f..%2fetc/passwd',
  '/assets/..%2f..%2foutside.txt',
  '/assets/..%2f..%2fpackage.json',
  '/%2e%2e/outside.txt',
  '/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '/assets/%2e%2e/%2e%2e/outside.txt',
  '/..%5coutside.txt',
  '/%252e%252e%252foutside.txt',
  '/..%c0%afoutside.txt',
  '/assets/....//....//outside.txt',
  '/../outside.txt',
  '/assets/../../outside.txt',
  '/%00/../outside.txt',
];

/** What a leak would look like: a planted marker, /etc/passwd, or the repository's package.json. */
function leaks(body: string): boolean {
  return body.includes(MARKER) || /root:.*:0:0:/.test(body) || body.includes('"workspaces"');
}

describe('static files', () => {
  const target = useTarget({ WEB_DIST: webDist });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('serves the planted folder (so the refusals below are real)', async () => {
    const response = await fetch(`${target().url}/visible.txt`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(MARKER);
  });

  for (const accept of ['*/*', 'text/html']) {
    it.each(DOT_PATHS)(`answers 404 without the file for %s (Accept: ${accept})`, async (path) => {
      const response = await fetch(`${target().url}${path}`, { headers: { accept } });
      const body = await response.text();
      expect(response.status).toBe(404);
      expect(body).not.toContain(MARKER);
    });
  }

  it.each(TRAVERSALS)('never hands out a file outside the web app for %s', async (path) => {
    for (const accept of ['*/*', 'text/html']) {
      const { received } = await rawExchange(
        target(),
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: ${accept}\r\nConnection: close\r\n\r\n`,
        5_000,
      );
      expect(received.toString('latin1')).toMatch(/^HTTP\/1\.1 \d{3} /);
      expect(leaks(rawBody(received))).toBe(false);
    }
  });
});
