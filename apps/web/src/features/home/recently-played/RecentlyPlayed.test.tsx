import type { NowPlaying, PublicStation, TrackHistoryEntry } from '@onair/core';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PlayerProvider, PlayerService } from '../../../lib/player/index.ts';
import { StationProvider } from '../../../lib/station-context.tsx';
import { nothingRecorded, stubStationFetch, testStation } from '../../../test/fixtures.ts';
import RecentlyPlayed from './RecentlyPlayed.tsx';
import { activateLoadedLocale } from '../../../lib/i18n/locale.ts';
import { messages as en } from '../../../locales/en/messages.po';
import { messages as ga } from '../../../locales/ga/messages.po';
import * as livePlayer from '../../../lib/player/live-player.ts';

const entry = (title: string, artist: string, startedAt: string): TrackHistoryEntry => ({
  title,
  artist,
  album: '',
  artwork: '',
  startedAt,
});
const playing = (track: TrackHistoryEntry): NowPlaying => ({ ...track, updatedAt: track.startedAt });

const HISTORY = [
  entry('Moonrise', 'Niamh', '2026-03-02T19:10:00.000Z'),
  entry('Sunrise', 'Aoife', '2026-03-02T19:05:00.000Z'),
  entry('Tonnta', 'Ciarán', '2026-03-02T19:00:00.000Z'),
  entry('Harbour', 'Síle', '2026-03-02T18:55:00.000Z'),
];

function renderRecentlyPlayed(history: TrackHistoryEntry[], station: Partial<PublicStation> = {}) {
  stubStationFetch(
    { body: { ...testStation, musicLinks: ['bandcamp', 'spotify'], ...station } },
    nothingRecorded,
  );
  const service = new PlayerService({
    livePlayer,
    fetchNowPlaying: async () => playing(history[0] ?? entry('', '', '2026-03-02T19:00:00.000Z')),
    fetchTrackHistory: async () => history,
  });
  render(
    <StationProvider>
      <PlayerProvider service={service}>
        <RecentlyPlayed />
      </PlayerProvider>
    </StationProvider>,
  );
  return service;
}

