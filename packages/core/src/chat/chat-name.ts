/** Shortest and longest chat name, in characters (code points) after trimming. */
export const CHAT_NAME_MIN_CHARS = 2;
export const CHAT_NAME_MAX_CHARS = 24;

/** Letters of any script (fadas and other accents included), digits, space, '_', '-', '.'. */
const NAME_CHARS = /^[\p{L}\p{M}\p{Nd} _.-]+$/u;
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{Nd}]/u;

/**
 * The name as it is kept and shown: Unicode NFC (a fada typed as a combining mark and as one
 * character become the same name), trimmed, inner runs of spaces collapsed to one.
 */
export function normalizeChatName(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/gu, ' ');
}

/** Whether `name` (after `normalizeChatName`) is a valid chat name: 2–24 allowed characters, one a letter or digit. */
export function isValidChatName(name: string): boolean {
  const normalized = normalizeChatName(name);
  const length = [...normalized].length;
  return (
    length >= CHAT_NAME_MIN_CHARS &&
    length <= CHAT_NAME_MAX_CHARS &&
    NAME_CHARS.test(normalized) &&
    HAS_LETTER_OR_DIGIT.test(normalized)
  );
}

/** The sentence shown for a name that breaks the rule (the server's 400 answers with it too). */
export const CHAT_NAME_RULE =
  'Names are 2–24 characters: letters, digits, spaces and _ - . only.';

/**
 * How two chat names are compared for "is this name taken": case, accents and punctuation folded,
 * so 'Seán', 'sean' and 'S.E.A.N' are one name and nobody can pose as another chatter with a look-alike.
 */
export function chatNameKey(name: string): string {
  return name
    .normalize('NFKC')
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}
