import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SHOW_SLUG_MAX_CHARS, SHOW_SLUG_PATTERN, showSlug } from './show-slug.ts';

describe('showSlug', () => {
  it('keeps letters and digits, drops accents, joins words with one hyphen', () => {
    expect(showSlug('Sráid na Gealaí')).toBe('sraid-na-gealai');
    expect(showSlug('  The  Warehouse -- Sessions #12! ')).toBe('the-warehouse-sessions-12');
    expect(showSlug('🎧🎧')).toBe('');
  });

  it('refuses path tricks by construction', () => {
    expect(showSlug('../../etc/passwd')).toBe('etc-passwd');
    expect(showSlug('a/b\\c%2e')).toBe('a-b-c-2e');
  });

  it('is idempotent, short, and always matches the pattern when not empty', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (name) => {
        const slug = showSlug(name);
        expect(showSlug(slug)).toBe(slug);
        expect(slug.length).toBeLessThanOrEqual(SHOW_SLUG_MAX_CHARS);
        if (slug !== '') expect(SHOW_SLUG_PATTERN.test(slug)).toBe(true);
      }),
    );
  });
});
