import { computeListeningStats, makeListeningSession } from '@onair/core';
import { readStored, writeStored } from '../../lib/storage.ts';
import * as storedLater from '../../lib/stored-later.ts';

/**
 * Stores the session `id` as running from `startMs` to `endMs`, replacing an earlier checkpoint of
 * the same session, and recomputes the stats. Shorter than 10 s: nothing is stored (spec §4).
 */
export function saveListeningSession(id: string, startMs: number, endMs: number): boolean {
  const session = makeListeningSession(id, startMs, endMs);
  if (!session) return false;
  const sessions = [...readStored(storedLater.statsSessions).filter((kept) => kept.id !== id), session];
  writeStored(storedLater.statsSessions, sessions);
  writeStored(storedLater.statsListeningStats, computeListeningStats(sessions, new Date(endMs)));
  return true;
}
