import { DEFAULT_NOTIFICATION_SETTINGS, type Episode, type NotificationSettings } from '@onair/core';
import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readStored, writeStored } from '../../lib/storage.ts';
import * as storedLater from '../../lib/stored-later.ts';
import { useNewEpisodeAlerts } from './use-new-episode-alerts.ts';

const HOUR_MS = 3_600_000;
const episode = (id: string, show: string, endsAt: number, status: Episode['status'] = 'ready'): Episode => ({
  id,
  show,
  artist: 'Aoife',
  genre: 'House',
  image: '',
  startsAt: endsAt - HOUR_MS,
  endsAt,
  durationMs: HOUR_MS,
  status,
  tracks: [],
  audioUrl: `/api/episodes/${id}/audio.mp3`,
  pageUrl: `/episodes/${id}`,
  feedUrl: '/shows/night-moves/feed.xml',
});
const SETTINGS: NotificationSettings = {
  ...DEFAULT_NOTIFICATION_SETTINGS,
  enabled: true,
  showNewEpisodeAlerts: true,
  favoriteShows: ['Aoife-Night Moves'],
};

/** The companion's use, with the episodes the server would list. */
function follow(settings: NotificationSettings, registered = false) {
  const now = Date.now();
  let episodes: Episode[] = [episode('0000000000000001', 'Night Moves', now - 2 * HOUR_MS)];
  const load = vi.fn(async () => episodes);
  const notify = vi.fn();
  renderHook(() => useNewEpisodeAlerts({ settings, registered, notify, load }));
  const serve = (next: Episode[]) => {
    episodes = next;
  };
  const comeBack = () =>
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
  return { now, load, notify, serve, comeBack };
}

describe('useNewEpisodeAlerts (where no server push brings them)', () => {
  beforeEach(() => localStorage.clear());

  it('remembers the newest episode at the first look, then tells a favourite’s new one in the push’s words, once', async () => {
    const { now, load, notify, serve, comeBack } = follow(SETTINGS);
    await waitFor(() =>
      expect(readStored(storedLater.newEpisodesSeen)).toEqual({ until: now - 2 * HOUR_MS }),
    );
    expect(notify).not.toHaveBeenCalled(); // a newcomer has missed nothing

    serve([
      episode('0000000000000003', 'Night Moves', now + HOUR_MS, 'recording'),
      episode('0000000000000002', 'Night Moves', now - 60_000),
      episode('0000000000000009', 'Other Show', now - 30_000),
      episode('0000000000000001', 'Night Moves', now - 2 * HOUR_MS),
    ]);
    await comeBack();
    await waitFor(() => expect(notify).toHaveBeenCalledOnce());
    expect(notify).toHaveBeenCalledWith('New episode: Night Moves', 'Aoife · Listen again now');

    await comeBack();
    await waitFor(() => expect(load).toHaveBeenCalledTimes(3));
    expect(notify).toHaveBeenCalledOnce();
  });

  it('asks nothing with the alerts off, notifications off, no favourite, or a push record (the server sends them)', async () => {
    for (const [settings, registered] of [
      [{ ...SETTINGS, showNewEpisodeAlerts: false }, false],
      [{ ...SETTINGS, enabled: false }, false],
      [{ ...SETTINGS, favoriteShows: [] }, false],
      [SETTINGS, true],
    ] as const) {
      writeStored(storedLater.newEpisodesSeen, { until: 0 });
      const { load, notify, comeBack } = follow(settings, registered);
      await comeBack();
      expect(load).not.toHaveBeenCalled();
      expect(notify).not.toHaveBeenCalled();
    }
  });
});
