import {
  addFavorite,
  DEFAULT_NOTIFICATION_SETTINGS,
  favoriteId,
  isFavorite,
  notificationSettingsSchema,
  removeFavorite,
  STORAGE_KEYS,
  type NotificationSettings,
  type ShowSlot,
} from '@onair/core';
import { track } from './analytics.ts';
import { defineStored, readStored, writeStored } from './storage.ts';
import { useStored } from './use-stored.ts';

/**
 * The listener's notification settings (spec §3), kept under the original app's key so existing
 * favourites carry over; missing fields read as their defaults. Favourites live inside it.
 */
export const notificationSettingsStored = defineStored<NotificationSettings>({
  key: STORAGE_KEYS.notificationSettings,
  schema: notificationSettingsSchema,
  fallback: DEFAULT_NOTIFICATION_SETTINGS,
});

/** What a heart names: the show, or the artist when the show has no name. */
export function showLabel(slot: Pick<ShowSlot, 'artist' | 'show'>): string {
  return slot.show.trim() === '' ? slot.artist : slot.show;
}

/** The favourite ids, live across components and tabs. */
export function useFavoriteIds(): readonly string[] {
  return useStored(notificationSettingsStored)[0].favoriteShows;
}

/**
 * Adds or removes a show from the favourites (never twice, spec §5) and reports it. Reads the stored
 * settings afresh so a change made in another tab is not overwritten. Returns the new state.
 */
export function toggleFavorite(slot: Pick<ShowSlot, 'artist' | 'show'>): boolean {
  const id = favoriteId(slot);
  const settings = readStored(notificationSettingsStored);
  const adding = !isFavorite(settings, id);
  writeStored(notificationSettingsStored, adding ? addFavorite(settings, id) : removeFavorite(settings, id));
  track(adding ? 'show_favorited' : 'show_unfavorited', { show_id: id, show_name: showLabel(slot) });
  return adding;
}
