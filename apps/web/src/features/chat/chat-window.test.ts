import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chatMessage } from '../../test/fixtures.ts';
import { mergeBySeq } from './chat-window.ts';

const seqs = (messages: readonly { seq: number }[]) => messages.map((message) => message.seq);

describe('mergeBySeq', () => {
  it('puts a new message at the end, one that arrived late in its place, and an older page above', () => {
    const held = [chatMessage(10), chatMessage(12), chatMessage(13)];
    expect(seqs(mergeBySeq(held, [chatMessage(14)]))).toEqual([10, 12, 13, 14]);
    expect(seqs(mergeBySeq(held, [chatMessage(11)]))).toEqual([10, 11, 12, 13]);
    expect(seqs(mergeBySeq(held, [chatMessage(8), chatMessage(9)]))).toEqual([8, 9, 10, 12, 13]);
    expect(seqs(held)).toEqual([10, 12, 13]); // never changed in place
  });

  it('replaces a message it holds where it stands, and keeps every other one as it was', () => {
    const held = [chatMessage(1), chatMessage(2), chatMessage(3)];
    const reacted = chatMessage(2, { reactions: [{ emoji: '🔥', names: ['Cian'] }] });
    const merged = mergeBySeq(held, [reacted]);
    expect(merged).toEqual([held[0], reacted, held[2]]);
    expect(merged[0]).toBe(held[0]);
    expect(merged[2]).toBe(held[2]);
  });

  it('answers the same list when nothing changed (the screen has nothing to draw)', () => {
    const held = [chatMessage(1), chatMessage(2)];
    expect(mergeBySeq(held, [])).toBe(held);
    expect(mergeBySeq(held, [held[1] ?? chatMessage(2)])).toBe(held);
  });

  it('gives the sorted union by seq, the newest copy of each, whatever the order things arrive in', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.integer({ min: 1, max: 60 }), { maxLength: 12 }), { maxLength: 8 }),
        (batches) => {
          let held: readonly ReturnType<typeof chatMessage>[] = [];
          const newest = new Map<number, string>();
          batches.forEach((batch, round) => {
            const incoming = batch.map((n) => chatMessage(n, { text: `round ${round}` }));
            for (const message of incoming) newest.set(message.seq, message.text);
            held = mergeBySeq(held, incoming);
          });
          expect(seqs(held)).toEqual([...newest.keys()].sort((a, b) => a - b));
          expect(held.every((message) => newest.get(message.seq) === message.text)).toBe(true);
        },
      ),
    );
  });
});
