import { describe, expect, it } from 'vitest';
import { CHAT_REACTIONS, isAllowedReaction } from './chat-reactions.ts';

describe('isAllowedReaction', () => {
  it('allows the quick row', () => {
    for (const reaction of CHAT_REACTIONS) expect(isAllowedReaction(reaction)).toBe(true);
  });

  it.each(['🦄', '👍🏽', '👩‍👩‍👧‍👦', '🇮🇪', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', '1️⃣', '❤'])('allows the single emoji %s', (emoji) => {
    expect(isAllowedReaction(emoji)).toBe(true);
  });

  it.each(['', 'a', '👍👍', ':+1:', '<b>', '🇮', '1', '\u200D', '👍 ', 'x'.repeat(40)])('refuses %j', (junk) => {
    expect(isAllowedReaction(junk)).toBe(false);
  });
});
