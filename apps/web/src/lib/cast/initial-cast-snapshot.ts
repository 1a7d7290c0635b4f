import type { CastSnapshot } from './cast-service.ts';

/**
 * No Cast device, nothing failed. A module of its own so that the player can show it before the
 * lazily loaded Cast code (cast-service.ts) has arrived.
 */
export const INITIAL_CAST_SNAPSHOT: CastSnapshot = {
  state: 'unavailable',
  device: null,
  error: null,
  fallback: false,
  paused: false,
  muted: false,
};
