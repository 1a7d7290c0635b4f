import { STORAGE_KEYS } from '@onair/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerAnalyticsSink, type AnalyticsEvent } from './analytics.ts';
import { notificationSettingsStored, toggleFavorite } from './favorites.ts';
import { readStored } from './storage.ts';

describe('favourites', () => {
  let events: AnalyticsEvent[];
  let unregister: () => void;
  beforeEach(() => {
    localStorage.clear();
    events = [];
    unregister = registerAnalyticsSink((event) => events.push(event));
  });
  afterEach(() => unregister());

  it('stores ids inside the notification settings, with the defaults filled in', () => {
    expect(toggleFavorite({ artist: 'DJ Tadhg', show: '' })).toBe(true);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.notificationSettings) ?? '')).toEqual({
      enabled: false,
      showScheduleReminders: true,
      showNewShowAlerts: true,
      favoriteShows: ['DJ Tadhg-Show'],
      reminderTime: 15,
    });
    expect(events.map((event) => [event.name, event.params])).toEqual([
      ['show_favorited', { show_id: 'DJ Tadhg-Show', show_name: 'DJ Tadhg' }],
    ]);
  });

  it('never stores a favourite twice, and removes it on the second toggle', () => {
    localStorage.setItem(
      STORAGE_KEYS.notificationSettings,
      JSON.stringify({ enabled: true, favoriteShows: ['A-B', 'A-B'], reminderTime: 30 }),
    );
    expect(toggleFavorite({ artist: 'A', show: 'B' })).toBe(false);
    expect(readStored(notificationSettingsStored)).toMatchObject({ enabled: true, favoriteShows: [], reminderTime: 30 });
    toggleFavorite({ artist: 'A', show: 'B' });
    expect(readStored(notificationSettingsStored).favoriteShows).toEqual(['A-B']);
    expect(events.map((event) => event.name)).toEqual(['show_unfavorited', 'show_favorited']);
  });
});
