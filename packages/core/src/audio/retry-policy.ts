import { AUDIO_RETRY_AFTER_ERROR_MS, AUDIO_RETRY_AFTER_STALL_MS } from '../constants.ts';

/** Longest wait between two reconnection attempts while the listener still wants to listen. */
export const AUDIO_RETRY_MAX_MS = 30_000;

export type AudioRetryCause = 'error' | 'stall';

/**
 * Delay before reconnection attempt number `attempt` (0 for the first after a failure). The first
 * waits what spec §4/§9 say (1 s after an error, 2 s after a stall); each further consecutive
 * failure doubles it, capped at AUDIO_RETRY_MAX_MS, so a station that is down for long is not
 * hammered but a short outage is bridged within seconds.
 */
export function audioRetryDelayMs(cause: AudioRetryCause, attempt: number): number {
  const base = cause === 'error' ? AUDIO_RETRY_AFTER_ERROR_MS : AUDIO_RETRY_AFTER_STALL_MS;
  const safeAttempt = Number.isFinite(attempt) && attempt > 0 ? Math.floor(attempt) : 0;
  // 2^5 already passes the cap from either base; clamping the exponent keeps the number finite.
  return Math.min(base * 2 ** Math.min(safeAttempt, 16), AUDIO_RETRY_MAX_MS);
}
