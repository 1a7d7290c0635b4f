import { SLEEP_PRESET_MINUTES } from '@onair/core';
import { describe, expect, it } from 'vitest';
import { formatCountdown, presetLabel } from './format-countdown.ts';

describe('formatCountdown', () => {
  it.each([
    [0, '0:00'],
    [9, '0:09'],
    [900, '15:00'],
    [3599, '59:59'],
    [3600, '1:00:00'],
    [5399, '1:29:59'],
    [-5, '0:00'],
  ])('%i s → %s', (seconds, text) => expect(formatCountdown(seconds)).toBe(text));
});

describe('presetLabel', () => {
  it('words the six presets as the spec does', () => {
    expect(SLEEP_PRESET_MINUTES.map(presetLabel)).toEqual([
      '15 minutes',
      '30 minutes',
      '45 minutes',
      '1 hour',
      '1.5 hours',
      '2 hours',
    ]);
  });
});
