import { describe, expect, it } from 'vitest';
import { CHAT_MENTIONS_MAX, mentionSpans, parseMentions } from './mentions.ts';

const room = ['Ann', 'Annie', 'Seán Óg', 'dj.k'];

describe('parseMentions', () => {
  it('finds known names after @, case-insensitively, each once, as the chatter spells them', () => {
    expect(parseMentions('@annie and @SEÁN ÓG, hi @Annie', room)).toEqual(['Annie', 'Seán Óg']);
  });

  it('takes the longest name, and a name must not run on into more letters', () => {
    expect(parseMentions('@Annie!', room)).toEqual(['Annie']);
    expect(parseMentions('@Annabel', room)).toEqual([]);
    expect(parseMentions('@dj.k.', room)).toEqual(['dj.k']);
  });

  it('ignores unknown names and e-mail addresses', () => {
    expect(parseMentions('@nobody mail ann@example.com', room)).toEqual([]);
  });

  it(`keeps at most ${CHAT_MENTIONS_MAX} chatters`, () => {
    const names = Array.from({ length: 15 }, (_, index) => `user${index}x`);
    expect(parseMentions(names.map((name) => `@${name}`).join(' '), names)).toHaveLength(CHAT_MENTIONS_MAX);
  });

  it('gives the spans a renderer highlights', () => {
    expect(mentionSpans('hi @Ann!', room)).toEqual([{ start: 3, end: 7, name: 'Ann' }]);
  });
});
