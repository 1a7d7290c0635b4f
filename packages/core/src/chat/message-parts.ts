import { mentionSpans } from './mentions.ts';

/**
 * A chat text cut into plain pieces, links and mentions. A renderer makes each piece a text node or
 * an anchor whose href is `href`, so nothing a listener writes is ever parsed as HTML.
 */
export type MessagePart =
  | { kind: 'text'; text: string }
  | { kind: 'link'; text: string; href: string }
  | { kind: 'mention'; text: string; name: string };

// A URL candidate runs to the next space; trailing punctuation is the sentence's, not the link's.
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"]+/giu;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}'"]+$/u;
/** The host (and port) as a reader sees it written: from '//' to the first '/', '?' or '#'. */
const AUTHORITY_AS_WRITTEN = /^https?:\/\/([^/?#]*)/iu;
const PRINTABLE_ASCII = /^[\x21-\x7e]*$/u;

/**
 * `candidate` as a link, or null when it must stay text: anything but an absolute http(s) URL
 * (javascript:, data:, relative), and any URL whose host part holds an '@' — user info, as in
 * 'https://bank.example@evil.example/', which opens evil.example, is never linked. The link's
 * text is the URL as written only when the host written there is exactly the host it opens (ASCII,
 * case aside); otherwise it is the URL as the browser will open it, so full-width dots, escapes,
 * backslashes and look-alike letters show as the real host (in punycode: 'xn--bnk-6cd.example').
 */
export function chatLink(candidate: string): { text: string; href: string } | null {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const written = AUTHORITY_AS_WRITTEN.exec(candidate)?.[1] ?? '';
  if (written.includes('@') || url.username !== '' || url.password !== '') return null;
  const shownAsWritten = PRINTABLE_ASCII.test(written) && written.toLowerCase() === url.host;
  return { text: shownAsWritten ? candidate : url.href, href: url.href };
}

/**
 * Splits `text` into parts; `mentions` are the names the server parsed from it, found again with
 * `mentionSpans` (the server's own rule), so only real mentions are marked.
 */
export function messageParts(text: string, mentions: readonly string[]): MessagePart[] {
  const parts: MessagePart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const raw = match[0].replace(TRAILING_PUNCTUATION, '');
    const link = chatLink(raw);
    if (!link) continue;
    if (match.index > last) parts.push(...mentionParts(text.slice(last, match.index), mentions));
    parts.push({ kind: 'link', ...link });
    last = match.index + raw.length;
  }
  if (last < text.length) parts.push(...mentionParts(text.slice(last), mentions));
  return parts;
}

function mentionParts(text: string, mentions: readonly string[]): MessagePart[] {
  const parts: MessagePart[] = [];
  let last = 0;
  for (const span of mentionSpans(text, mentions)) {
    if (span.start > last) parts.push({ kind: 'text', text: text.slice(last, span.start) });
    parts.push({ kind: 'mention', text: text.slice(span.start, span.end), name: span.name });
    last = span.end;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
