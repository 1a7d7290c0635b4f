import { describe, it, expect } from 'vitest';
import * as core from './index.ts';

// Guards the spec §9 figures against accidental edits: each value here is copied from the spec table.
describe('spec §9 constants', () => {
  it('sleep timer', () => {
    expect(core.SLEEP_PRESET_MINUTES).toEqual([15, 30, 45, 60, 90, 120]);
    expect([
      core.SLEEP_MIN_MINUTES,
      core.SLEEP_MAX_MINUTES,
      core.SLEEP_STEP_MINUTES,
      core.SLEEP_DEFAULT_MINUTES,
    ]).toEqual([1, 480, 5, 30]);
    expect(core.SLEEP_EXTEND_MINUTES).toEqual([5, 15]);
    expect(core.COUNTDOWN_TICK_MS).toBe(1000);
  });

  it('reminders, stats, notifications', () => {
    expect(core.REMINDER_OPTIONS_MINUTES).toEqual([5, 10, 15, 30, 60]);
    expect(core.DEFAULT_REMINDER_MINUTES).toBe(15);
    expect(core.MIN_STORED_SESSION_SECONDS).toBe(10);
    expect(core.DESKTOP_NOTIFICATION_AUTO_CLOSE_MS).toBe(10_000);
    expect(core.IN_PAGE_TOAST_MS).toBe(5_000);
    expect(core.TOAST_DEFAULT_MS).toBe(3_000);
    expect(core.PUSH_REFRESH_MS).toBe(604_800_000);
    expect(core.SW_ACTIVATION_TIMEOUT_MS).toBe(10_000);
    expect(core.SW_UPDATE_CHECK_MS).toBe(30_000);
    expect(core.LOCAL_CACHE_BYTES).toBe(52_428_800);
    expect(core.ANALYTICS_CONFIG_ABORT_MS).toBe(60_000);
  });

  it('metadata, audio, cast, layout', () => {
    expect([core.METADATA_POLL_VISIBLE_MS, core.METADATA_POLL_HIDDEN_MS]).toEqual([30_000, 300_000]);
    expect([
      core.METADATA_IDLE_PAUSE_MS,
      core.METADATA_IDLE_THRESHOLD_MS,
      core.METADATA_IDLE_MIN_INTERVAL_MS,
    ]).toEqual([120_000, 300_000, 60_000]);
    expect([core.AUDIO_RETRY_AFTER_ERROR_MS, core.AUDIO_RETRY_AFTER_STALL_MS]).toEqual([1_000, 2_000]);
    expect([
      core.CAST_SCRIPT_LOAD_TIMEOUT_MS,
      core.CAST_AVAILABILITY_TIMEOUT_MS,
      core.CAST_AVAILABILITY_SHORT_TIMEOUT_MS,
    ]).toEqual([15_000, 10_000, 8_000]);
    expect([
      core.CAST_SESSION_REQUEST_TIMEOUT_MS,
      core.CAST_MEDIA_LOAD_TIMEOUT_MS,
      core.CAST_SESSION_VALIDITY_MS,
    ]).toEqual([30_000, 15_000, 1_800_000]);
    expect(core.CAST_FALLBACK_RESET_MS).toEqual({ short: 1_000, medium: 5_000, long: 10_000 });
    expect(core.INSTALL_MODAL_DELAY_MS).toBe(3_000);
    expect([core.CAROUSEL_SPEED_MS, core.CAROUSEL_SPACE_BETWEEN_PX]).toEqual([800, 30]);
    expect([core.SHORTCUT_SLIDES_VISIBLE, core.SHORTCUT_SLIDE_WIDTH_PX, core.SHORTCUT_PAGES]).toEqual([
      4, 72, 2,
    ]);
    expect([core.RENDERER_MAX_PIXEL_RATIO, core.SHADER_HUE_SHIFT, core.WEEK_START_INDEX]).toEqual([
      2, 264, 0,
    ]);
    expect(core.WEEKDAYS[core.WEEK_START_INDEX]).toBe('Monday');
  });

  it('audio quality, defaults and storage keys', () => {
    expect(core.AUDIO_QUALITY_BITRATES_KBPS).toEqual({ standard: 192, high: 320 });
    expect(core.DEFAULT_AUDIO_QUALITY).toBe('standard');
    expect(core.audioQualitySchema.safeParse('high').success).toBe(true);
    expect(core.audioQualitySchema.safeParse('low').success).toBe(false);
    expect(core.DEFAULT_ARTIST).toBe('Live Radio');
    expect(core.REPLAY_ARTIST).toBe('Play Show Replays');
    expect(Object.values(core.STORAGE_KEYS).sort()).toEqual([
      'playfm_audio_quality',
      'playfm_battery_hint_dismissed',
      'playfm_cast_session',
      'playfm_chat_outbox',
      'playfm_chat_username',
      'playfm_episode_progress',
      'playfm_install_later_until',
      'playfm_keyboard_shortcuts',
      'playfm_last_seen_message_time',
      'playfm_locale',
      'playfm_new_episodes_seen',
      'playfm_new_shows_seen',
      'playfm_notification_settings',
      'playfm_push_record',
      'playfm_saved_tracks',
      'playfm_schedule_cache',
      'playfm_sleep_timer',
      'playfm_station',
      'playfm_stats_listening_stats',
      'playfm_stats_sessions',
    ]);
  });

  it('exposes the issue-2 API from the package root', () => {
    for (const name of [
      'parseSlotTime',
      'findOnAir',
      'findUpNext',
      'favoriteId',
      'showImagePath',
      'sortSlotsByStart',
      'parseSchedule',
      'parseIcecastStatus',
      'clampSleepMinutes',
      'computeListeningStats',
      'isValidPushRecord',
      'nextReminderAt',
      'metadataPollDelayMs',
    ]) {
      expect(typeof (core as Record<string, unknown>)[name]).toBe('function');
    }
  });
});
