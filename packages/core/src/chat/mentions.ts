import { chatNameKey } from './chat-name.ts';

/** At most this many different chatters are mentioned by one message (the rest is plain text). */
export const CHAT_MENTIONS_MAX = 10;

export interface MentionSpan {
  /** Index of the '@' in the text (UTF-16 code units, as String.slice counts). */
  start: number;
  /** Index just after the mentioned name. */
  end: number;
  /** The chatter's name as they chose it. */
  name: string;
}

/** A name may not run on into more name characters: '@Ann' in '@Annie' is not a mention of Ann. */
const NAME_CONTINUES = /^[\p{L}\p{M}\p{Nd}_]/u;

/**
 * Where `@name` mentions of known chatters stand in `text`. Names may hold spaces, so a mention is
 * the longest known name that follows an '@' (compared case-insensitively, NFC), not a word: the
 * server passes the names of chatters in the room, the web app the same list to highlight them.
 */
export function mentionSpans(text: string, knownNames: readonly string[]): MentionSpan[] {
  const names = [...new Set(knownNames.map((name) => name.normalize('NFC')))].sort((a, b) => b.length - a.length);
  const lower = text.normalize('NFC');
  const spans: MentionSpan[] = [];
  for (let at = lower.indexOf('@'); at !== -1; at = lower.indexOf('@', at + 1)) {
    // '@' inside a word (an e-mail address) is no mention.
    if (at > 0 && NAME_CONTINUES.test(lower.slice(at - 1, at))) continue;
    const rest = lower.slice(at + 1);
    const name = names.find(
      (candidate) =>
        rest.slice(0, candidate.length).toLocaleLowerCase('en') === candidate.toLocaleLowerCase('en') &&
        !NAME_CONTINUES.test(rest.slice(candidate.length)),
    );
    if (name !== undefined) spans.push({ start: at, end: at + 1 + name.length, name });
  }
  return spans;
}

/** The chatters `text` mentions, each once, in order of first mention, at most `CHAT_MENTIONS_MAX`. */
export function parseMentions(text: string, knownNames: readonly string[]): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const { name } of mentionSpans(text, knownNames)) {
    const key = chatNameKey(name);
    if (seen.has(key)) continue;
    seen.add(key);
    names.push(name);
    if (names.length === CHAT_MENTIONS_MAX) break;
  }
  return names;
}
