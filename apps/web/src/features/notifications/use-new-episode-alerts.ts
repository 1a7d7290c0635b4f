import { i18n } from '@lingui/core';
import {
  EPISODES_PAGE_DEFAULT,
  newEpisodeMessage,
  newEpisodesSince,
  pushTexts,
  type Episode,
  type NotificationSettings,
} from '@onair/core';
import { useEffect, useRef } from 'react';
import { fetchEpisodes } from '../../lib/episodes-api.ts';
import { readStored, writeStored } from '../../lib/storage.ts';
import * as storedLater from '../../lib/stored-later.ts';

/** How often the open app looks for new episodes (and each time it comes back to the foreground). */
export const NEW_EPISODE_CHECK_MS = 5 * 60_000;

export interface NewEpisodeAlertsOptions {
  settings: NotificationSettings;
  /** A Web Push record: the server sends these alerts itself, so the app stays quiet. */
  registered: boolean;
  notify: (title: string, body: string) => void;
  /** Injectable for tests: the newest episodes, as `GET /api/episodes` lists them. */
  load?: (signal: AbortSignal) => Promise<Episode[]>;
}

const newestEpisodes = (signal: AbortSignal) => fetchEpisodes({ limit: EPISODES_PAGE_DEFAULT }, signal);

/**
 * New-episode alerts where no server push reaches (inside the apps, iOS Safari's tab, a browser
 * whose push subscription failed): with the alerts on and a favourite show, the app asks for the
 * newest episodes when it opens, every few minutes while it runs and each time it comes back to
 * the foreground, compares them with the last one seen (core's newEpisodesSince) and tells each
 * favourite's episode that became ready since, in the server push's own words.
 */
export function useNewEpisodeAlerts({
  settings,
  registered,
  notify,
  load = newestEpisodes,
}: NewEpisodeAlertsOptions): void {
  const notifyRef = useRef(notify);
  const loadRef = useRef(load);
  useEffect(() => {
    notifyRef.current = notify;
    loadRef.current = load;
  });
  const active =
    settings.enabled && settings.showNewEpisodeAlerts && settings.favoriteShows.length > 0 && !registered;
  const favorites = settings.favoriteShows;
  useEffect(() => {
    if (!active) return;
    const controller = new AbortController();
    const check = async () => {
      let episodes: Episode[];
      try {
        episodes = await loadRef.current(controller.signal);
      } catch (error) {
        if (!controller.signal.aborted) console.warn('new episodes could not be checked', error);
        return;
      }
      if (controller.signal.aborted) return;
      const { added, seen } = newEpisodesSince(
        readStored(storedLater.newEpisodesSeen),
        episodes,
        favorites,
        Date.now(),
      );
      writeStored(storedLater.newEpisodesSeen, seen);
      for (const episode of added) {
        const { title, body } = newEpisodeMessage(episode, pushTexts(i18n.locale)).notification;
        notifyRef.current(title, body);
      }
    };
    void check();
    const timer = setInterval(() => void check(), NEW_EPISODE_CHECK_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      controller.abort();
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [active, favorites]);
}
