import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import WebSocket from 'ws';
import { chatFrameSchema, type ChatFrame } from '@onair/core';

/** The `onair_chat=…` pair from a chat session answer, ready for a Cookie header. */
export function chatCookie(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const line = (Array.isArray(header) ? header : [header ?? '']).find((value) =>
    value.startsWith('onair_chat='),
  );
  if (!line)
    throw new Error(`no chat cookie in ${JSON.stringify(header)} (${response.statusCode} ${response.body})`);
  return line.split(';')[0] ?? '';
}

/** Starts a chat session as `name` from `ip` and returns its cookie. */
export async function joinChat(
  app: FastifyInstance,
  name: string,
  ip = '10.1.0.1',
  cookie?: string,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/chat/session',
    payload: { name },
    remoteAddress: ip,
    ...(cookie ? { headers: { cookie } } : {}),
  });
  return chatCookie(response);
}

/** POST /api/chat/messages with `cookie`; a fresh client id unless one is given. */
export function postMessage(
  app: FastifyInstance,
  cookie: string,
  body: { text: string; id?: string; replyTo?: string },
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/chat/messages',
    headers: { cookie },
    payload: { id: randomUUID(), ...body },
  });
}

/** A realtime socket that keeps every chat frame it gets; `until` waits for a condition on them. */
export class ChatListener {
  readonly frames: ChatFrame[] = [];
  readonly #wakers = new Set<() => void>();

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (raw) => {
      const frame = JSON.parse(raw.toString()) as { topic: string };
      if (frame.topic === 'chat') this.frames.push(chatFrameSchema.parse(frame));
      for (const wake of this.#wakers) wake();
    });
  }

  static async open(
    url: string,
    versions?: { chat?: number; schedule?: number },
    topics = ['chat'],
  ): Promise<ChatListener> {
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const listener = new ChatListener(socket);
    socket.send(JSON.stringify({ type: 'subscribe', topics, ...(versions ? { versions } : {}) }));
    return listener;
  }

  /** Waits until `done(frames)` holds (polling on each frame), failing after `timeoutMs`. */
  async until(done: (frames: ChatFrame[]) => boolean, timeoutMs = 10_000): Promise<ChatFrame[]> {
    const deadline = Date.now() + timeoutMs;
    while (!done(this.frames)) {
      if (Date.now() > deadline)
        throw new Error(
          `chat frames so far: ${JSON.stringify(this.frames.map((f) => [f.version, f.data.type]))}`,
        );
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.#wakers.delete(wake);
          resolve();
        };
        this.#wakers.add(wake);
        setTimeout(wake, 100);
      });
    }
    return this.frames;
  }

  close(): void {
    this.socket.close();
  }
}
