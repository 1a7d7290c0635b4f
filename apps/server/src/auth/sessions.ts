import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionRepo, SessionRole, StoredSession } from '../store/session-repo.ts';

export const SESSION_COOKIE = 'onair_session';
/** An admin signs in for a working day; after that they sign in again. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
const TOKEN_BYTES = 32;

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Which cookie a kind of session travels in, and how long it lives (the admin's by default). */
export interface SessionCookieOptions {
  cookie: string;
  ttlMs: number;
  /** Only requests under this path carry the cookie. */
  path: string;
}

const ADMIN_SESSION_COOKIE: SessionCookieOptions = {
  cookie: SESSION_COOKIE,
  ttlMs: SESSION_TTL_MS,
  path: '/',
};

/**
 * Sessions in the store, reached through an HttpOnly cookie holding a random 32-byte token. The
 * admin's sign-in and the chat each use one, with their own cookie, so chatting never touches the
 * admin session and a chat token in the admin cookie finds a listener session, which grants nothing.
 */
export class SessionService {
  constructor(
    private readonly sessions: SessionRepo,
    private readonly now: () => Date,
    private readonly options: SessionCookieOptions = ADMIN_SESSION_COOKIE,
  ) {}

  /**
   * Starts a new session (always a new token, so a planted cookie is never promoted) and sets the
   * cookie; `chatterKey` names the person of a chat session.
   */
  async start(
    request: FastifyRequest,
    reply: FastifyReply,
    username: string,
    role: SessionRole,
    chatterKey: string | null = null,
  ): Promise<void> {
    const now = this.now();
    await this.end(request, reply);
    await this.sessions.deleteExpired(now);
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    const expiresAt = new Date(now.getTime() + this.options.ttlMs);
    await this.sessions.create(
      hashToken(token),
      { username, role, expiresAt: expiresAt.toISOString(), chatterKey },
      now,
    );
    // Max-Age, not Expires: the browser counts the lifetime on its own clock, so a device whose clock
    // is hours off (or the e2e suite's shifted server clock) neither drops the cookie at once nor keeps it.
    reply.setCookie(this.options.cookie, token, {
      ...this.#cookieOptions(request),
      maxAge: this.options.ttlMs / 1000,
    });
  }

  /** The caller's live session, or null. */
  async current(request: FastifyRequest): Promise<StoredSession | null> {
    const token = request.cookies[this.options.cookie];
    // base64url of 32 bytes is 43 characters; anything else cannot be ours and costs no query.
    if (token === undefined || !/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
    return this.sessions.find(hashToken(token), this.now());
  }

  async end(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = request.cookies[this.options.cookie];
    if (token !== undefined) {
      await this.sessions.delete(hashToken(token));
      reply.clearCookie(this.options.cookie, this.#cookieOptions(request));
    }
  }

  #cookieOptions(request: FastifyRequest) {
    return {
      path: this.options.path,
      httpOnly: true,
      sameSite: 'strict' as const,
      // request.protocol reads X-Forwarded-Proto behind a TLS-terminating proxy (trustProxy).
      secure: request.protocol === 'https',
    };
  }
}
