import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientKey } from '../client-key.ts';
import { KeyedLimit } from '../rate-limits.ts';

/** Failed sign-ins allowed per client address within one window (then 429 until the window ends). */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 60_000;
/**
 * Failed sign-ins allowed from all addresses together (a botnet, or addresses a proxy misreports):
 * the 51st within 15 minutes is refused, except from a browser holding a device cookie.
 */
export const ACCOUNT_MAX_FAILURES = 50;
export const ACCOUNT_WINDOW_MS = 15 * 60_000;
/** A device cookie that keeps failing (stolen, or a guesser's) stops exempting its holder. */
export const DEVICE_MAX_FAILURES = 10;

/** Who is trying to sign in: the real client address, and the device cookie's id if a valid one came along. */
export interface SignInAttempt {
  ip: string;
  device: string | null;
}

/**
 * Budgets for failed sign-ins, counted by @fastify/rate-limit (in Redis when several instances
 * run, so a guesser gains nothing by spreading over them):
 *
 * - per address (5 a minute), device cookie or not: a stolen cookie is no faster oracle;
 * - for the account (50 in 15 minutes from everyone): what a botnet gets, and then it stops;
 * - a browser that signed in before (valid device cookie, fewer than 10 failures of its own in
 *   15 minutes) is exempt from the account budget, so a flood cannot lock the admin out (OWASP's
 *   device-cookie pattern).
 */
export class LoginLimiter {
  readonly #perAddress: KeyedLimit;
  readonly #perDevice: KeyedLimit;
  readonly #account: KeyedLimit;

  constructor(app: FastifyInstance) {
    this.#perAddress = new KeyedLimit(app, 'login-address', LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS);
    this.#perDevice = new KeyedLimit(app, 'login-device', DEVICE_MAX_FAILURES, ACCOUNT_WINDOW_MS);
    this.#account = new KeyedLimit(app, 'login-account', ACCOUNT_MAX_FAILURES, ACCOUNT_WINDOW_MS);
  }

  /** Milliseconds until this attempt may be made; 0 when it may be made now. */
  async retryAfterMs(request: FastifyRequest, { ip, device }: SignInAttempt): Promise<number> {
    const perAddress = await this.#perAddress.waitMs(request, clientKey(ip));
    if (perAddress > 0) return perAddress;
    if (device !== null && (await this.#perDevice.waitMs(request, device)) === 0) return 0;
    return this.#account.waitMs(request, 'admin');
  }

  async recordFailure(request: FastifyRequest, { ip, device }: SignInAttempt): Promise<void> {
    await Promise.all([
      this.#perAddress.take(request, clientKey(ip)),
      this.#account.take(request, 'admin'),
      ...(device !== null ? [this.#perDevice.take(request, device)] : []),
    ]);
  }
}
