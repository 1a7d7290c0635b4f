import { STORAGE_KEYS, sleepTimerSchema, type SleepTimerState } from '@onair/core';
import { defineStored } from '../../lib/storage.ts';

/** `playfm_sleep_timer` (spec §3): null when no timer is set. */
export const storedSleepTimer = defineStored<SleepTimerState | null>({
  key: STORAGE_KEYS.sleepTimer,
  schema: sleepTimerSchema.nullable(),
  fallback: null,
});
