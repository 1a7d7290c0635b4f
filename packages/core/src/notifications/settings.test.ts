import { describe, it, expect } from 'vitest';
import {
  addFavorite,
  DEFAULT_NOTIFICATION_SETTINGS,
  isFavorite,
  notificationSettingsSchema,
  removeFavorite,
} from './settings.ts';

describe('notification settings', () => {
  it('has the spec §3 defaults', () => {
    expect(DEFAULT_NOTIFICATION_SETTINGS).toEqual({
      enabled: false,
      showScheduleReminders: true,
      showNewShowAlerts: true,
      favoriteShows: [],
      reminderTime: 15,
    });
  });

  it('fills missing fields with defaults', () => {
    expect(notificationSettingsSchema.parse({})).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    expect(notificationSettingsSchema.parse({ enabled: true, favoriteShows: ['A-Show'] })).toEqual({
      ...DEFAULT_NOTIFICATION_SETTINGS,
      enabled: true,
      favoriteShows: ['A-Show'],
    });
  });

  it('gives each parse its own favourites list', () => {
    const first = notificationSettingsSchema.parse({});
    (first.favoriteShows as string[]).push('x');
    expect(notificationSettingsSchema.parse({}).favoriteShows).toEqual([]);
  });

  it('collapses duplicate favourites from storage', () => {
    expect(
      notificationSettingsSchema.parse({ favoriteShows: ['A-Show', 'B-Show', 'A-Show'] }).favoriteShows,
    ).toEqual(['A-Show', 'B-Show']);
  });

  it('rejects wrong types and reminder times outside the options', () => {
    expect(notificationSettingsSchema.safeParse({ enabled: 'yes' }).success).toBe(false);
    expect(notificationSettingsSchema.safeParse({ favoriteShows: 'A-Show' }).success).toBe(false);
    expect(notificationSettingsSchema.safeParse({ reminderTime: 7 }).success).toBe(false);
    for (const minutes of [5, 10, 15, 30, 60]) {
      expect(notificationSettingsSchema.parse({ reminderTime: minutes }).reminderTime).toBe(minutes);
    }
  });

  it('never adds a favourite twice and removes it', () => {
    const once = addFavorite(DEFAULT_NOTIFICATION_SETTINGS, 'Seán-Deep Dublin');
    const twice = addFavorite(once, 'Seán-Deep Dublin');
    expect(twice).toBe(once);
    expect(twice.favoriteShows).toEqual(['Seán-Deep Dublin']);
    expect(isFavorite(once, 'Seán-Deep Dublin')).toBe(true);
    expect(DEFAULT_NOTIFICATION_SETTINGS.favoriteShows).toEqual([]);
    const removed = removeFavorite(once, 'Seán-Deep Dublin');
    expect(removed.favoriteShows).toEqual([]);
    expect(removeFavorite(removed, 'missing')).toBe(removed);
  });
});
