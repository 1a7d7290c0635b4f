import { canonicalReaction } from '@onair/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MORE_REACTIONS } from './EmojiModal.tsx';
import { mentionQueryAt, mentionSuggestions } from './mention-autocomplete.ts';
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

  it('links a URL with user info nowhere, and shows a look-alike host as the host it opens', () => {
    const { container } = render(
      <p>
        <MessageText
          text="pay https://bank.example@evil.example/ or https://bаnk.example/"
          mentions={[]}
          myName={null}
        />
      </p>,
    );
    const links = [...container.querySelectorAll('a')].map((anchor) => [
      anchor.textContent,
      anchor.getAttribute('href'),
    ]);
    expect(links).toEqual([['https://xn--bnk-6cd.example/', 'https://xn--bnk-6cd.example/']]);
    expect(container.textContent).toContain('https://bank.example@evil.example/');
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
