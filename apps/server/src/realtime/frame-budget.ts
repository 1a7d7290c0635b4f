/** Frames one socket may send within `FRAME_BUDGET_WINDOW_MS`: a real app sends one per (re)connect. */
export const FRAME_BUDGET_FRAMES = 20;
export const FRAME_BUDGET_WINDOW_MS = 10_000;

/**
 * A sliding-window frame budget for one socket: a frame is allowed while fewer than `frames` frames
 * were allowed in the last `windowMs`. It remembers only the last `frames` times (a ring), so each
 * check is O(1) and a socket costs a fixed few hundred bytes however fast it sends.
 */
export class FrameBudget {
  readonly #times: number[];
  #next = 0;

  constructor(
    private readonly frames = FRAME_BUDGET_FRAMES,
    private readonly windowMs = FRAME_BUDGET_WINDOW_MS,
  ) {
    this.#times = new Array<number>(frames).fill(Number.NEGATIVE_INFINITY);
  }

  /** Counts a frame at `nowMs` (a monotonic clock); false when the socket is over its budget. */
  take(nowMs: number): boolean {
    if (this.retryAfterMs(nowMs) > 0) return false;
    this.#times[this.#next] = nowMs;
    this.#next = (this.#next + 1) % this.frames;
    return true;
  }

  /** Milliseconds until `take` would allow one more; 0 when it would now. */
  retryAfterMs(nowMs: number): number {
    // The oldest of the last `frames` allowed frames: while it is inside the window, the budget is spent.
    const oldest = this.#times[this.#next] ?? Number.NEGATIVE_INFINITY;
    return Math.max(0, oldest + this.windowMs - nowMs);
  }
}
