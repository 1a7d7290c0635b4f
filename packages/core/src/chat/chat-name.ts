import confusables from 'unhomoglyph/data.json' with { type: 'json' };
import { isSingleScript } from 'unicode-script';
import * as z from 'zod/mini';
import { CHAT_MUTE_MAX_MINUTES } from './chat-schema.ts';

/** Shortest and longest chat name, in characters (code points) after trimming. */
export const CHAT_NAME_MIN_CHARS = 2;
export const CHAT_NAME_MAX_CHARS = 24;

/** Letters of any script (fadas and other accents included), digits, space, '_', '-', '.'. */
const NAME_CHARS = /^[\p{L}\p{M}\p{Nd} _.-]+$/u;
const HAS_LETTER = /\p{L}/u;
/**
 * Characters that draw nothing, though some count as letters (the Hangul fillers ㅤ) or marks
 * (variation selectors, the combining grapheme joiner): a name made of them looks blank, and one
 * hidden inside a name makes a twin of it that looks the same.
 */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/u;
const INVISIBLES = new RegExp(INVISIBLE, 'gu');

/**
 * UTS #39 skeleton: each character (after NFD) replaced by the prototype of its look-alikes in
 * Unicode's confusables.txt, as the unhomoglyph package ships it (its data only: a lookup per
 * character is all a skeleton needs, and a JSON module runs no code when a bundle loads it).
 */
function skeleton(text: string): string {
  let prototypes = '';
  for (const char of text.normalize('NFD'))
    prototypes += Object.hasOwn(confusables, char) ? confusables[char as keyof typeof confusables] : char;
  return prototypes.normalize('NFD');
}

/**
 * The name as it is kept and shown: Unicode NFC (a fada typed as a combining mark and as one
 * character become the same name), trimmed, inner runs of spaces collapsed to one.
 */
export function normalizeChatName(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/gu, ' ');
}

/**
 * Whether `name` (after `normalizeChatName`) is a valid chat name: 2–24 allowed characters, at
 * least one a letter, nothing invisible, and its letters all of one script (UTS #39 mixed-script
 * detection: 'Аоіfе' with Cyrillic vowels is refused, 'Seán', 'Ōsaka 1' and '山田 たろう' are not).
 */
export function isValidChatName(name: string): boolean {
  const normalized = normalizeChatName(name);
  const length = [...normalized].length;
  return (
    length >= CHAT_NAME_MIN_CHARS &&
    length <= CHAT_NAME_MAX_CHARS &&
    NAME_CHARS.test(normalized) &&
    HAS_LETTER.test(normalized) &&
    !INVISIBLE.test(normalized) &&
    isSingleScript(normalized) &&
    // Letters that only look like punctuation ('ǃ' like '!', 'ʼ' like an apostrophe) are not enough.
    chatNameKey(normalized) !== ''
  );
}

/** The sentence shown for a name that breaks the rule (the server's 400 answers with it too). */
export const CHAT_NAME_RULE =
  'Names are 2–24 characters: letters (at least one, all of one alphabet), digits, spaces and _ - . — no invisible characters.';

/**
 * How two chat names are compared for "is this name taken": case, width, accents, punctuation and
 * look-alike letters folded, so 'Seán', 'sean', 'S.E.A.N' and 'ѕеаn' (Cyrillic) are one name and
 * nobody can pose as another chatter with a look-alike. The look-alikes are Unicode's confusables
 * (UTS #39 skeleton, data from the unhomoglyph package), applied after case folding so that case
 * never matters: the key depends on the name's lower case only.
 */
export function chatNameKey(name: string): string {
  const folded = name.toLowerCase().normalize('NFKC').toLowerCase().replace(INVISIBLES, '');
  return (
    skeleton(folded)
      .replace(/\p{M}+/gu, '')
      // Some look-alikes' prototypes are capitals ('0' → 'O'): fold case once more.
      .toLowerCase()
      // Spaces and punctuation, typed or look-alikes ('ǃ' is '!'); symbols stay ('ð' looks like '∂').
      .replace(/[^\p{L}\p{N}\p{S}]+/gu, '')
  );
}

/**
 * The key of a name as it looks, capitals kept: Cyrillic 'ТОМ' looks like 'TOM', though its lower
 * case 'том' looks like no Latin name and so has another `chatNameKey`. No key can fold both case
 * and look-alikes of each case ('I' is 'i' in lower case but looks like 'l'), so what must never be
 * posed as (the admin's name) is compared by both keys.
 */
export function chatNameSeenKey(name: string): string {
  return chatNameKey(skeleton(name.normalize('NFKC').replace(INVISIBLES, '')));
}

/** Whether two names are one by either key: same name folded, or same look as typed. */
export function chatNamesClash(a: string, b: string): boolean {
  return [chatNameKey, chatNameSeenKey].some((key) => key(a) !== '' && key(a) === key(b));
}

// The request bodies that carry a chosen name live here, not in chat-schema.ts: the app's first
// screen reads chat events through chat-schema.ts, and must not carry the look-alike data with it.
export const chatNameSchema = z.pipe(
  z.string().check(z.maxLength(200), z.refine(isValidChatName, CHAT_NAME_RULE)),
  z.transform(normalizeChatName),
);

/** POST /api/chat/session */
export const chatSessionBodySchema = z.object({ name: chatNameSchema });
export type ChatSessionBody = z.input<typeof chatSessionBodySchema>;

/** POST /api/chat/mutes (admin): mute `name` for `minutes` (0 lifts the mute). */
export const chatMuteBodySchema = z.object({
  name: chatNameSchema,
  minutes: z.int().check(z.minimum(0), z.maximum(CHAT_MUTE_MAX_MINUTES)),
});
