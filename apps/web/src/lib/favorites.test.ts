import { DEFAULT_NOTIFICATION_SETTINGS, SLOT_TEXT_MAX_CHARS, STORAGE_KEYS, favoriteId } from '@onair/core';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerAnalyticsSink, type AnalyticsEvent } from './analytics.ts';
import { toggleFavorite } from './favorites.ts';
import { readStored } from './storage.ts';
import * as stored from './stored.ts';

const storedSettings = () =>
  JSON.parse(localStorage.getItem(STORAGE_KEYS.notificationSettings) ?? 'null') as unknown;

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
    expect(storedSettings()).toEqual({
      enabled: false,
      showScheduleReminders: true,
      showNewShowAlerts: true,
      showNewEpisodeAlerts: false,
      favoriteShows: ['DJ Tadhg-Show'],
      reminderTime: 15,
    });
    expect(events.map((event) => [event.name, event.params])).toEqual([
      ['show_favorited', { show_id: 'DJ Tadhg-Show' }],
    ]);
  });

  it('reports the whole id of a show with the longest names the schedule allows, which the server matches', () => {
    const slot = { artist: 'a'.repeat(SLOT_TEXT_MAX_CHARS), show: 's'.repeat(SLOT_TEXT_MAX_CHARS) };
    toggleFavorite(slot);
    expect(events.map((event) => event.params)).toEqual([{ show_id: favoriteId(slot) }]);
    expect(favoriteId(slot)).toHaveLength(2 * SLOT_TEXT_MAX_CHARS + 1);
  });

  it('never stores a favourite twice, and removes it on the second toggle', () => {
    localStorage.setItem(
      STORAGE_KEYS.notificationSettings,
      JSON.stringify({ enabled: true, favoriteShows: ['A-B', 'A-B'], reminderTime: 30 }),
    );
    expect(toggleFavorite({ artist: 'A', show: 'B' })).toBe(false);
    expect(readStored(stored.notificationSettings)).toMatchObject({
      enabled: true,
      favoriteShows: [],
      reminderTime: 30,
    });
    toggleFavorite({ artist: 'A', show: 'B' });
    expect(readStored(stored.notificationSettings).favoriteShows).toEqual(['A-B']);
    expect(events.map((event) => event.name)).toEqual(['show_unfavorited', 'show_favorited']);
  });

  it('keeps every favourite when one setting is bad: reminderTime 20 becomes 15, the rest stays', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const saved = {
      enabled: true,
      showScheduleReminders: false,
      showNewShowAlerts: true,
      favoriteShows: ['Seán Ó Briain-Deep Dublin', 'DJ Tadhg-Show'],
      reminderTime: 20,
    };
    localStorage.setItem(STORAGE_KEYS.notificationSettings, JSON.stringify(saved));
    // Saved before New Episode Alerts existed: that switch takes its default (off).
    const repaired = { ...saved, reminderTime: 15, showNewEpisodeAlerts: false };
    expect(readStored(stored.notificationSettings)).toEqual(repaired);
    // Written back repaired, and the warning names the key and the field.
    expect(storedSettings()).toEqual(repaired);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/playfm_notification_settings.*reminderTime/);

    // A toggle on top of the repaired value adds to the kept favourites.
    toggleFavorite({ artist: 'Aoife', show: 'Sunrise' });
    expect(readStored(stored.notificationSettings).favoriteShows).toEqual([
      'Seán Ó Briain-Deep Dublin',
      'DJ Tadhg-Show',
      'Aoife-Sunrise',
    ]);
  });

  it('drops only the invalid favourites and the repeats', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem(
      STORAGE_KEYS.notificationSettings,
      JSON.stringify({ enabled: true, favoriteShows: ['A-B', 7, null, '', 'C-D', 'A-B'], reminderTime: 60 }),
    );
    expect(readStored(stored.notificationSettings)).toEqual({
      ...DEFAULT_NOTIFICATION_SETTINGS,
      enabled: true,
      favoriteShows: ['A-B', 'C-D'],
      reminderTime: 60,
    });
  });

  it('reads a value that is not JSON as the defaults, with a warning, never throwing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem(STORAGE_KEYS.notificationSettings, '{"favoriteShows": ["A-B"');
    expect(readStored(stored.notificationSettings)).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    expect(localStorage.getItem(STORAGE_KEYS.notificationSettings)).toBeNull();
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/playfm_notification_settings.*not JSON/);
    expect(toggleFavorite({ artist: 'A', show: 'B' })).toBe(true);
  });

  it('never loses a valid favourite stored next to bad entries and bad fields', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const validId = fc.string({ minLength: 1, maxLength: 40 });
    fc.assert(
      fc.property(
        fc.array(fc.oneof(validId, fc.integer(), fc.constant(null), fc.constant(''), fc.object()), {
          maxLength: 20,
        }),
        fc.anything(),
        fc.anything(),
        (favoriteShows, enabled, reminderTime) => {
          localStorage.setItem(
            STORAGE_KEYS.notificationSettings,
            JSON.stringify({ enabled, favoriteShows, reminderTime }),
          );
          const valid = favoriteShows.filter((id): id is string => typeof id === 'string' && id !== '');
          expect(readStored(stored.notificationSettings).favoriteShows).toEqual([...new Set(valid)]);
        },
      ),
    );
  });
});
