import type { ShowSlot } from './types.ts';

/** Favourite show id (spec §3): artist + '-' + show, with 'Show' when the show name is blank. */
export function favoriteId(slot: Pick<ShowSlot, 'artist' | 'show'>): string {
  return `${slot.artist}-${slot.show.trim() === '' ? 'Show' : slot.show}`;
}
