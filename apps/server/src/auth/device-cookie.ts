import { createHmac, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const DEVICE_COOKIE = 'onair_device';
/** The browser stays known for a year after its last successful sign-in. */
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
const DEVICE_COOKIE_PATH = '/api/auth';
const ID_BYTES = 16;
/** `v1.<id>.<mac>`: base64url of 16 random bytes, then of the HMAC-SHA256 over the id. */
const COOKIE_SHAPE = /^v1\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/**
 * OWASP's device cookie: a browser that has signed in here before carries proof of it, which keeps it
 * out of the account-wide lockout (it never grants admin by itself). The key comes from the admin's
 * password, so no new secret is needed and changing the password revokes every device cookie. It is
 * derived with scrypt rather than a plain HMAC of the password so that a leaked cookie is no fast
 * offline oracle for guessing the password; the cost is paid once, at start-up.
 */
export class DeviceCookies {
  readonly #key: Buffer;

  constructor(admin: { username: string; password: string }) {
    this.#key = scryptSync(admin.password, `onair device cookie v1:${admin.username}`, 32);
  }

  /** Marks this browser as one the admin signed in from. */
  issue(request: FastifyRequest, reply: FastifyReply): void {
    const id = randomBytes(ID_BYTES).toString('base64url');
    reply.setCookie(DEVICE_COOKIE, `v1.${id}.${this.#mac(id)}`, {
      path: DEVICE_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: request.protocol === 'https',
      maxAge: DEVICE_COOKIE_MAX_AGE_S,
    });
  }

  /** The id of a genuine device cookie sent with this request, or null. */
  verify(request: FastifyRequest): string | null {
    const match = COOKIE_SHAPE.exec(request.cookies[DEVICE_COOKIE] ?? '');
    const [, id, mac] = match ?? [];
    if (id === undefined || mac === undefined) return null;
    // Compared as text: base64url has spare bits, so decoding first would accept other spellings.
    return timingSafeEqual(Buffer.from(mac), Buffer.from(this.#mac(id))) ? id : null;
  }

  #mac(id: string): string {
    return createHmac('sha256', this.#key).update(id, 'utf8').digest('base64url');
  }
}
