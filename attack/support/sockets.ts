import WebSocket from 'ws';
import type { Target } from './target.ts';

/** How an upgrade went: opened, or refused with the HTTP status the server answered. */
export type Upgrade = { opened: WebSocket } | { refusedWith: number };

/** Asks for /api/realtime with the given Origin (none when undefined) and headers, as any client may. */
export function upgrade(
  target: Target,
  origin?: string,
  headers: Record<string, string> = {},
): Promise<Upgrade> {
  const socket = new WebSocket(`ws://127.0.0.1:${target.port}/api/realtime`, {
    headers,
    ...(origin === undefined ? {} : { origin }),
  });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ opened: socket }));
    socket.once('unexpected-response', (_request, response) => {
      resolve({ refusedWith: response.statusCode ?? 0 });
      socket.terminate();
    });
    socket.once('error', reject);
  });
}

/** Opens /api/realtime from the server's own origin; throws when the server refuses. */
export async function openRealtime(target: Target): Promise<WebSocket> {
  const result = await upgrade(target, target.url);
  if ('refusedWith' in result) throw new Error(`the realtime socket was refused with ${result.refusedWith}`);
  return result.opened;
}

/**
 * The close code the server ends `socket` with, or null if it is still open after `waitMs`. Call it
 * before whatever provokes the close, so the close cannot slip past it.
 */
export function closeCode(socket: WebSocket, waitMs: number): Promise<number | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), waitMs);
    socket.once('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

/** The next frame the server sends on `socket`, parsed, or null when none arrives within `waitMs`. */
export function nextFrame(
  socket: WebSocket,
  waitMs: number,
): Promise<{ topic: string; version: number } | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), waitMs);
    socket.once('message', (raw: Buffer) => {
      clearTimeout(timer);
      resolve(JSON.parse(raw.toString()) as { topic: string; version: number });
    });
  });
}

export function subscribe(socket: WebSocket): void {
  socket.send(JSON.stringify({ type: 'subscribe', topics: ['schedule'] }));
}
