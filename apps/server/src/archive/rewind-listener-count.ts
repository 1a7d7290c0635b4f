import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { RewindListenerRepo } from '../store/rewind-listener-repo.ts';

/** How often each instance writes its count and reads the others'. */
export const REWIND_COUNT_REFRESH_MS = 15_000;
/** A count not refreshed for this long is an instance that has gone: it no longer counts. */
export const REWIND_COUNT_STALE_MS = 3 * REWIND_COUNT_REFRESH_MS;

/**
 * The live rewind streams of every instance: this one's as they change, the others' as the store
 * had them at the last refresh (at most REWIND_COUNT_REFRESH_MS old). The listener count adds them
 * to Icecast's, which sees none of them.
 */
export class RewindListenerCount {
  readonly #instance = randomUUID();
  #own = 0;
  #others = 0;
  #timer: NodeJS.Timeout | undefined;
  #refreshing: Promise<void> | undefined;
  #again = false;

  constructor(
    private readonly repo: RewindListenerRepo,
    private readonly now: () => Date,
    private readonly logger: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  /** Every instance's rewind streams. */
  get total(): number {
    return this.#own + this.#others;
  }

  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => void this.refresh(), REWIND_COUNT_REFRESH_MS);
    void this.refresh();
  }

  /** Stops refreshing and takes this instance's streams out of the store's count. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#refreshing;
    await this.repo.remove(this.#instance).catch((error: unknown) => {
      this.logger.warn(
        { err: error },
        'This instance’s rewind listeners could not be taken out of the count.',
      );
    });
  }

  /** This instance's streams changed: counted here at once, written to the store for the others. */
  set(listeners: number): void {
    this.#own = listeners;
    if (this.#timer) void this.refresh();
  }

  /** Writes this instance's count and reads the others'; calls during one make one more, not one each. */
  refresh(): Promise<void> {
    if (this.#refreshing) {
      this.#again = true;
      return this.#refreshing;
    }
    this.#refreshing = this.#refresh().finally(() => {
      this.#refreshing = undefined;
      if (this.#again) {
        this.#again = false;
        void this.refresh();
      }
    });
    return this.#refreshing;
  }

  async #refresh(): Promise<void> {
    const now = this.now();
    try {
      await this.repo.save(this.#instance, this.#own, now);
      this.#others = await this.repo.othersThan(
        this.#instance,
        new Date(now.getTime() - REWIND_COUNT_STALE_MS),
      );
    } catch (error) {
      // The last figures stay: the count is off by another instance's changes until the next refresh.
      this.logger.warn({ err: error }, 'The rewind listeners of other instances could not be read.');
    }
  }
}
