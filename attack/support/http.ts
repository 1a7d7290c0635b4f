import { connect, type Socket } from 'node:net';
import { ADMIN, type Target } from './target.ts';

export interface SignInOptions {
  password?: string;
  /** Sent as X-Forwarded-For: forged when nobody is a trusted proxy, believed when the peer is. */
  forwardedFor?: string;
  forwardedProto?: string;
  cookie?: string;
  origin?: string;
}

/** POST /api/auth/login as a script would send it (no browser rules apply to an attacker). */
export function signIn(target: Target, options: SignInOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.forwardedFor !== undefined) headers['x-forwarded-for'] = options.forwardedFor;
  if (options.forwardedProto !== undefined) headers['x-forwarded-proto'] = options.forwardedProto;
  if (options.cookie !== undefined) headers.cookie = options.cookie;
  if (options.origin !== undefined) headers.origin = options.origin;
  return fetch(`${target.url}/api/auth/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ username: ADMIN.username, password: options.password ?? ADMIN.password }),
  });
}

/** The Set-Cookie line for `name`, or undefined. */
export function setCookieLine(response: Response, name: string): string | undefined {
  return response.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
}

/** `name=value` from the answer's Set-Cookie, ready for a Cookie header; throws when absent. */
export function cookiePair(response: Response, name: string): string {
  const line = setCookieLine(response, name);
  if (!line)
    throw new Error(
      `no ${name} cookie in ${JSON.stringify(response.headers.getSetCookie())} (status ${response.status})`,
    );
  return line.split(';')[0] ?? '';
}

/** Signs in as the admin and returns the session cookie pair. */
export async function adminSession(target: Target, options: SignInOptions = {}): Promise<string> {
  const response = await signIn(target, options);
  if (response.status !== 200)
    throw new Error(`the admin could not sign in: ${response.status} ${await response.text()}`);
  return cookiePair(response, 'onair_session');
}

export interface StoredSchedule {
  data: Array<{ day: string; shows: Array<Record<string, string>> }>;
  version: number;
}

export async function getSchedule(target: Target): Promise<StoredSchedule> {
  const response = await fetch(`${target.url}/api/schedule`);
  if (!response.ok) throw new Error(`GET /api/schedule answered ${response.status}`);
  return (await response.json()) as StoredSchedule;
}

/** The stored schedule with one field changed: a document the server accepts from the admin. */
export function editedSchedule(current: StoredSchedule, genre: string): StoredSchedule {
  const [first, ...rest] = current.data;
  if (!first?.shows[0]) throw new Error('the seeded schedule has no show on its first day');
  const [show, ...shows] = first.shows;
  return { version: current.version, data: [{ ...first, shows: [{ ...show, genre }, ...shows] }, ...rest] };
}

export function putSchedule(
  target: Target,
  body: string,
  headers: Record<string, string>,
): Promise<Response> {
  return fetch(`${target.url}/api/schedule`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
}

/**
 * A TCP connection that writes its request byte for byte (no URL normalising, no completion of what
 * was left unfinished) and keeps everything the server sends.
 */
export class RawConnection {
  readonly #socket: Socket;
  readonly #chunks: Buffer[] = [];
  #closed = false;

  private constructor(socket: Socket) {
    this.#socket = socket;
    socket.on('data', (chunk: Buffer) => this.#chunks.push(chunk));
    socket.on('close', () => {
      this.#closed = true;
    });
    // A reset is the server cutting the connection, which is an answer too: 'close' follows.
    socket.on('error', () => undefined);
  }

  static open(target: Target, request: string): RawConnection {
    const socket = connect(target.port, '127.0.0.1');
    socket.write(request);
    return new RawConnection(socket);
  }

  get received(): Buffer {
    return Buffer.concat(this.#chunks);
  }

  get receivedBytes(): number {
    return this.#chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  }

  /** True once the server has closed (or reset) the connection. */
  get closed(): boolean {
    return this.#closed;
  }

  /** Resolves when `done()` holds or `waitMs` has passed, whichever comes first. */
  async settle(done: (connection: RawConnection) => boolean, waitMs: number): Promise<void> {
    const deadline = Date.now() + waitMs;
    while (!done(this) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  }

  close(): void {
    this.#socket.destroy();
  }
}

/** Sends `request` and returns what came back by the time the server closed or `waitMs` passed. */
export async function rawExchange(
  target: Target,
  request: string,
  waitMs: number,
): Promise<{ received: Buffer; closed: boolean }> {
  const connection = RawConnection.open(target, request);
  await connection.settle((it) => it.closed, waitMs);
  const answer = { received: connection.received, closed: connection.closed };
  connection.close();
  return answer;
}

/** The body of a raw HTTP/1.1 answer (after the blank line), as text. */
export function rawBody(received: Buffer): string {
  const text = received.toString('latin1');
  const start = text.indexOf('\r\n\r\n');
  return start === -1 ? '' : text.slice(start + 4);
}

/** Runs `task` for each item with at most `width` in flight, keeping the results in order. */
export async function inParallel<T, R>(
  items: readonly T[],
  width: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return results;
}
