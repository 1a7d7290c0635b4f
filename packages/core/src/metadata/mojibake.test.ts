import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { repairMojibake } from './mojibake.ts';

/** What Icecast 2.4 does: UTF-8 bytes of the text, each read back as a Latin-1 char. */
const asMojibake = (text: string): string => unescape(encodeURIComponent(text));

describe('repairMojibake', () => {
  it('repairs the spec example and common cases', () => {
    expect(repairMojibake('Ã\u0089ire')).toBe('Éire');
    expect(repairMojibake('SeÃ¡n Ã\u0093 Briain')).toBe('Seán Ó Briain');
    expect(repairMojibake('BeyoncÃ©')).toBe('Beyoncé');
    expect(repairMojibake(asMojibake('Sigur Rós — Hoppípolla 🎵'))).toBe('Sigur Rós — Hoppípolla 🎵');
  });

  it('leaves correct and plain text alone', () => {
    for (const text of ['Éire', 'Seán', 'Ó Briain', 'plain ascii', '', 'Motörhead', '日本語', 'Â', 'Ã']) {
      expect(repairMojibake(text)).toBe(text);
    }
  });

  it('round-trips any unicode text through Icecast mojibake', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        expect(repairMojibake(asMojibake(text))).toBe(text);
      }),
      { numRuns: 500 },
    );
    expect(repairMojibake(asMojibake('\uFEFFbom first'))).toBe('\uFEFFbom first');
  });

  it('is the identity on correct text', () => {
    // Any text with a char above U+00FF cannot be mojibake.
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.integer({ min: 0x100, max: 0xd7ff }), (text, code) => {
        const correct = text + String.fromCharCode(code);
        expect(repairMojibake(correct)).toBe(correct);
      }),
    );
    // Latin-1 text where every accented letter is followed by ASCII (as in 'Éire', 'Seán') is never valid UTF-8.
    const ascii = fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c));
    const accented = fc
      .tuple(fc.integer({ min: 0xc0, max: 0xff }), ascii)
      .map(([c, next]) => String.fromCharCode(c) + next);
    fc.assert(
      fc.property(fc.array(fc.oneof(ascii, accented)), (pieces) => {
        const correct = pieces.join('');
        expect(repairMojibake(correct)).toBe(correct);
      }),
    );
  });
});
