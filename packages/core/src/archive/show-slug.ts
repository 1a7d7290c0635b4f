/** Longest slug kept: a show page's address stays short whatever the show is called. */
export const SHOW_SLUG_MAX_CHARS = 80;

/**
 * The show's address part (`/shows/<slug>`, its feed): lower-case letters and digits joined by
 * single hyphens, accents dropped ('Sráid na Gealaí' → 'sraid-na-gealai'). Applying it to a slug
 * gives the same slug, so a link may carry either the slug or the show's name. '' when nothing of
 * the name survives (a name of emoji only): such a show gets no page or feed.
 */
export function showSlug(show: string): string {
  return show
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SHOW_SLUG_MAX_CHARS)
    .replace(/-+$/, '');
}

/** What a slug in a URL may look like; anything else is refused before any lookup. */
export const SHOW_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
