import emojiRegex from 'emoji-regex';

/** The quick row of reactions every message offers; any other single emoji is allowed too. */
export const CHAT_REACTIONS = ['👍', '❤️', '😂', '🔥', '🎉', '🙌'] as const;

/**
 * Different emoji one message may carry. A room's moods fit in far fewer; without a cap ten chatters
 * put 203 on one message, and every later change of it sent all of them to everyone.
 */
export const CHAT_REACTION_KINDS_MAX = 20;
/** Emoji one chatter may put on one message: a reaction, not a row of them. */
export const CHAT_REACTIONS_PER_CHATTER_MAX = 3;

/** VARIATION SELECTOR-16: "show the emoji style". Optional in what people type, fixed in what is kept. */
const VS16 = '\uFE0F';
/** The longest RGI emoji (a kiss with two skin tones) is 15 UTF-16 code units; this leaves room. */
const REACTION_MAX_CODE_UNITS = 32;
/** A character that is an emoji but shows as text unless VS16 follows it (©, ❤, ☘, the digits of a keycap). */
const TEXT_STYLE_EMOJI = /^\p{Emoji}$/u;
const EMOJI_STYLE = /^\p{Emoji_Presentation}$/u;
const SKIN_TONE = /^\p{Emoji_Modifier}$/u;

/**
 * Built on first use: the web app reads `CHAT_REACTIONS` from this module and never checks a
 * reaction, so it need not compile a 14 KB pattern (nor, tree-shaken, carry it). emoji-regex matches
 * the whole of Unicode's emoji-test list, written with surrogate pairs, so no `u` flag.
 */
let rgiEmoji: RegExp | undefined;

/**
 * The reaction as it is kept and shown: `input` as a fully-qualified RGI emoji (Unicode's
 * emoji-test list), or null when it is none. VS16 is normalised: every one is dropped, then one is
 * put back after each text-style emoji character not followed by a skin tone, as the list writes
 * it. So 👍 and 👍+VS16 are one 👍, a bare ❤ is ❤️, while a ZWJ chain the list does not hold, a flag
 * spelling text in tag characters, or two emoji are refused.
 */
export function canonicalReaction(input: string): string | null {
  if (input.length === 0 || input.length > REACTION_MAX_CODE_UNITS) return null;
  const points = [...input.replaceAll(VS16, '')];
  let canonical = '';
  points.forEach((point, index) => {
    canonical += point;
    const textStyle = TEXT_STYLE_EMOJI.test(point) && !EMOJI_STYLE.test(point);
    if (textStyle && !SKIN_TONE.test(points[index + 1] ?? '')) canonical += VS16;
  });
  rgiEmoji ??= new RegExp(`^(?:${emojiRegex().source})$`);
  return rgiEmoji.test(canonical) ? canonical : null;
}
