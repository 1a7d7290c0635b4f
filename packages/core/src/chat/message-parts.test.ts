import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chatLink, messageParts } from './message-parts.ts';

/** The host a link's visible text names: between '//' and the first '/', '?' or '#', lower-cased. */
const hostShown = (text: string) => /^https?:\/\/([^/?#]*)/iu.exec(text)?.[1]?.toLowerCase();

describe('message parts', () => {
  it('links only absolute http(s) URLs, leaving sentence punctuation outside', () => {
    expect(messageParts('see https://play.test/mix. and http://x.test/a?b=1, ok', [])).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'https://play.test/mix', href: 'https://play.test/mix' },
      { kind: 'text', text: '. and ' },
      { kind: 'link', text: 'http://x.test/a?b=1', href: 'http://x.test/a?b=1' },
      { kind: 'text', text: ', ok' },
    ]);
    expect(chatLink('javascript:alert(1)')).toBeNull();
    expect(chatLink('ftp://files.test/x')).toBeNull();
    expect(chatLink('/relative')).toBeNull();
  });

  it('marks the server-parsed mentions (names with spaces too), and nothing that merely looks like one', () => {
    expect(messageParts('@DJ Ann you rock, mail me@home', ['DJ Ann'])).toEqual([
      { kind: 'mention', text: '@DJ Ann', name: 'DJ Ann' },
      { kind: 'text', text: ' you rock, mail me@home' },
    ]);
  });

  it.each([
    'https://bank.example@evil.example/',
    'https://user:secret@evil.example/',
    'https://@evil.example/',
    'https://bank.example\\@evil.example/',
  ])('never links %j: a host part with user info names one host and opens another', (text) => {
    expect(messageParts(`pay at ${text} now`, [])).toEqual([{ kind: 'text', text: `pay at ${text} now` }]);
  });

  it.each([
    ['https://bank．example/login', 'https://bank.example/login'],
    ['https://bank.example。evil.example/', 'https://bank.example.evil.example/'],
    ['https://bаnk.example/', 'https://xn--bnk-6cd.example/'],
    ['https://%62ank.example/', 'https://bank.example/'],
    ['https://evil.example\\bank.example', 'https://evil.example/bank.example'],
    ['http://0x7f.1/admin', 'http://127.0.0.1/admin'],
  ])('shows %j as the host it opens: %j', (written, shown) => {
    expect(messageParts(written, [])).toEqual([{ kind: 'link', text: shown, href: shown }]);
  });

  it('shows a URL as written when it names the host it opens, whatever the case', () => {
    expect(chatLink('HTTPS://Play.Test/Mix?a=B')).toEqual({
      text: 'HTTPS://Play.Test/Mix?a=B',
      href: 'https://play.test/Mix?a=B',
    });
  });

  it('every link opens http(s) with no user info, and its text names the host it opens', () => {
    const piece = fc.oneof(
      fc.webUrl({
        authoritySettings: { withIPv4: true, withIPv6: true, withPort: true, withUserInfo: true },
      }),
      fc.constantFrom(
        'https://',
        'http://',
        '@',
        '．',
        '。',
        '%2e',
        '\\',
        '/',
        ':',
        'а',
        'е',
        'bank',
        'evil',
        '.example',
        ' ',
        '#',
        '?',
      ),
      fc.string({ unit: 'binary', maxLength: 6 }),
    );
    const text = fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join(''));
    fc.assert(
      fc.property(text, (message) => {
        for (const part of messageParts(message, [])) {
          if (part.kind !== 'link') continue;
          const opened = new URL(part.href);
          expect(['http:', 'https:']).toContain(opened.protocol);
          expect(opened.username + opened.password).toBe('');
          expect(hostShown(part.text)).toBe(opened.host);
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it('loses no text: the parts put together give the message back, each link as it is shown', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.webUrl(), fc.string({ maxLength: 8 }), fc.constant(' ')), { maxLength: 8 }),
        (pieces) => {
          const message = pieces.join('');
          const parts = messageParts(message, []);
          if (parts.every((part) => part.kind !== 'link' || message.includes(part.text))) {
            expect(parts.map((part) => part.text).join('')).toBe(message);
          }
        },
      ),
    );
  });
});
