import {
  computeListeningStats,
  makeListeningSession,
  parseStoredSessions,
  STORAGE_KEYS,
  type ListeningSession,
  type ListeningStats,
} from '@onair/core';
import { z } from 'zod';
import { defineStored, readStored, writeStored } from '../../lib/storage.ts';

/**
 * `playfm_stats_sessions`: a list whose bad entries are dropped one by one (with a warning), so a
 * single corrupt session never costs the listener the rest of their history.
 */
export const storedSessions = defineStored<ListeningSession[]>({
  key: STORAGE_KEYS.statsSessions,
  schema: z.array(z.unknown()).transform((entries) => {
    const sessions = parseStoredSessions(entries);
    if (sessions.length < entries.length) {
      console.warn(`Ignoring ${entries.length - sessions.length} corrupt listening session(s) in localStorage`);
    }
    return sessions;
  }),
  fallback: [],
});

/**
 * `playfm_stats_listening_stats`: written for compatibility with the original app's key. The Stats
 * view recomputes from the sessions instead, because streaks and "this week" depend on today.
 */
const storedStats = defineStored<ListeningStats | null>({
  key: STORAGE_KEYS.statsListeningStats,
  schema: z.custom<ListeningStats>((value) => typeof value === 'object' && value !== null),
  fallback: null,
});

/**
 * Stores the session `id` as running from `startMs` to `endMs`, replacing an earlier checkpoint of
 * the same session, and recomputes the stats. Shorter than 10 s: nothing is stored (spec §4).
 */
export function saveListeningSession(id: string, startMs: number, endMs: number): boolean {
  const session = makeListeningSession(id, startMs, endMs);
  if (!session) return false;
  const sessions = [...readStored(storedSessions).filter((stored) => stored.id !== id), session];
  writeStored(storedSessions, sessions);
  writeStored(storedStats, computeListeningStats(sessions, new Date(endMs)));
  return true;
}
