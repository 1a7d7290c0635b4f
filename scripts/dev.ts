import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run dev`: the server in watch mode (tsx restarts it when a file it imports changes, the core's
 * included) beside Vite's dev server (hot reload), which forwards /api, /demo and the manifest to it
 * (apps/web/vite.config.ts), so the browser sees one origin as in production. Ctrl-C stops both; if
 * either stops on its own, the other is stopped too, and the exit code is the one that stopped first.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');

const children: ChildProcess[] = [
  spawn(process.execPath, [tsxCli, 'watch', '--clear-screen=false', 'apps/server/src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
  }),
  spawn('npm', ['run', 'dev', '--workspace', '@onair/web'], { cwd: root, stdio: 'inherit' }),
];

let exitCode: number | null = null;
function stopAll(code: number): void {
  exitCode ??= code;
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
}

for (const child of children) {
  child.on('exit', (code, signal) => {
    stopAll(code ?? (signal ? 1 : 0));
    if (children.every((each) => each.exitCode !== null || each.signalCode !== null))
      process.exit(exitCode ?? 0);
  });
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stopAll(0));
