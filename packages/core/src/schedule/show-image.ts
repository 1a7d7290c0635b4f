import type { ShowSlot } from './types.ts';

export const SHOW_IMAGE_DIR = '/images/shows/';
const SHOW_IMAGE_SUFFIX = '_400.jpg';
/** Name used when an artist has no letters or digits at all; the web falls back on a 404 anyway. */
const UNKNOWN_ARTIST_IMAGE_NAME = 'unknown';

const NOT_LETTER_BEFORE = '(?<![\\p{L}\\p{N}])';
// Case 1 — Ó / O' surnames: 'Ó Briain', "O'Brien" and 'O’Brien' join the prefix to the surname
// ('OBriain', 'OBrien') instead of leaving a lone 'O_' word. A plain 'O ' without fada or apostrophe
// is left alone, since it is also an ordinary word ('O Emperor').
const O_PREFIX = new RegExp(`${NOT_LETTER_BEFORE}(?:[ÓO]['’]\\s*|Ó\\s+)(?=\\p{Lu})`, 'gu');
// Case 2 — Mac / Mc surnames written apart: 'Mac Suibhne', 'Mc Grath' → 'MacSuibhne', 'McGrath', so
// both spellings of one DJ share one image file with the joined spelling.
const MAC_PREFIX = new RegExp(`${NOT_LETTER_BEFORE}(Mac|Mc)\\s+(?=\\p{Lu})`, 'gu');

/** Removes accents (the Irish fada: á é í ó ú, Á É Í Ó Ú, and any other Latin accent). */
function foldAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '');
}

/**
 * The image path of a slot (spec §5). An image already under /images/shows/ is kept; anything else
 * (empty, or an outside URL) is replaced by /images/shows/<name>_400.jpg, with <name> made from the
 * artist: the two Irish surname cases below are joined first (on the original spelling, because
 * folding would erase the fada that marks 'Ó'), fadas are folded to their base letter (Seán → Sean),
 * then every run of non-alphanumerics becomes one '_' and leading/trailing '_' are trimmed.
 *   1. Ó / O' prefix joined to the surname: 'Seán Ó Briain' → 'Sean_OBriain', "Dara O'Brien" → 'Dara_OBrien'.
 *   2. Mac / Mc written apart joined: 'Máire Mac Suibhne' → 'Maire_MacSuibhne', 'Mc Grath' → 'McGrath'.
 */
export function showImagePath(slot: Pick<ShowSlot, 'artist' | 'image'>): string {
  const image = slot.image.trim();
  if (image.startsWith(SHOW_IMAGE_DIR)) return image;
  const joined = slot.artist.replace(O_PREFIX, (prefix) => prefix.charAt(0)).replace(MAC_PREFIX, '$1');
  const name = foldAccents(joined)
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return `${SHOW_IMAGE_DIR}${name || UNKNOWN_ARTIST_IMAGE_NAME}${SHOW_IMAGE_SUFFIX}`;
}
