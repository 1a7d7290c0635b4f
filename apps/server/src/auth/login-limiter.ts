/** Failed sign-ins allowed per client address within one window (then 429 until the window moves). */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 60_000;

/**
 * Counts failed sign-ins per IP in a sliding window. In memory on purpose: one server process owns
 * the login, and a restart forgetting the counts costs an attacker at most five more guesses.
 */
export class LoginLimiter {
  readonly #failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures = LOGIN_MAX_FAILURES,
    private readonly windowMs = LOGIN_WINDOW_MS,
  ) {}

  /** Milliseconds until `ip` may try again; 0 when it may try now. */
  retryAfterMs(ip: string, now: number): number {
    const recent = this.#recent(ip, now);
    if (recent.length < this.maxFailures) return 0;
    const oldest = recent[recent.length - this.maxFailures] ?? now;
    return Math.max(1, oldest + this.windowMs - now);
  }

  recordFailure(ip: string, now: number): void {
    this.#recent(ip, now).push(now);
    this.#prune(now);
  }

  #recent(ip: string, now: number): number[] {
    const kept = (this.#failures.get(ip) ?? []).filter((time) => time > now - this.windowMs);
    this.#failures.set(ip, kept);
    return kept;
  }

  /** Forgets addresses whose failures have all aged out, so a scan of many IPs cannot grow the map forever. */
  #prune(now: number): void {
    if (this.#failures.size < 1_000) return;
    for (const [ip, times] of this.#failures) {
      if (times.every((time) => time <= now - this.windowMs)) this.#failures.delete(ip);
    }
  }
}
