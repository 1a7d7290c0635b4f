import fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import {
  addFavorite,
  DEFAULT_NOTIFICATION_SETTINGS,
  isFavorite,
  notificationSettingsSchema,
  removeFavorite,
  repairFavoriteIds,
  repairNotificationSettings,
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

  describe('repairNotificationSettings (stored values, spec §3)', () => {
    it('gives a bad reminderTime its default and keeps every other field and favourite', () => {
      const stored = {
        enabled: true,
        showScheduleReminders: false,
        showNewShowAlerts: false,
        favoriteShows: ['A-Show', 'Seán-Deep Dublin'],
        reminderTime: 20,
      };
      expect(notificationSettingsSchema.safeParse(stored).success).toBe(false);
      expect(repairNotificationSettings(stored)).toEqual({ ...stored, reminderTime: 15 });
    });

    it('keeps each valid favourite, drops only the bad entries and the repeats', () => {
      const stored = { favoriteShows: ['A-Show', 42, '', null, 'B-Show', 'A-Show', 'x'.repeat(501)], reminderTime: 30 };
      expect(repairNotificationSettings(stored)).toEqual({
        ...DEFAULT_NOTIFICATION_SETTINGS,
        favoriteShows: ['A-Show', 'B-Show'],
        reminderTime: 30,
      });
    });

    it('repairs each wrong-typed field on its own', () => {
      expect(
        repairNotificationSettings({ enabled: 'yes', showScheduleReminders: 0, showNewShowAlerts: true, favoriteShows: 'A-Show', reminderTime: 5 }),
      ).toEqual({ ...DEFAULT_NOTIFICATION_SETTINGS, favoriteShows: [], reminderTime: 5 });
    });

    it('reads anything that is not an object as the defaults', () => {
      for (const input of [null, undefined, 7, 'settings', ['A-Show']]) {
        expect(repairNotificationSettings(input)).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
      }
    });

    it('always returns settings the schema accepts, and never loses a valid favourite', () => {
      const validId = fc.string({ minLength: 1, maxLength: 500 });
      const anyEntry = fc.oneof(validId, fc.anything());
      fc.assert(
        fc.property(
          fc.record(
            {
              enabled: fc.anything(),
              showScheduleReminders: fc.anything(),
              showNewShowAlerts: fc.anything(),
              favoriteShows: fc.array(anyEntry, { maxLength: 30 }),
              reminderTime: fc.oneof(fc.constantFrom(5, 10, 15, 30, 60), fc.anything()),
            },
            { requiredKeys: [] },
          ),
          (stored) => {
            const repaired = repairNotificationSettings(stored);
            expect(notificationSettingsSchema.parse(repaired)).toEqual(repaired);
            const valid = (stored.favoriteShows ?? []).filter(
              (id): id is string => typeof id === 'string' && id.length >= 1 && id.length <= 500,
            );
            expect(repaired.favoriteShows).toEqual([...new Set(valid)]);
            for (const key of ['enabled', 'showScheduleReminders', 'showNewShowAlerts'] as const) {
              expect(repaired[key]).toBe(typeof stored[key] === 'boolean' ? stored[key] : DEFAULT_NOTIFICATION_SETTINGS[key]);
            }
          },
        ),
      );
    });

    it('gives a list over the limit its first 1000 distinct ids', () => {
      const ids = Array.from({ length: 1_200 }, (_, index) => `Artist ${index}-Show`);
      expect(repairFavoriteIds(ids)).toEqual(ids.slice(0, 1_000));
    });
  });
});
