import * as stored from '../stored.ts';

/** `playfm_audio_quality`, a plain string: only 'standard' and 'high' are accepted (spec §5). */
export const storedAudioQuality = stored.audioQuality;
