import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chatNameKey, isValidChatName, normalizeChatName } from './chat-name.ts';

describe('chat names', () => {
  it.each(['Seán', 'Aoife Ní Bhriain', 'dj_k-9', 'a.b', 'Zoë', '42', 'Ōsaka 1'])('accepts %j', (name) => {
    expect(isValidChatName(name)).toBe(true);
  });

  it.each(['a', ' b ', 'x'.repeat(25), '<script>', 'a@b', 'emoji😀', '...', 'a/b', 'a\u202Eb', ''])(
    'refuses %j',
    (name) => {
      expect(isValidChatName(name)).toBe(false);
    },
  );

  it('trims, collapses spaces and composes fadas (NFC) before checking the length', () => {
    expect(normalizeChatName('  Sea\u0301n   Óg ')).toBe('Seán Óg');
    expect(isValidChatName(`  ${'x'.repeat(24)}  `)).toBe(true);
  });

  it('folds case, accents and punctuation into one key, so look-alikes collide', () => {
    expect(chatNameKey('Seán')).toBe(chatNameKey('S.E.A.N'));
    expect(chatNameKey('ＳＥＡＮ')).toBe('sean');
    expect(chatNameKey('Seán')).not.toBe(chatNameKey('Seánín'));
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
});
