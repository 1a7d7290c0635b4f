import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chatNameKey,
  chatNamesClash,
  chatNameSeenKey,
  isValidChatName,
  normalizeChatName,
} from './chat-name.ts';

/** Latin letters and the Cyrillic letters that look like them, place for place. */
const LATIN_LOWER = 'aceiopxysj';
const CYRILLIC_LOWER = 'асеіорхуѕј';
const LATIN_UPPER = 'ABEKMHOPCTX';
const CYRILLIC_UPPER = 'АВЕКМНОРСТХ';
const toCyrillic = (text: string, from: string, to: string) =>
  [...text].map((char) => to[from.indexOf(char)] ?? char).join('');

/** Characters that draw nothing: Hangul fillers (letters), a variation selector and the grapheme joiner (marks), ZWJ. */
const INVISIBLES = ['\u3164', '\u115F', '\u1160', '\uFFA0', '\uFE0F', '\u034F', '\u200D'];

describe('chat names', () => {
  it.each(['Seán', 'Aoife Ní Bhriain', 'dj_k-9', 'a.b', 'Zoë', 'Ōsaka 1', 'Вера', '山田 たろう', '김철수 2'])(
    'accepts %j',
    (name) => {
      expect(isValidChatName(name)).toBe(true);
    },
  );

  it.each(['a', ' b ', 'x'.repeat(25), '<script>', 'a@b', 'emoji😀', '...', 'a/b', 'a\u202Eb', ''])(
    'refuses %j',
    (name) => {
      expect(isValidChatName(name)).toBe(false);
    },
  );

  it.each([
    ['Аоіfе', 'Cyrillic vowels in a Latin name'],
    ['Seán Ωmega', 'Latin and Greek'],
    ['\u3164\u3164', 'nothing but Hangul fillers'],
    ['Ann\u3164', 'a Hangul filler after a name'],
    ['Ann\uFE0F', 'a variation selector'],
    ['Se\u034Fán', 'a combining grapheme joiner'],
    ['42', 'no letter'],
    ['1_2', 'no letter'],
    ['ǃǃ', 'letters that look like punctuation only'],
  ])('refuses %j (%s)', (name) => {
    expect(isValidChatName(name)).toBe(false);
  });

  it('trims, collapses spaces and composes fadas (NFC) before checking the length', () => {
    expect(normalizeChatName('  Sea\u0301n   Óg ')).toBe('Seán Óg');
    expect(isValidChatName(`  ${'x'.repeat(24)}  `)).toBe(true);
  });

  it('folds case, accents and punctuation into one key, so look-alikes collide', () => {
    expect(chatNameKey('Seán')).toBe(chatNameKey('S.E.A.N'));
    expect(chatNameKey('ＳＥＡＮ')).toBe('sean');
    expect(chatNameKey('Seán')).not.toBe(chatNameKey('Seánín'));
  });

  it('folds look-alikes of other scripts and invisible characters into the same key', () => {
    expect(chatNameKey('Аоіfе')).toBe(chatNameKey('Aoife'));
    expect(chatNameKey('Ѕеán')).toBe(chatNameKey('Sean'));
    expect(chatNameKey('Ann\u3164')).toBe(chatNameKey('Ann'));
    expect(chatNameKey('Bi11')).toBe(chatNameKey('Bill'));
    expect(chatNameKey('Aoife')).not.toBe(chatNameKey('Aoibh'));
  });

  it('compares what must not be posed as by its look as typed too: ТОМ (Cyrillic) clashes with Tom', () => {
    expect(chatNameKey('ТОМ')).not.toBe(chatNameKey('Tom'));
    expect(chatNameSeenKey('ТОМ')).toBe(chatNameSeenKey('Tom'));
    expect(chatNamesClash('ТОМ', 'Tom')).toBe(true);
    expect(chatNamesClash('AOIFE', 'Aoife')).toBe(true);
    expect(chatNamesClash('Aoibh', 'Aoife')).toBe(false);
    expect(chatNamesClash('', '')).toBe(false);
  });

  it('a valid name stays valid once normalized (normalizing twice changes nothing)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (name) => {
        const once = normalizeChatName(name);
        expect(normalizeChatName(once)).toBe(once);
        expect(isValidChatName(once)).toBe(isValidChatName(name));
      }),
    );
  });

  describe('the key (properties)', () => {
    const latinName = fc
      .array(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzáéíóúÁÉÍÓÚ'), { minLength: 2, maxLength: 12 })
      .map((chars) => chars.join(''));

    it('depends on the lower case only, whatever the text', () => {
      fc.assert(
        fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (name) => {
          expect(chatNameKey(name.toLowerCase())).toBe(chatNameKey(name));
        }),
      );
    });

    it('folds case, accents and punctuation as it always did', () => {
      const punctuation = fc.constantFrom('.', '-', '_', ' ');
      fc.assert(
        fc.property(
          latinName,
          fc.array(fc.tuple(fc.nat(), punctuation), { maxLength: 4 }),
          (name, inserts) => {
            const punctuated = inserts.reduce(
              (text, [at, mark]) =>
                text.slice(0, at % (text.length + 1)) + mark + text.slice(at % (text.length + 1)),
              name,
            );
            const unaccented = name.normalize('NFD').replace(/\p{M}+/gu, '');
            expect(chatNameKey(name.toUpperCase())).toBe(chatNameKey(name));
            expect(chatNameKey(unaccented)).toBe(chatNameKey(name));
            expect(chatNameKey(punctuated)).toBe(chatNameKey(name));
          },
        ),
      );
    });

    it('gives a Latin name and its Cyrillic look-alike one key, as typed or in capitals', () => {
      const lower = fc
        .array(fc.constantFrom(...LATIN_LOWER), { minLength: 2, maxLength: 12 })
        .map((chars) => chars.join(''));
      const upper = fc
        .array(fc.constantFrom(...LATIN_UPPER), { minLength: 2, maxLength: 12 })
        .map((chars) => chars.join(''));
      fc.assert(
        fc.property(lower, upper, (small, capitals) => {
          expect(chatNameKey(toCyrillic(small, LATIN_LOWER, CYRILLIC_LOWER))).toBe(chatNameKey(small));
          expect(chatNamesClash(toCyrillic(capitals, LATIN_UPPER, CYRILLIC_UPPER), capitals)).toBe(true);
        }),
      );
    });

    it('ignores invisible characters hidden in a name', () => {
      fc.assert(
        fc.property(latinName, fc.nat(), fc.constantFrom(...INVISIBLES), (name, at, invisible) => {
          const hidden =
            name.slice(0, at % (name.length + 1)) + invisible + name.slice(at % (name.length + 1));
          expect(chatNameKey(hidden)).toBe(chatNameKey(name));
        }),
      );
    });
  });

  describe('validity (properties)', () => {
    // Any text, and text made of the characters these rules are about.
    const tricky = fc
      .array(
        fc.constantFrom('a', 'É', 'о', 'Ω', '山', 'た', '김', '1', '٣', ' ', '.', '\u0301', ...INVISIBLES),
        { maxLength: 10 },
      )
      .map((chars) => chars.join(''));
    const anyName = fc.oneof(fc.string({ unit: 'binary', maxLength: 30 }), tricky);

    it('every valid name has a visible letter and nothing invisible', () => {
      fc.assert(
        fc.property(anyName, (name) => {
          if (!isValidChatName(name)) return;
          const normalized = normalizeChatName(name);
          expect(normalized).toMatch(/\p{L}/u);
          expect(normalized).not.toMatch(/\p{Default_Ignorable_Code_Point}/u);
          expect(chatNameKey(normalized)).not.toBe('');
        }),
      );
    });

    it('no valid name mixes Latin and Cyrillic letters', () => {
      const mixed = fc
        .array(fc.constantFrom(...'aeoknt', ...'аеокнт', ' '), { minLength: 2, maxLength: 12 })
        .map((chars) => chars.join(''));
      fc.assert(
        fc.property(mixed, (name) => {
          if (/[a-z]/u.test(name) && /[а-я]/u.test(name)) expect(isValidChatName(name)).toBe(false);
        }),
      );
    });
  });
});
