import { STORAGE_KEYS } from '@onair/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bundledSchedule } from './bundled-schedule.ts';
import { readStored, writeStored } from './storage.ts';
import * as stored from './stored.ts';
import * as storedLater from './stored-later.ts';

describe('the stored-value registry', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

  it('names every key once, in one of its two modules, all with the playfm_ prefix', () => {
    const keys = [...Object.values(stored), ...Object.values(storedLater)].map((value) => value.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.sort()).toEqual(Object.values(STORAGE_KEYS).sort());
    for (const key of keys) expect(key).toMatch(/^playfm_[a-z_]+$/);
  });

  it("moves the original app's chat_username and lastSeenMessageTime once, keeping their values", () => {
    localStorage.setItem('chat_username', 'Niamh');
    localStorage.setItem('lastSeenMessageTime', '1764000000000');
    expect(readStored(storedLater.chatUsername)).toBe('Niamh');
    expect(readStored(stored.lastSeenMessageTime)).toBe(1_764_000_000_000);
    expect(localStorage.getItem('playfm_chat_username')).toBe('Niamh');
    expect(localStorage.getItem('playfm_last_seen_message_time')).toBe('1764000000000');
    expect(localStorage.getItem('chat_username')).toBeNull();
    expect(localStorage.getItem('lastSeenMessageTime')).toBeNull();

    // Once moved, the new key is the one written and read.
    writeStored(storedLater.chatUsername, 'Niamh B');
    expect(readStored(storedLater.chatUsername)).toBe('Niamh B');
    expect(localStorage.getItem('chat_username')).toBeNull();
  });

  it('moves the schedule cache from onair_schedule_cache', () => {
    const document = { data: bundledSchedule(), version: 7 };
    localStorage.setItem('onair_schedule_cache', JSON.stringify(document));
    expect(readStored(stored.scheduleCache)).toEqual(document);
    expect(localStorage.getItem('onair_schedule_cache')).toBeNull();
    expect(JSON.parse(localStorage.getItem('playfm_schedule_cache') ?? 'null')).toEqual(document);
  });

  it('never lets an old key overwrite a value already under the new one', () => {
    localStorage.setItem('playfm_chat_username', 'Current');
    localStorage.setItem('chat_username', 'Stale');
    expect(readStored(storedLater.chatUsername)).toBe('Current');
    expect(localStorage.getItem('playfm_chat_username')).toBe('Current');
  });

  it('keeps the old key when the new one cannot be written, so a full storage loses nothing', () => {
    localStorage.setItem('chat_username', 'Niamh');
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(readStored(storedLater.chatUsername)).toBe('Niamh');
    expect(localStorage.getItem('chat_username')).toBe('Niamh');
  });

  it('refuses to write a value its schema rejects, keeping the stored one', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(writeStored(storedLater.sleepTimer, { endTime: 1, initialTime: 900, isActive: true })).toBe(true);
    expect(writeStored(storedLater.sleepTimer, { endTime: -5, initialTime: 900, isActive: true })).toBe(
      false,
    );
    expect(readStored(storedLater.sleepTimer)).toEqual({ endTime: 1, initialTime: 900, isActive: true });
    expect(String(error.mock.calls[0]?.[0])).toMatch(/playfm_sleep_timer.*endTime/);
    expect(writeStored(stored.audioQuality, 'low' as 'high')).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.audioQuality)).toBeNull();
  });

  it('writes what the schema gives back: duplicate favourites collapse on the way in', () => {
    const settings = readStored(stored.notificationSettings);
    expect(writeStored(stored.notificationSettings, { ...settings, favoriteShows: ['A-B', 'A-B'] })).toBe(
      true,
    );
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.notificationSettings) ?? '{}')).toMatchObject({
      favoriteShows: ['A-B'],
    });
  });

  it('replaces a value beyond repair by its default, with a warning naming the key', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem(STORAGE_KEYS.audioQuality, 'low');
    localStorage.setItem(STORAGE_KEYS.installLaterUntil, 'soon');
    expect(readStored(stored.audioQuality)).toBe('standard');
    expect(readStored(storedLater.installLaterUntil)).toBe(0);
    expect(localStorage.getItem(STORAGE_KEYS.audioQuality)).toBeNull();
    expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([
      expect.stringContaining('playfm_audio_quality'),
      expect.stringMatching(/playfm_install_later_until.*not JSON/),
    ]);
  });

  it('reads defaults, never throwing, when the browser refuses storage altogether', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(readStored(stored.notificationSettings).favoriteShows).toEqual([]);
    expect(readStored(storedLater.chatUsername)).toBe('');
  });
});
