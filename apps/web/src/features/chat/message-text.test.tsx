import { canonicalReaction } from '@onair/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MORE_REACTIONS } from './EmojiModal.tsx';
import { mentionQueryAt, mentionSuggestions, safeHref, splitMessageText } from './message-text.ts';
import { MessageText } from './MessageText.tsx';

// What a hostile listener might write: markup, script URLs, entity tricks, attribute breakouts.
const XSS_CORPUS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(document.cookie)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  '&lt;b&gt;bold&lt;/b&gt;',
  '<a href="javascript:alert(1)">click</a>',
  'https://ok.test/"><script>alert(1)</script>',
  'https://ok.test/?q=<img src=x onerror=alert(1)>',
  '<iframe src="https://evil.test"></iframe>',
  '{{constructor.constructor("alert(1)")()}}',
  '\u202Egnp.exe',
];

describe('message text: never HTML', () => {
  it.each(XSS_CORPUS)('renders %j as the same text, with no element but safe http(s) anchors', (text) => {
    const { container } = render(
      <p>
        <MessageText text={text} mentions={[]} myName={null} />
      </p>,
    );
    const paragraph = container.querySelector('p');
    expect(paragraph?.textContent).toBe(text);
    for (const element of paragraph?.querySelectorAll('*') ?? []) {
      expect(element.tagName).toBe('A');
      expect(element.getAttribute('href')).toMatch(/^https?:\/\//);
      expect(element.getAttribute('rel')).toBe('noopener noreferrer nofollow');
      expect(element.getAttribute('target')).toBe('_blank');
      expect([...element.attributes].map((attribute) => attribute.name).sort()).toEqual([
        'href',
        'rel',
        'target',
      ]);
    }
    expect(container.querySelector('script, img, svg, iframe')).toBeNull();
  });

  it('links only absolute http(s) URLs, leaving sentence punctuation outside', () => {
    expect(splitMessageText('see https://play.test/mix. and http://x.test/a?b=1, ok', [])).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'https://play.test/mix', href: 'https://play.test/mix' },
      { kind: 'text', text: '. and ' },
      { kind: 'link', text: 'http://x.test/a?b=1', href: 'http://x.test/a?b=1' },
      { kind: 'text', text: ', ok' },
    ]);
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('ftp://files.test/x')).toBeNull();
    expect(safeHref('/relative')).toBeNull();
  });

  it('marks the server-parsed mentions (names with spaces too), and nothing that merely looks like one', () => {
    expect(splitMessageText('@DJ Ann you rock, mail me@home', ['DJ Ann'])).toEqual([
      { kind: 'mention', text: '@DJ Ann', name: 'DJ Ann' },
      { kind: 'text', text: ' you rock, mail me@home' },
    ]);
  });
});

describe('@ autocomplete', () => {
  it('finds the @word before the caret and offers recent chatters starting with it, not me', () => {
    expect(mentionQueryAt('hi @ao', 6)).toEqual({ start: 3, query: 'ao' });
    expect(mentionQueryAt('mail me@home', 12)).toBeNull();
    expect(mentionSuggestions(['Aoife', 'Niamh', 'aodh', 'Aoibhinn'], 'ao', 'Aodh')).toEqual([
      'Aoife',
      'Aoibhinn',
    ]);
  });
});

describe('reactions on offer', () => {
  it('are each one the server accepts, in the form it keeps (so my own reaction is found to take it back)', () => {
    expect(MORE_REACTIONS.filter((emoji) => canonicalReaction(emoji) !== emoji)).toEqual([]);
    expect(new Set(MORE_REACTIONS).size).toBe(MORE_REACTIONS.length);
  });
});