describe('RecentlyPlayed', () => {
  beforeEach(() => localStorage.clear());

  it('speaks the app’s language: its title, the song now playing and the labels naming each song', async () => {
    activateLoadedLocale('ga', ga);
    try {
      renderRecentlyPlayed(HISTORY);
      const region = await screen.findByRole('region', { name: 'Seinnte le déanaí' });
      await within(region).findByText('Moonrise');
      expect(within(region).getByText('Anois')).toBeInTheDocument();
      expect(within(region).getByRole('button', { name: 'Sábháil Moonrise le Niamh' })).toBeInTheDocument();
      expect(within(region).getByRole('list', { name: 'Aimsigh Moonrise le Niamh' })).toBeInTheDocument();
      expect(within(region).getByRole('button', { name: 'Gach a seinneadh le déanaí' })).toBeInTheDocument();
    } finally {
      activateLoadedLocale('en', en);
    }
  });

  it('lists the last songs, the current one first, with the station’s music links in its order', async () => {
    renderRecentlyPlayed(HISTORY);
    const region = await screen.findByRole('region', { name: 'Recently played' });
    await within(region).findByText('Moonrise');
    const rows = within(region)
      .getAllByRole('listitem')
      .filter((item) => item.classList.contains('recent-track'));
    expect(rows.map((row) => row.querySelector('.recent-track__title')?.textContent)).toEqual([
      'Moonrise',
      'Sunrise',
      'Tonnta',
    ]);
    expect(within(rows[0]!).getByText('Now')).toBeInTheDocument();
    expect(rows[1]!.querySelector('time')?.getAttribute('datetime')).toBe('2026-03-02T19:05:00.000Z');
    const links = within(region).getByRole('list', { name: 'Find Sunrise by Aoife' });
    expect(
      within(links)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Bandcamp', 'https://bandcamp.com/search?q=Aoife%20Sunrise'],
      ['Spotify', 'https://open.spotify.com/search/Aoife%20Sunrise'],
    ]);
  });

  it('times each song on the station’s clock, 24- or 12-hour as the station file says', async () => {
    // 19:05 UTC on 2 March is 08:05 the next morning in Auckland, whatever zone this process runs in.
    renderRecentlyPlayed(HISTORY, { timeZone: 'Pacific/Auckland' });
    const region = await screen.findByRole('region', { name: 'Recently played' });
    await waitFor(() =>
      expect(region.querySelector('time[datetime="2026-03-02T19:05:00.000Z"]')).toHaveTextContent(/^08:05$/),
    );
    cleanup();
    renderRecentlyPlayed(HISTORY, { timeZone: 'Pacific/Auckland', clock: '12-hour' });
    const again = await screen.findByRole('region', { name: 'Recently played' });
    await waitFor(() =>
      expect(again.querySelector('time[datetime="2026-03-02T19:05:00.000Z"]')).toHaveTextContent(/^8:05am$/),
    );
  });

  it('keeps a hearted song in playfm_saved_tracks and lists it with all songs in the full list', async () => {
    const user = userEvent.setup();
    renderRecentlyPlayed(HISTORY);
    const heart = await screen.findByRole('button', { name: 'Save Sunrise by Aoife' });
    await user.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(JSON.parse(localStorage.getItem('playfm_saved_tracks') ?? '[]')).toMatchObject([
      { title: 'Sunrise', artist: 'Aoife', playedAt: '2026-03-02T19:05:00.000Z' },
    ]);
    await user.click(screen.getByRole('button', { name: 'All songs and saved (1)' }));
    const dialog = screen.getByRole('dialog', { name: 'Recently played' });
    expect(within(dialog).getByText('Harbour')).toBeInTheDocument();
    expect(
      within(within(dialog).getByRole('list', { name: 'Saved songs' })).getByText('Sunrise'),
    ).toBeInTheDocument();
  });

  it('follows the realtime topic without another request', async () => {
    const service = renderRecentlyPlayed(HISTORY.slice(1));
    await screen.findByText('Sunrise');
    act(() => service.receiveRealtime(7, { nowPlaying: playing(HISTORY[0]!), tracks: HISTORY }));
    expect(await screen.findByText('Moonrise')).toBeInTheDocument();
    expect(service.realtimeVersion).toBe(7);
  });

  it('offers Play from here on the songs live rewind still holds from their start', async () => {
    stubStationFetch(undefined);
    const service = new PlayerService({
      livePlayer,
      fetchNowPlaying: async () => playing(HISTORY[0]!),
      fetchTrackHistory: async () => HISTORY,
      // The archive begins at 19:02: Sunrise (19:05) and Moonrise are in it, Tonnta (19:00) began before.
      fetchRewindWindow: async () => ({
        earliestAt: Date.parse('2026-03-02T19:02:00.000Z'),
        timeshiftMs: 4 * 3_600_000,
      }),
      now: () => Date.parse('2026-03-02T19:12:00.000Z'),
    });
    vi.useFakeTimers({ now: Date.parse('2026-03-02T19:12:00.000Z'), toFake: ['Date'] });
    const seekTo = vi.spyOn(service, 'seekTo').mockImplementation(() => undefined);
    render(
      <StationProvider>
        <PlayerProvider service={service}>
          <RecentlyPlayed />
        </PlayerProvider>
      </StationProvider>,
    );
    const region = await screen.findByRole('region', { name: 'Recently played' });
    const buttons = await within(region).findAllByRole('button', { name: 'Play from here' });
    expect(
      buttons.map((button) => button.closest('li')?.querySelector('.recent-track__title')?.textContent),
    ).toEqual(['Moonrise', 'Sunrise']);
    expect(buttons[1]).toHaveAccessibleDescription('SunriseAoife');
    await userEvent.setup({ advanceTimers: () => undefined }).click(buttons[1]!);
    expect(seekTo).toHaveBeenCalledWith(Date.parse('2026-03-02T19:05:00.000Z'), 'play_from_here');
    vi.useRealTimers();
  });

  it('shows nothing before any song is known or saved', () => {
    renderRecentlyPlayed([]);
    expect(screen.queryByRole('region', { name: 'Recently played' })).toBeNull();
  });
});
