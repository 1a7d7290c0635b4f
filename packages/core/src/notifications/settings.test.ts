import fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import { favoriteId } from '../schedule/favorites.ts';
import { MAX_SHOWS_PER_DAY, SLOT_TEXT_MAX_CHARS } from '../schedule/schedule-schema.ts';
import {
  addFavorite,
  DEFAULT_NOTIFICATION_SETTINGS,
  FAVORITE_ID_MAX_CHARS,
  MAX_FAVORITES,
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
      showNewEpisodeAlerts: false,
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

  it('holds as many favourites as a week has slots, each as long as a slot can make it', () => {
    expect(MAX_FAVORITES).toBe(7 * MAX_SHOWS_PER_DAY);
    const longest = favoriteId({
      artist: 'a'.repeat(SLOT_TEXT_MAX_CHARS),
      show: 's'.repeat(SLOT_TEXT_MAX_CHARS),
    });
    expect(longest).toHaveLength(FAVORITE_ID_MAX_CHARS);
    const full = Array.from({ length: MAX_FAVORITES }, (_, index) =>
      `${index}-${longest}`.slice(0, FAVORITE_ID_MAX_CHARS),
    );
    expect(notificationSettingsSchema.safeParse({ favoriteShows: full }).success).toBe(true);
    const tooMany = notificationSettingsSchema.safeParse({ favoriteShows: [...full, 'One-More'] });
    expect(tooMany.error?.issues.map((issue) => [issue.path.join('.'), issue.code])).toEqual([
      ['favoriteShows', 'too_big'],
    ]);
    const tooLong = notificationSettingsSchema.safeParse({ favoriteShows: [`${longest}x`] });
    expect(tooLong.error?.issues.map((issue) => [issue.path.join('.'), issue.code])).toEqual([
      ['favoriteShows.0', 'too_big'],
    ]);
  });

  it('makes room for a new favourite at the limit by dropping the oldest', () => {
    const full = {
      ...DEFAULT_NOTIFICATION_SETTINGS,
      favoriteShows: Array.from({ length: MAX_FAVORITES }, (_, index) => `Artist ${index}-Show`),
    };
    const added = addFavorite(full, 'Seán-Deep Dublin');
    expect(added.favoriteShows).toHaveLength(MAX_FAVORITES);
    expect(added.favoriteShows).toEqual([...full.favoriteShows.slice(1), 'Seán-Deep Dublin']);
    expect(notificationSettingsSchema.safeParse(added).success).toBe(true);
  });

  describe('repairNotificationSettings (stored values, spec §3)', () => {
    it('gives a bad reminderTime its default and keeps every other field and favourite', () => {
      const stored = {
        enabled: true,
        showScheduleReminders: false,
        showNewShowAlerts: false,
        showNewEpisodeAlerts: true,
        favoriteShows: ['A-Show', 'Seán-Deep Dublin'],
        reminderTime: 20,
      };
      expect(notificationSettingsSchema.safeParse(stored).success).toBe(false);
      expect(repairNotificationSettings(stored)).toEqual({ ...stored, reminderTime: 15 });
    });

    it('keeps each valid favourite, drops only the bad entries and the repeats', () => {
      const stored = {
        favoriteShows: ['A-Show', 42, '', null, 'B-Show', 'A-Show', 'x'.repeat(FAVORITE_ID_MAX_CHARS + 1)],
        reminderTime: 30,
      };
      expect(repairNotificationSettings(stored)).toEqual({
        ...DEFAULT_NOTIFICATION_SETTINGS,
        favoriteShows: ['A-Show', 'B-Show'],
        reminderTime: 30,
      });
    });

    it('repairs each wrong-typed field on its own', () => {
      expect(
        repairNotificationSettings({
          enabled: 'yes',
          showScheduleReminders: 0,
          showNewShowAlerts: true,
          favoriteShows: 'A-Show',
          reminderTime: 5,
        }),
      ).toEqual({ ...DEFAULT_NOTIFICATION_SETTINGS, favoriteShows: [], reminderTime: 5 });
    });

    it('reads anything that is not an object as the defaults', () => {
      for (const input of [null, undefined, 7, 'settings', ['A-Show']]) {
        expect(repairNotificationSettings(input)).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
      }
    });

    it('always returns settings the schema accepts, and never loses a valid favourite', () => {
      const validId = fc.string({ minLength: 1, maxLength: FAVORITE_ID_MAX_CHARS });
      const anyEntry = fc.oneof(validId, fc.anything());
      fc.assert(
        fc.property(
          fc.record(
            {
              enabled: fc.anything(),
              showScheduleReminders: fc.anything(),
              showNewShowAlerts: fc.anything(),
              showNewEpisodeAlerts: fc.anything(),
              favoriteShows: fc.array(anyEntry, { maxLength: 30 }),
              reminderTime: fc.oneof(fc.constantFrom(5, 10, 15, 30, 60), fc.anything()),
            },
            { requiredKeys: [] },
          ),
          (stored) => {
            const repaired = repairNotificationSettings(stored);
            expect(notificationSettingsSchema.parse(repaired)).toEqual(repaired);
            const valid = (stored.favoriteShows ?? []).filter(
              (id): id is string =>
                typeof id === 'string' && id.length >= 1 && id.length <= FAVORITE_ID_MAX_CHARS,
            );
            expect(repaired.favoriteShows).toEqual([...new Set(valid)]);
            for (const key of [
              'enabled',
              'showScheduleReminders',
              'showNewShowAlerts',
              'showNewEpisodeAlerts',
            ] as const) {
              expect(repaired[key]).toBe(
                typeof stored[key] === 'boolean' ? stored[key] : DEFAULT_NOTIFICATION_SETTINGS[key],
              );
            }
          },
        ),
      );
    });

    it(`gives a list over the limit its first ${MAX_FAVORITES} distinct ids`, () => {
      const ids = Array.from({ length: 1_000 }, (_, index) => `Artist ${index}-Show`);
      expect(repairFavoriteIds(ids)).toEqual(ids.slice(0, MAX_FAVORITES));
    });
  });
});
