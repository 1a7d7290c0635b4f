import type { FastifyInstance } from 'fastify';
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
/** The one account there is: the account budget's key. */
const ADMIN_ACCOUNT_KEY = 'admin';

/** Who is trying to sign in: the real client address, and the device cookie's id if a valid one came along. */
export interface SignInAttempt {
  ip: string;
  device: string | null;
}

/**
 * Budgets for failed sign-ins, counted in Redis when several instances run, so a guesser gains
 * nothing by spreading over them:
 *
 * - per address (5 a minute), device cookie or not: a stolen cookie is no faster oracle;
 * - for the account (50 in 15 minutes from everyone): what a botnet gets, and then it stops;
 * - a browser that signed in before (valid device cookie, fewer than 10 failures of its own in
 *   15 minutes) is exempt from the account budget, so a flood cannot lock the admin out (OWASP's
 *   device-cookie pattern).
 *
 * Every attempt takes its slots atomically BEFORE the password is checked, and a right password
 * gives them back. Reading the counts first and counting only after a wrong password let a burst of
 * concurrent guesses all pass the check before any of them was counted (40 at once got 40 password
 * checks); now the sixth of a burst is refused whatever the timing, on one instance or many.
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

  /**
   * Takes this attempt's slots. Admitted: the password may be checked, and `succeeded()` gives the
   * slots back if it was right (a failure keeps them). Refused: nothing is checked; wait that long.
   */
  async admit({ ip, device }: SignInAttempt): Promise<Admission> {
    const address = clientKey(ip);
    const perAddress = await this.#perAddress.take(address);
    if (perAddress > 0) return { admitted: false, retryAfterMs: perAddress };
    const slots: Slot[] = [{ limit: this.#perAddress, key: address }];
    const admitted = (): Admission => ({
      admitted: true,
      succeeded: async () => {
        await Promise.all(slots.map(({ limit, key }) => limit.refund(key)));
      },
    });
    const account: Slot = { limit: this.#account, key: ADMIN_ACCOUNT_KEY };
    if (device !== null && (await this.#perDevice.take(device)) === 0) {
      // A known browser's failures still count for the account; its budget only never refuses it.
      slots.push({ limit: this.#perDevice, key: device });
      await account.limit.take(account.key);
      slots.push(account);
      return admitted();
    }
    const accountWaitMs = await account.limit.take(account.key);
    if (accountWaitMs === 0) {
      slots.push(account);
      return admitted();
    }
    // Refused before any check: no failure of this address. The account's count is left over its
    // limit (its window ends by the clock; refunding refusals would let a flood hold it there).
    await this.#perAddress.refund(address);
    return { admitted: false, retryAfterMs: accountWaitMs };
  }
}

/** A slot an attempt took, to give back when it turns out not to be a failure. */
interface Slot {
  limit: KeyedLimit;
  key: string;
}

export type Admission =
  { admitted: true; succeeded: () => Promise<void> } | { admitted: false; retryAfterMs: number };
