/** The quick row of reactions every message offers; any other single emoji is allowed too. */
export const CHAT_REACTIONS = ['👍', '❤️', '😂', '🔥', '🎉', '🙌'] as const;

/**
 * One emoji: a pictograph with its modifiers (skin tone, VS16, ZWJ sequences, tag flags), a
 * regional-indicator flag, or a keycap. Anything else — letters, punctuation, two emoji — is junk.
 */
const EMOJI = /^(?:\p{Extended_Pictographic}(?:\p{Extended_Pictographic}|\p{Emoji_Modifier}|\u200D|\uFE0F|[\u{E0020}-\u{E007F}])*|\p{Regional_Indicator}{2}|[0-9#*]\uFE0F?\u20E3)$/u;
/** The longest emoji grapheme in use is a ZWJ family of about 11 code points; this leaves room. */
const REACTION_MAX_CODE_UNITS = 32;

/**
 * Made on first use: building a grapheme segmenter loads ICU's break rules (15 ms in Node here),
 * and every page of the web app loads this module while only the chat ever checks a reaction.
 */
let segmenter: Intl.Segmenter | undefined;

/** Whether `reaction` may be put on a message: one of `CHAT_REACTIONS` or any single emoji grapheme. */
export function isAllowedReaction(reaction: string): boolean {
  if ((CHAT_REACTIONS as readonly string[]).includes(reaction)) return true;
  if (reaction.length === 0 || reaction.length > REACTION_MAX_CODE_UNITS) return false;
  segmenter ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
  return Array.from(segmenter.segment(reaction)).length === 1 && EMOJI.test(reaction);
}
