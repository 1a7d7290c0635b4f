import { mentionSpans } from '@onair/core';

/**
 * A chat text cut into plain pieces, links and mentions. Rendering makes each piece a React text node
 * or an <a> whose href is a parsed http(s) URL, so nothing a listener writes is ever parsed as HTML.
 */
export type TextPiece =
  | { kind: 'text'; text: string }
  | { kind: 'link'; text: string; href: string }
  | { kind: 'mention'; text: string; name: string };

// A URL candidate runs to the next space; trailing punctuation is the sentence's, not the link's.
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"]+/giu;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}'"]+$/u;

/** Only absolute http(s) URLs become links; anything else (javascript:, data:, relative) stays text. */
export function safeHref(candidate: string): string | null {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url.href;
}

/**
 * Splits `text` into pieces; `mentions` are the names the server parsed from it, found with core's
 * `mentionSpans` (the server's own rule), so only real mentions are highlighted.
 */
export function splitMessageText(text: string, mentions: readonly string[]): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const raw = match[0].replace(TRAILING_PUNCTUATION, '');
    const start = match.index;
    const href = safeHref(raw);
    if (!href) continue;
    if (start > last) pieces.push(...splitMentions(text.slice(last, start), mentions));
    pieces.push({ kind: 'link', text: raw, href });
    last = start + raw.length;
  }
  if (last < text.length) pieces.push(...splitMentions(text.slice(last), mentions));
  return pieces;
}

function splitMentions(text: string, mentions: readonly string[]): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const span of mentionSpans(text, mentions)) {
    if (span.start > last) pieces.push({ kind: 'text', text: text.slice(last, span.start) });
    pieces.push({ kind: 'mention', text: text.slice(span.start, span.end), name: span.name });
    last = span.end;
  }
  if (last < text.length) pieces.push({ kind: 'text', text: text.slice(last) });
  return pieces;
}

/** The '@word' being typed right before the caret, for autocomplete; null when none is. */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)@([^\s@]{0,24})$/u.exec(before);
  if (!match) return null;
  const query = match[2] ?? '';
  return { start: caret - query.length - 1, query };
}

/** The recent chatters whose names start with `query` (case-insensitive), newest first, without me. */
export function mentionSuggestions(
  recentNames: readonly string[],
  query: string,
  me: string | null,
  limit = 5,
): string[] {
  const wanted = query.toLocaleLowerCase();
  const mine = me?.toLocaleLowerCase();
  return recentNames
    .filter((name) => name.toLocaleLowerCase() !== mine && name.toLocaleLowerCase().startsWith(wanted))
    .slice(0, limit);
}
