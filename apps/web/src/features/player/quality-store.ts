import { audioQualitySchema, DEFAULT_AUDIO_QUALITY, STORAGE_KEYS, type AudioQuality } from '@onair/core';
import { defineStored } from '../../lib/storage.ts';

/** `playfm_audio_quality`, a plain string: only 'standard' and 'high' are accepted (spec §5). */
export const storedAudioQuality = defineStored<AudioQuality>({
  key: STORAGE_KEYS.audioQuality,
  schema: audioQualitySchema,
  fallback: DEFAULT_AUDIO_QUALITY,
  raw: true,
});
