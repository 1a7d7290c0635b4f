/** How long a missing seq may hold back later events before the store is asked for it. */
export const SEQUENCER_GAP_MS = 2_000;
/** Events read per store query when catching up after a bus outage. */
const CATCH_UP_PAGE_EVENTS = 200;

/**
 * Hands chat events to the hub in seq order. Two saves can finish in either order (PostgreSQL runs
 * them on separate connections), but a subscriber must see 7 before 8: an event that arrives early
 * waits for the ones before it. If one never arrives (its save committed but its publish was lost),
 * the missing run is read back from the store after `SEQUENCER_GAP_MS`, so the room never stalls.
 */
export class EventSequencer {
  readonly #pending = new Map<number, unknown>();
  #next: number;
  #gapTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    head: number,
    private readonly emit: (seq: number, data: unknown) => void,
    private readonly readBack: (afterSeq: number, limit: number) => Promise<{ seq: number; data: unknown }[]>,
    private readonly onError: (error: unknown) => void,
  ) {
    this.#next = head + 1;
  }

  done(seq: number, data: unknown): void {
    if (seq < this.#next) return;
    this.#pending.set(seq, data);
    this.#flush();
  }

  /**
   * Emits every stored event after the last one emitted: after a bus outage, the events other
   * instances saved meanwhile (no later event may arrive to reveal the gap).
   */
  async catchUp(pageSize = CATCH_UP_PAGE_EVENTS): Promise<void> {
    try {
      for (;;) {
        const from = this.#next;
        const events = await this.readBack(from - 1, pageSize);
        for (const { seq, data } of events) this.done(seq, data);
        if (events.length < pageSize || this.#next === from) return;
      }
    } catch (error) {
      this.onError(error);
    }
  }

  stop(): void {
    if (this.#gapTimer) clearTimeout(this.#gapTimer);
    this.#gapTimer = null;
  }

  #flush(): void {
    while (this.#pending.has(this.#next)) {
      const data = this.#pending.get(this.#next);
      this.#pending.delete(this.#next);
      this.emit(this.#next, data);
      this.#next += 1;
    }
    if (this.#pending.size === 0) this.stop();
    else this.#gapTimer ??= setTimeout(() => void this.#fillGap(), SEQUENCER_GAP_MS).unref();
  }

  async #fillGap(): Promise<void> {
    this.#gapTimer = null;
    const until = Math.max(...this.#pending.keys());
    try {
      for (const { seq, data } of await this.readBack(this.#next - 1, until - this.#next + 1)) {
        if (!this.#pending.has(seq)) this.#pending.set(seq, data);
      }
    } catch (error) {
      this.onError(error);
    }
    // A seq the store does not have either cannot come: skip it rather than hold the room forever.
    if (!this.#pending.has(this.#next) && this.#pending.size > 0)
      this.#next = Math.min(...this.#pending.keys());
    this.#flush();
  }
}
