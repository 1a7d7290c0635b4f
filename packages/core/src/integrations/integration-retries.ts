/** Delays before each retry of a failed delivery: 1 min, 5 min, 30 min, 2 h, 6 h. */
export const DELIVERY_RETRY_DELAYS_MS = [60_000, 300_000, 1_800_000, 7_200_000, 21_600_000] as const;
/** An integration failing this many deliveries in a row pauses itself. */
export const INTEGRATION_MAX_CONSECUTIVE_FAILURES = 10;

/**
 * When a delivery that has failed `attempts` times is tried again, or null when its retries are
 * spent (the integration then pauses).
 */
export function nextRetryAt(attempts: number, failedAt: Date): Date | null {
  const delay = DELIVERY_RETRY_DELAYS_MS[attempts - 1];
  return delay === undefined ? null : new Date(failedAt.getTime() + delay);
}
