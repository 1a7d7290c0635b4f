import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hashToken } from '../auth/sessions.ts';

export const CHATTER_COOKIE = 'onair_chatter';
/** A browser stays the same chatter for a year after it last picked a name. */
export const CHATTER_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
const CHATTER_COOKIE_PATH = '/api/chat';
const TOKEN_BYTES = 32;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Who a chatter is, across names and sign-outs: a random token in a long-lived HttpOnly cookie,
 * known to the store only by its hash (the chatter key of their messages, reactions and mutes).
 * Signing out ends the chat session and frees the name but keeps this cookie, so a mute stays with
 * the person and never passes to whoever takes the name next. Clearing cookies makes a new person,
 * which the per-address limit on new chat names keeps slow (SECURITY.md).
 */
export class ChatterCookies {
  /** The chatter key of a well-formed cookie sent with this request, or null. */
  current(request: FastifyRequest): string | null {
    const token = request.cookies[CHATTER_COOKIE];
    return token !== undefined && TOKEN_SHAPE.test(token) ? hashToken(token) : null;
  }

  /** Gives this browser a new chatter cookie; its chatter key. */
  issue(request: FastifyRequest, reply: FastifyReply): string {
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    reply.setCookie(CHATTER_COOKIE, token, {
      path: CHATTER_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: request.protocol === 'https',
      maxAge: CHATTER_COOKIE_MAX_AGE_S,
    });
    return hashToken(token);
  }
}
