import { CHAT_NAME_MAX_CHARS, chatNameKey } from './chat-name.ts';

/** At most this many different chatters are mentioned by one message (the rest is plain text). */
export const CHAT_MENTIONS_MAX = 10;
/**
 * Only this many '@'s of a message are looked at as the start of a mention: a message of nothing
 * but '@'s costs the server no more than a few real mentions do.
 */
export const CHAT_MENTION_SIGNS_MAX = 50;

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
/** What a chat name is made of (chat-name.ts): a mention reads no further than these. */
const NAME_CHAR = /^[\p{L}\p{M}\p{Nd} _.-]$/u;

/**
 * Each '@' of the (NFC) `text` that may start a mention, with the text after it that could be a
 * name, longest first: every run of name characters, at most a name's length, that ends on a name's
 * edge. Bounded by `CHAT_MENTION_SIGNS_MAX` '@'s and `CHAT_NAME_MAX_CHARS` characters after each, so
 * the work per message is bounded whatever the text and however many chatters are in the room.
 */
function* mentionCandidates(text: string): Generator<{ at: number; names: string[] }> {
  let signs = 0;
  for (
    let at = text.indexOf('@');
    at !== -1 && signs < CHAT_MENTION_SIGNS_MAX;
    at = text.indexOf('@', at + 1)
  ) {
    signs += 1;
    // '@' inside a word (an e-mail address) is no mention.
    if (at > 0 && NAME_CONTINUES.test(text.slice(at - 1, at))) continue;
    const names: string[] = [];
    let end = at + 1;
    for (let chars = 0; chars < CHAT_NAME_MAX_CHARS && end < text.length; chars += 1) {
      const char = String.fromCodePoint(text.codePointAt(end) ?? 0);
      if (!NAME_CHAR.test(char)) break;
      end += char.length;
      if (char !== ' ' && !NAME_CONTINUES.test(text.slice(end, end + 2))) names.push(text.slice(at + 1, end));
    }
    yield { at, names: names.reverse() };
  }
}

const fold = (name: string) => name.toLocaleLowerCase('en');

/**
 * Where `@name` mentions of known chatters stand in `text`. Names may hold spaces, so a mention is
 * the longest known name that follows an '@' (compared case-insensitively, NFC), not a word: the
 * server passes the names of chatters in the room, the web app the message's mentions to highlight.
 * Known names are looked up, never walked: the cost follows the text, not the size of the room.
 */
export function mentionSpans(text: string, knownNames: readonly string[]): MentionSpan[] {
  const byFolded = new Map<string, string>();
  for (const known of knownNames) {
    const name = known.normalize('NFC');
    if (!byFolded.has(fold(name))) byFolded.set(fold(name), name);
  }
  const spans: MentionSpan[] = [];
  for (const { at, names } of mentionCandidates(text.normalize('NFC'))) {
    for (const candidate of names) {
      const name = byFolded.get(fold(candidate));
      // Same length as the text it stands for: the span's end is where the name ends in the text.
      if (name === undefined || name.length !== candidate.length) continue;
      spans.push({ start: at, end: at + 1 + name.length, name });
      break;
    }
  }
  return spans;
}

/**
 * The name keys (`chatNameKey`) of every name `text` could mention: the server asks its store for
 * the live names under these keys only, instead of reading every name in the room. A name that
 * matches a mention case-insensitively has the same key, since the key folds case first.
 */
export function mentionCandidateKeys(text: string): string[] {
  const keys = new Set<string>();
  for (const { names } of mentionCandidates(text.normalize('NFC'))) {
    for (const name of names) {
      const key = chatNameKey(name);
      if (key !== '') keys.add(key);
    }
  }
  return [...keys];
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
