import type { Schedule, ShowSlot } from './types.ts';

/** Favourite show id (spec §3): artist + '-' + show, with 'Show' when the show name is blank. */
export function favoriteId(slot: Pick<ShowSlot, 'artist' | 'show'>): string {
  return `${slot.artist}-${slot.show.trim() === '' ? 'Show' : slot.show}`;
}

/** How a favourite is named in a list: 'Show — Artist', or the artist alone when that is the show's name too. */
export function favoriteName(slot: Pick<ShowSlot, 'artist' | 'show'>): string {
  const show = slot.show.trim();
  return show === '' || show === slot.artist ? slot.artist : `${show} — ${slot.artist}`;
}

/** The week's shows, each once: favourite id → name. */
export function favoriteNames(schedule: Schedule): Map<string, string> {
  const names = new Map<string, string>();
  for (const { shows } of schedule) for (const slot of shows) names.set(favoriteId(slot), favoriteName(slot));
  return names;
}
