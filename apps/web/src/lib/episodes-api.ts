import {
  episodeListSchema,
  episodeSchema,
  EPISODES_PAGE_MAX,
  slotOccurrences,
  type Episode,
  type Schedule,
  type ShowSlot,
} from '@onair/core';
import { useEffect, useState } from 'react';
import { getJson } from './api-client.ts';

/** `GET /api/episodes`: newest first; `show` is the show's slug. */
export async function fetchEpisodes(
  query: { limit: number; show?: string; before?: number },
  signal?: AbortSignal,
): Promise<Episode[]> {
  const params = new URLSearchParams({ limit: String(query.limit) });
  if (query.show !== undefined) params.set('show', query.show);
  if (query.before !== undefined) params.set('before', String(query.before));
  const answer = await getJson(
    `/api/episodes?${params.toString()}`,
    episodeListSchema,
    signal ? { signal } : {},
  );
  return answer.episodes;
}

export function fetchEpisode(id: string, signal?: AbortSignal): Promise<Episode> {
  return getJson(`/api/episodes/${encodeURIComponent(id)}`, episodeSchema, signal ? { signal } : {});
}

export type Loaded<T> =
  { state: 'loading' } | { state: 'ready'; value: T } | { state: 'failed'; error: unknown };

/** Loads `load` on mount and whenever `key` changes (or `retry` is called); a stale answer is dropped. */
export function useLoaded<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
): [Loaded<T>, () => void] {
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<{ key: string; attempt: number; result: Loaded<T> }>({
    key,
    attempt,
    result: { state: 'loading' },
  });
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (value) => !controller.signal.aborted && setLoaded({ key, attempt, result: { state: 'ready', value } }),
      (error: unknown) =>
        !controller.signal.aborted && setLoaded({ key, attempt, result: { state: 'failed', error } }),
    );
    return () => controller.abort();
    // `load` is a fresh closure each render; `key` says when it asks for something else.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);
  const current =
    loaded.key === key && loaded.attempt === attempt ? loaded.result : { state: 'loading' as const };
  return [current, () => setAttempt((n) => n + 1)];
}

const WEEK_MS = 7 * 86_400_000;

/**
 * The episode of each slot's airing in the week before `now` (the slot objects of `schedule`): an
 * episode is its slot's when it began with that airing and carries its artist. The schedule's past
 * slots link to these.
 */
export function pastWeekEpisodes(
  schedule: Schedule,
  episodes: readonly Episode[],
  now: number,
  timeZone: string,
): Map<ShowSlot, Episode> {
  const byStart = new Map(episodes.map((episode) => [episode.startsAt, episode]));
  const found = new Map<ShowSlot, Episode>();
  for (const airing of slotOccurrences(schedule, now - WEEK_MS, now, timeZone)) {
    const episode = byStart.get(airing.startsAt);
    if (episode && episode.artist === airing.slot.artist && airing.startsAt < now)
      found.set(airing.slot, episode);
  }
  return found;
}

/** The last week's episodes, for the schedule's past slots (as many as one page holds). */
export function fetchRecentEpisodes(signal: AbortSignal): Promise<Episode[]> {
  return fetchEpisodes({ limit: EPISODES_PAGE_MAX }, signal);
}
