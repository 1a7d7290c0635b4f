import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chatNameKey, isValidChatName, normalizeChatName } from './chat-name.ts';
import {
  CHAT_MENTION_SIGNS_MAX,
  CHAT_MENTIONS_MAX,
  mentionCandidateKeys,
  mentionSpans,
  parseMentions,
  type MentionSpan,
} from './mentions.ts';

const room = ['Ann', 'Annie', 'Seán Óg', 'dj.k'];

/**
 * The rule spelled out the slow way (every known name tried at every '@'), as mentionSpans read
 * before it looked names up: the fast one must find exactly the same spans.
 */
function spansTheSlowWay(text: string, knownNames: readonly string[]): MentionSpan[] {
  const continues = /^[\p{L}\p{M}\p{Nd}_]/u;
  const names = [...new Set(knownNames.map((name) => name.normalize('NFC')))].sort(
    (a, b) => b.length - a.length,
  );
  const normalized = text.normalize('NFC');
  const spans: MentionSpan[] = [];
  for (let at = normalized.indexOf('@'); at !== -1; at = normalized.indexOf('@', at + 1)) {
    if (at > 0 && continues.test(normalized.slice(at - 1, at))) continue;
    const rest = normalized.slice(at + 1);
    const name = names.find(
      (candidate) =>
        rest.slice(0, candidate.length).toLocaleLowerCase('en') === candidate.toLocaleLowerCase('en') &&
        !continues.test(rest.slice(candidate.length)),
    );
    if (name !== undefined) spans.push({ start: at, end: at + 1 + name.length, name });
  }
  return spans;
}

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

  it(`looks at the first ${CHAT_MENTION_SIGNS_MAX} '@'s only: a wall of '@'s costs no more than a few mentions`, () => {
    expect(parseMentions(`${'@'.repeat(CHAT_MENTION_SIGNS_MAX - 1)} @Ann`, room)).toEqual(['Ann']);
    expect(parseMentions(`${'@'.repeat(CHAT_MENTION_SIGNS_MAX)} @Ann`, room)).toEqual([]);
    expect(parseMentions(`${'@'.repeat(500)}`, room)).toEqual([]);
  });

  it('finds the same spans as trying every known name at every @', () => {
    const letters = ['a', 'A', 'n', 'é', 'É', 'e\u0301', '1', 'ß'];
    const name = fc
      .array(fc.constantFrom(...letters, ' ', '.', '-', '_'), { minLength: 2, maxLength: 8 })
      .map((chars) => chars.join(''));
    // Names as the store keeps them: normalized and valid.
    const room = fc.array(name.map(normalizeChatName).filter(isValidChatName), {
      minLength: 1,
      maxLength: 6,
    });
    // Messages made of '@' and the room's names (as typed, upper-cased, cut short or run on), and other text.
    const message = (names: string[]) => {
      const variant = fc.constantFrom(
        ...names,
        ...names.map((known) => known.toLocaleUpperCase('en')),
        ...names.map((known) => known.slice(0, -1)),
      );
      const piece = fc.oneof(
        variant.map((known) => `@${known}`),
        variant,
        fc.constantFrom('@', ' ', ' ', '!', '.', 'x@', ...letters),
      );
      return fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join(''));
    };
    fc.assert(
      fc.property(
        room.chain((names) => fc.tuple(fc.constant(names), message(names))),
        ([names, text]) => {
          expect(mentionSpans(text, names)).toEqual(spansTheSlowWay(text, names));
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

describe('mentionCandidateKeys', () => {
  it('names the keys of every name that could follow an @, so the store is asked for those only', () => {
    expect(mentionCandidateKeys('hi @Seán Óg! and mail ann@example.com')).toEqual(['seanog', 'sean']);
    expect(mentionCandidateKeys('@'.repeat(500))).toEqual([]);
    expect(mentionCandidateKeys('no mention')).toEqual([]);
  });

  it('holds the key of every name a message mentions, however the message cases it', () => {
    const name = fc
      .array(fc.constantFrom('a', 'B', 'é', 'Ó', ' ', '.', '-', '_', '7', 'ж'), {
        minLength: 2,
        maxLength: 24,
      })
      .map((chars) => chars.join(''));
    const casing = fc.constantFrom(
      (text: string) => text,
      (text: string) => text.toLocaleUpperCase('en'),
      (text: string) => text.toLocaleLowerCase('en'),
    );
    fc.assert(
      fc.property(
        name.map(normalizeChatName).filter(isValidChatName),
        casing,
        fc.string({ maxLength: 20 }),
        fc.string({ maxLength: 20 }),
        (known, cased, before, after) => {
          const text = `${before} @${cased(known)}${after}`;
          if (parseMentions(text, [known]).length > 0)
            expect(mentionCandidateKeys(text)).toContain(chatNameKey(known));
        },
      ),
    );
  });
});
