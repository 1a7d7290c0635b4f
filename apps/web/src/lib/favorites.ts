import { addFavorite, favoriteId, isFavorite, removeFavorite, type ShowSlot } from '@onair/core';
import { track } from './analytics.ts';
import { readStored, writeStored } from './storage.ts';
import * as stored from './stored.ts';
import { useStored } from './use-stored.ts';

// Favourites live inside the notification settings (spec §3), under the original app's key.

/** What a heart names: the show, or the artist when the show has no name. */
export function showLabel(slot: Pick<ShowSlot, 'artist' | 'show'>): string {
  return slot.show.trim() === '' ? slot.artist : slot.show;
}

/** The favourite ids, live across components and tabs. */
export function useFavoriteIds(): readonly string[] {
  return useStored(stored.notificationSettings)[0].favoriteShows;
}

/**
 * Adds or removes a show from the favourites (never twice, spec §5) and reports it. Reads the stored
 * settings afresh so a change made in another tab is not overwritten. Returns the new state.
 */
export function toggleFavorite(slot: Pick<ShowSlot, 'artist' | 'show'>): boolean {
  const id = favoriteId(slot);
  const settings = readStored(stored.notificationSettings);
  const adding = !isFavorite(settings, id);
  writeStored(stored.notificationSettings, adding ? addFavorite(settings, id) : removeFavorite(settings, id));
  // The id alone: the server counts only shows of its schedule and names them as the schedule does.
  track(adding ? 'show_favorited' : 'show_unfavorited', { show_id: id });
  return adding;
}

/**
 * Removes a favourite by its id and reports it (the Notifications list, where the show may no longer
 * be on the schedule).
 */
export function unfavorite(id: string): void {
  const settings = readStored(stored.notificationSettings);
  if (!isFavorite(settings, id)) return;
  writeStored(stored.notificationSettings, removeFavorite(settings, id));
  track('show_unfavorited', { show_id: id });
}
