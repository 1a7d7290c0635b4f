import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitFor } from '../fixtures/ports.ts';
import { ManagedProcess } from '../fixtures/processes.ts';
import { REPO_ROOT } from '../fixtures/server.ts';

/**
 * One deployment of the built app on a port chosen by the test, so a second build can be served
 * on the same origin after the first stops (ServerFixture always picks a fresh port).
 */
export class Deployment {
  private constructor(
    readonly port: number,
    readonly webDist: string,
    readonly dataDir: string,
    readonly process: ManagedProcess,
  ) {}

  static async start(port: number, webDist: string, dataDir: string): Promise<Deployment> {
    const child = new ManagedProcess(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST: webDist,
        LOG_LEVEL: 'warn',
      },
    });
    const deployment = new Deployment(port, webDist, dataDir, child);
    await waitFor(
      `the deployment on port ${port}`,
      async () => {
        if (!child.running) throw new Error(`the server exited:\n${child.output}`);
        return (await fetch(`${deployment.url}/api/health`)).ok;
      },
      30_000,
    );
    return deployment;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    await this.process.stop();
  }
}

/** A private copy of the built app, so a rebuild by someone else cannot change it mid-test. */
export function copyBuiltApp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'onair-dist-'));
  cpSync(join(REPO_ROOT, 'apps/web/dist'), dir, { recursive: true });
  return dir;
}

/**
 * "The next release": a copy of `dist` whose index.html carries a build marker, with the service
 * worker's precache revision for index.html updated the way a real build would (an MD5 of the file).
 */
export function nextRelease(dist: string, marker: string): string {
  const next = mkdtempSync(join(tmpdir(), 'onair-dist-next-'));
  cpSync(dist, next, { recursive: true });
  const indexPath = join(next, 'index.html');
  const html = readFileSync(indexPath, 'utf8').replace(
    '</head>',
    `  <meta name="onair-build" content="${marker}" />\n  </head>`,
  );
  writeFileSync(indexPath, html);
  const revision = createHash('md5').update(html).digest('hex');
  const swPath = join(next, 'sw.js');
  const sw = readFileSync(swPath, 'utf8');
  // injectManifest writes the precache list into sw.js as JSON: {"revision":"…","url":"index.html"}.
  const updated = sw.replace(/(\{"revision":")[0-9a-f]+(","url":"index\.html"\})/, `$1${revision}$2`);
  if (updated === sw) throw new Error('sw.js has no precache entry for index.html');
  writeFileSync(swPath, updated);
  return next;
}

export function removeDir(dir: string | undefined): void {
  if (dir) rmSync(dir, { recursive: true, force: true });
}
