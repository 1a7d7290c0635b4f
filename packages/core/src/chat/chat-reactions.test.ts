import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHAT_REACTIONS, canonicalReaction } from './chat-reactions.ts';

const VS16 = '\uFE0F';
/** This engine's own list of RGI emoji (ES2024 `v` flag), as a second opinion on the library's. */
const ENGINE_RGI = new RegExp('^\\p{RGI_Emoji}$', 'v');
/** A code point this engine's Unicode does not know yet (an emoji newer than its ICU). */
const UNASSIGNED = /\p{Cn}/u;

/** Every single code point of the emoji blocks and below U+3300, with and without VS16, then the sequence kinds built from them. */
function candidates(): string[] {
  const singles: string[] = [];
  for (const [from, to] of [
    [0x20, 0x3300],
    [0x1f000, 0x1fbff],
  ] as const) {
    for (let point = from; point <= to; point += 1) singles.push(String.fromCodePoint(point));
  }
  const all = singles.flatMap((single) => [single, single + VS16]);
  for (const base of singles.filter((single) => /^\p{Emoji_Modifier_Base}$/u.test(single))) {
    for (let tone = 0x1f3fb; tone <= 0x1f3ff; tone += 1)
      all.push(base + String.fromCodePoint(tone), base + VS16 + String.fromCodePoint(tone));
  }
  for (let first = 0; first < 26; first += 1) {
    for (let second = 0; second < 26; second += 1)
      all.push(String.fromCodePoint(0x1f1e6 + first, 0x1f1e6 + second));
  }
  for (const key of '0123456789#*') all.push(`${key}\u20E3`, `${key}${VS16}\u20E3`);
  return all;
}

/** ZWJ and tag sequences as emoji-test.txt writes them (fully qualified), VS16 in one place, two, or none. */
const SEQUENCES = [
  '👁️‍🗨️',
  '🏳️‍🌈',
  '🏳️‍⚧️',
  '❤️‍🔥',
  '❤️‍🩹',
  '🐻‍❄️',
  '🧑‍⚕️',
  '🕵️‍♀️',
  '🕵🏽‍♀️',
  '⛹️‍♂️',
  '⛹🏿‍♂️',
  '👩🏻‍❤️‍💋‍👨🏼',
  '🏃🏽‍♀️‍➡️',
  '⛓️‍💥',
  '🙂‍↔️',
  '👩‍👩‍👧‍👦',
  '🏴󠁧󠁢󠁳󠁣󠁴󠁿',
];

describe('canonicalReaction', () => {
  it('keeps the quick row and the fully-qualified forms as they are', () => {
    for (const reaction of [...CHAT_REACTIONS, ...SEQUENCES, '🦄', '👍🏽', '🇮🇪', '1️⃣', '©️']) {
      expect(canonicalReaction(reaction), reaction).toBe(reaction);
    }
  });

  it('makes one bucket of each emoji whatever its VS16: 👍 and 👍+VS16, ❤ and ❤️', () => {
    expect(canonicalReaction(`👍${VS16}`)).toBe('👍');
    expect(canonicalReaction(`👍${VS16}${VS16}`)).toBe('👍');
    expect(canonicalReaction('\u2764')).toBe('❤️');
    expect(canonicalReaction('1\u20E3')).toBe('1️⃣');
    expect(canonicalReaction(`☝${VS16}🏽`)).toBe('☝🏽');
    for (const sequence of SEQUENCES)
      expect(canonicalReaction(sequence.replaceAll(VS16, '')), sequence).toBe(sequence);
  });

  const tagged = (text: string) =>
    `🏴${[...text].map((char) => String.fromCodePoint(0xe0000 + char.charCodeAt(0))).join('')}\u{E007F}`;
  it.each([
    ['nothing', ''],
    ['a letter', 'a'],
    ['two emoji', '👍👍'],
    ['a shortcode', ':+1:'],
    ['markup', '<b>'],
    ['a digit', '1'],
    ['a lone regional indicator', '🇮'],
    ['a flag of no region', '🇦🇦'],
    ['a bare joiner', '\u200D'],
    ['a trailing space', '👍 '],
    ['a ZWJ chain of eight 😀', Array.from({ length: 8 }, () => '😀').join('\u200D')],
    ['a black flag spelling hidden text in tag characters', tagged('hidden')],
    ['overlong input', 'x'.repeat(40)],
  ])('refuses %s', (_, junk) => {
    expect(canonicalReaction(junk)).toBeNull();
  });

  it("agrees with the engine's own RGI list: every RGI emoji is its own form, and only RGI emoji (or newer ones) are accepted", () => {
    for (const candidate of candidates()) {
      const canonical = canonicalReaction(candidate);
      if (ENGINE_RGI.test(candidate)) expect(canonical, candidate).toBe(candidate);
      // emoji-regex follows the newest Unicode; this engine's list may be older.
      if (canonical !== null && !ENGINE_RGI.test(canonical)) expect(canonical, candidate).toMatch(UNASSIGNED);
    }
  });

  it('is idempotent, and what it accepts differs from the input by VS16 only', () => {
    const emojiPoint = fc.constantFrom(...'👍❤☘©1#🏽🏳🌈👁🗨\u200D\uFE0F\u20E3🇮🇪a😀');
    fc.assert(
      fc.property(fc.array(emojiPoint, { maxLength: 6 }), (points) => {
        const canonical = canonicalReaction(points.join(''));
        if (canonical === null) return;
        expect(canonicalReaction(canonical)).toBe(canonical);
        expect(canonical.replaceAll(VS16, '')).toBe(points.join('').replaceAll(VS16, ''));
      }),
    );
  });
});
