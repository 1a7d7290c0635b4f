import type { ShowSlot } from './types.ts';

export const SHOW_IMAGE_DIR = '/images/shows/';
const SHOW_IMAGE_SUFFIX = '_400.jpg';
/** Name used when an artist has no letters or digits at all; the web falls back on a 404 anyway. */
const UNKNOWN_ARTIST_IMAGE_NAME = 'unknown';

/** Removes accents (the Irish fada: á é í ó ú, Á É Í Ó Ú, and any other Latin accent). */
function foldAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '');
}

/**
 * The image path of a slot (spec §5). An image already under /images/shows/ is kept; anything else
 * (empty, or an outside URL) is replaced by /images/shows/<name>_400.jpg, with <name> made from the
 * artist: fadas are folded to their base letter, then every run of non-alphanumerics becomes one '_'
 * and leading/trailing '_' are trimmed.
 *
 * Irish names need nothing more, and deliberately get nothing more: the Ó of a surname keeps its
 * letter ('Seán Ó Briain' → 'Sean_O_Briain', where a plain ASCII rule would drop it), the apostrophe
 * of O'Brien separates like a space ('Dara_O_Brien'), and Mac / Mc / Ní / Nic stay words
 * ('Ciarán Mac Giolla' → 'Ciaran_Mac_Giolla'). That is how the station's files are named, so one
 * rule a station can apply by hand gives the file for every artist; a combined artist
 * ('Cormac & Fionn') is one name like any other ('Cormac_Fionn').
 */
export function showImagePath(slot: Pick<ShowSlot, 'artist' | 'image'>): string {
  const image = slot.image.trim();
  if (image.startsWith(SHOW_IMAGE_DIR)) return image;
  const name = foldAccents(slot.artist)
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return `${SHOW_IMAGE_DIR}${name || UNKNOWN_ARTIST_IMAGE_NAME}${SHOW_IMAGE_SUFFIX}`;
}
