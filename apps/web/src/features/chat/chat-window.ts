/**
 * How many messages the room holds while the listener reads the latest: a busy room would otherwise
 * grow the list (and the page) without end. Older ones are dropped from the top and paged back in
 * when the listener scrolls up to them.
 */
export const CHAT_WINDOW_MESSAGES = 200;

interface Sequenced {
  seq: number;
}

/** The index of the first of `messages` (oldest first, by seq) whose seq is `seq` or more. */
function firstAtOrAfter(messages: readonly Sequenced[], seq: number): number {
  let low = 0;
  let high = messages.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((messages[middle]?.seq ?? Infinity) < seq) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * `messages` (oldest first, by seq) with `incoming` put in their places: one already held (same seq)
 * is replaced where it stands, a new one is inserted in order. Nothing is re-sorted, so a message
 * arriving live costs a comparison with the newest and a reaction change one binary search; the
 * messages not concerned keep their identity (their rows are not drawn again). Answers `messages`
 * itself when nothing changed.
 */
export function mergeBySeq<M extends Sequenced>(
  messages: readonly M[],
  incoming: readonly M[],
): readonly M[] {
  let merged: M[] | null = null;
  for (const message of incoming) {
    const list: readonly M[] = merged ?? messages;
    const newest = list.at(-1);
    const at =
      newest === undefined || message.seq > newest.seq ? list.length : firstAtOrAfter(list, message.seq);
    const held = list[at];
    if (held === message) continue;
    merged ??= [...messages];
    if (held?.seq === message.seq) merged[at] = message;
    else merged.splice(at, 0, message);
  }
  return merged ?? messages;
}
