import type { NowPlaying, TrackHistoryEntry } from '@onair/core';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { PlayerProvider, PlayerService } from '../../../lib/player/index.ts';
import { StationProvider } from '../../../lib/station-context.tsx';
import { stubStationFetch, testStation } from '../../../test/fixtures.ts';
import RecentlyPlayed from './RecentlyPlayed.tsx';

const entry = (title: string, artist: string, startedAt: string): TrackHistoryEntry => ({ title, artist, album: '', artwork: '', startedAt });
const playing = (track: TrackHistoryEntry): NowPlaying => ({ ...track, updatedAt: track.startedAt });

const HISTORY = [
  entry('Moonrise', 'Niamh', '2026-03-02T19:10:00.000Z'),
  entry('Sunrise', 'Aoife', '2026-03-02T19:05:00.000Z'),
  entry('Tonnta', 'Ciarán', '2026-03-02T19:00:00.000Z'),
  entry('Harbour', 'Síle', '2026-03-02T18:55:00.000Z'),
];

function renderRecentlyPlayed(history: TrackHistoryEntry[]) {
  stubStationFetch({ body: { ...testStation, musicLinks: ['bandcamp', 'spotify'] } });
  const service = new PlayerService({
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

  it('lists the last songs, the current one first, with the station’s music links in its order', async () => {
    renderRecentlyPlayed(HISTORY);
    const region = await screen.findByRole('region', { name: 'Recently played' });
    await within(region).findByText('Moonrise');
    const rows = within(region).getAllByRole('listitem').filter((item) => item.classList.contains('recent-track'));
    expect(rows.map((row) => row.querySelector('.recent-track__title')?.textContent)).toEqual(['Moonrise', 'Sunrise', 'Tonnta']);
    expect(within(rows[0]!).getByText('Now')).toBeInTheDocument();
    expect(rows[1]!.querySelector('time')?.getAttribute('datetime')).toBe('2026-03-02T19:05:00.000Z');
    const links = within(region).getByRole('list', { name: 'Find Sunrise by Aoife' });
    expect(within(links).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Bandcamp', 'https://bandcamp.com/search?q=Aoife%20Sunrise'],
      ['Spotify', 'https://open.spotify.com/search/Aoife%20Sunrise'],
    ]);
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
    expect(within(within(dialog).getByRole('list', { name: 'Saved songs' })).getByText('Sunrise')).toBeInTheDocument();
  });

  it('follows the realtime topic without another request', async () => {
    const service = renderRecentlyPlayed(HISTORY.slice(1));
    await screen.findByText('Sunrise');
    act(() => service.receiveRealtime(7, { nowPlaying: playing(HISTORY[0]!), tracks: HISTORY }));
    expect(await screen.findByText('Moonrise')).toBeInTheDocument();
    expect(service.realtimeVersion).toBe(7);
  });

  it('shows nothing before any song is known or saved', () => {
    renderRecentlyPlayed([]);
    expect(screen.queryByRole('region', { name: 'Recently played' })).toBeNull();
  });
});
