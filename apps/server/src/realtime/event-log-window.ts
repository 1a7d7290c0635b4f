/** What an event sets (`key`) and the keys of earlier events it makes stale (see core's `chatEventSupersession`). */
export interface Supersession {
  key: string;
  replaces: readonly string[];
}

/** An event as a resuming client gets it: its frame, serialized once. */
export interface LoggedFrame {
  seq: number;
  data: unknown;
  frame: Buffer;
}

interface Entry {
  frame: Buffer;
  key: string | null;
  replaces: readonly string[];
}

/**
 * The recent tail of a log topic, in memory, as the frames a resuming client needs: a subscribe is
 * answered with sends of frames already serialized, never a store read. Only events a later one
 * does not replace are kept (a message's newest reactions list, not each step; a removed message's
 * tombstone, not its text), so a reaction flood neither fills the window nor the resume.
 *
 * It knows every event in (`base`, `last`]: those it keeps, and those it dropped as replaced by a
 * kept later one. At most `capacity` events are kept; past that the oldest goes and `base` moves up.
 */
export class EventLogWindow {
  /** Kept events by seq, in seq order. */
  #entries = new Map<number, Entry>();
  /** Which kept event holds each key. */
  #byKey = new Map<string, number>();
  #base: number;
  #last: number;

  /** `last`: the seq the log stood at when this instance started following it (nothing is known before it yet). */
  constructor(
    last: number,
    private readonly capacity: number,
    private readonly supersession: (data: unknown) => Supersession | null,
  ) {
    this.#base = last;
    this.#last = last;
  }

  /** Every event after this one is known here. */
  get base(): number {
    return this.#base;
  }

  /** The newest event known here. */
  get last(): number {
    return this.#last;
  }

  /** Whether the window holds all it may: reading older events from the store would only push them out again. */
  get full(): boolean {
    return this.#entries.size >= this.capacity;
  }

  /** The next event, as it is published (in seq order; one already known is ignored). */
  append(event: LoggedFrame): void {
    if (event.seq <= this.#last) return;
    this.#last = event.seq;
    this.#keep(event);
    this.#trim();
  }

  /**
   * Events older than the window read from the store: those after `from` up to `through`, oldest
   * first. `through` is the `base` the read started from; if the window moved on meanwhile, they are
   * of no use and are dropped. When the store's log starts later than `from + 1` (pruned), the window
   * reaches back only to where the store does.
   */
  prepend(from: number, through: number, events: readonly LoggedFrame[]): void {
    if (through !== this.#base) return;
    const older = events.filter((event) => event.seq > from && event.seq <= through);
    const newer = this.#entries;
    this.#entries = new Map();
    this.#byKey = new Map();
    for (const event of older) this.#keep(event);
    for (const [seq, entry] of newer) this.#keepEntry(seq, entry);
    const first = older[0]?.seq ?? through + 1;
    this.#base = first === from + 1 ? from : first - 1;
    this.#trim();
  }

  /**
   * Forgets the events before `seq` (the store's oldest after a retention prune): a message the
   * store deleted is not sent again from memory, and a client holding less resyncs, as it would from
   * the store.
   */
  forgetBefore(seq: number): void {
    for (const [kept, entry] of this.#entries) {
      if (kept >= seq) break;
      this.#entries.delete(kept);
      if (entry.key !== null && this.#byKey.get(entry.key) === kept) this.#byKey.delete(entry.key);
    }
    this.#base = Math.max(this.#base, Math.min(seq - 1, this.#last));
  }

  /**
   * The frames a client holding `since` needs (`base` ≤ `since` ≤ `last`), in seq order. Where kept
   * frames skip seqs (events a later frame replaces), `skipped(seq)` makes the frame that tells the
   * client so, at the last skipped seq, so a skip never reads as a lost event.
   */
  replay(since: number, skipped: (seq: number) => Buffer): Buffer[] {
    const frames: Buffer[] = [];
    let previous = since;
    for (const [seq, entry] of this.#entries) {
      if (seq <= since) continue;
      if (seq > previous + 1) frames.push(skipped(seq - 1));
      frames.push(entry.frame);
      previous = seq;
    }
    if (this.#last > previous) frames.push(skipped(this.#last));
    return frames;
  }

  #keep(event: LoggedFrame): void {
    const slots = this.supersession(event.data);
    this.#keepEntry(event.seq, {
      frame: event.frame,
      key: slots?.key ?? null,
      replaces: slots?.replaces ?? [],
    });
  }

  #keepEntry(seq: number, entry: Entry): void {
    for (const key of entry.replaces) {
      const stale = this.#byKey.get(key);
      if (stale === undefined) continue;
      this.#entries.delete(stale);
      this.#byKey.delete(key);
    }
    this.#entries.set(seq, entry);
    if (entry.key !== null) this.#byKey.set(entry.key, seq);
  }

  /** Past `capacity`, the oldest kept events go: a client holding less than the new `base` resyncs. */
  #trim(): void {
    for (const [seq, entry] of this.#entries) {
      if (this.#entries.size <= this.capacity) return;
      this.#entries.delete(seq);
      if (entry.key !== null && this.#byKey.get(entry.key) === seq) this.#byKey.delete(entry.key);
      this.#base = seq;
    }
  }
}
