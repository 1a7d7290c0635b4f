import { recordEpisodeProgress, type Episode } from '@onair/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bundledSchedule } from '../../lib/bundled-schedule.ts';
import { PlayerService } from '../../lib/player/index.ts';
import { writeStored } from '../../lib/storage.ts';
import * as storedLater from '../../lib/stored-later.ts';
import { stubAppApi } from '../../test/fixtures.ts';
import { renderAppAt } from '../../test/render-app.tsx';

const HOUR = 3_600_000;
const episode = (id: string, show: string, startsAt: string, extra: Partial<Episode> = {}): Episode => ({
  id,
  show,
  artist: `${show} DJ`,
  genre: 'House',
  image: '',
  startsAt: Date.parse(startsAt),
  endsAt: Date.parse(startsAt) + 2 * HOUR,
  durationMs: 2 * HOUR,
  status: 'ready',
  tracks: [],
  audioUrl: `/api/episodes/${id}/audio`,
  pageUrl: `/episodes/${id}`,
  feedUrl: '/shows/x/feed.xml',
  ...extra,
});
const DEEP = episode('d0000000000000a1', 'Deep Dublin', '2026-03-02T18:00:00Z', {
  tracks: [
    { at: Date.parse('2026-03-02T18:00:00Z'), title: 'Tonnta', artist: 'Ciarán' },
    { at: Date.parse('2026-03-02T18:05:00Z'), title: 'Sunrise', artist: 'Aoife' },
  ],
});
const WAREHOUSE = episode('d0000000000000b2', 'Warehouse', '2026-03-02T20:00:00Z');
const EARLIER = episode('d0000000000000c3', 'Deep Dublin', '2026-03-01T18:00:00Z');

describe('Listen again', () => {
  beforeEach(() => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'load').mockReturnValue(undefined);
  });

  it('lists recent episodes by the station’s day, and a Continue listening row for the one started', async () => {
    writeStored(storedLater.episodeProgress, recordEpisodeProgress([], EARLIER, 30 * 60_000, Date.now()));
    stubAppApi({ [`GET /api/episodes?limit=50`]: { body: { episodes: [WAREHOUSE, DEEP, EARLIER] } } });
    renderAppAt('/listen-again');
    const continuing = await screen.findByRole('region', { name: 'Continue listening' });
    expect(within(continuing).getByRole('link', { name: /Deep Dublin.*1 h 30 min left/ })).toHaveAttribute(
      'href',
      '/episodes/d0000000000000c3',
    );
    const monday = await screen.findByRole('region', { name: 'Monday, 2 March' });
    expect(
      within(monday)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/episodes/d0000000000000b2', '/episodes/d0000000000000a1']);
    expect(screen.getByRole('region', { name: 'Sunday, 1 March' })).toBeInTheDocument();
  });

  it('says so when the episodes cannot be loaded, and tries again', async () => {
    let calls = 0;
    stubAppApi({
      [`GET /api/episodes?limit=50`]: () =>
        ++calls === 1 ? new Response('down', { status: 503 }) : Response.json({ episodes: [] }),
    });
    renderAppAt('/listen-again');
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText('No episodes yet. Shows appear here once they have aired.'),
    ).toBeInTheDocument();
  });

  it('an episode page plays through the player, seeks by its tracklist, and opens at a shared ?t=', async () => {
    const playEpisode = vi.spyOn(PlayerService.prototype, 'playEpisode');
    stubAppApi({ 'GET /api/episodes/d0000000000000a1': { body: DEEP } });
    renderAppAt('/episodes/d0000000000000a1?t=90');
    const scrubber = await screen.findByRole('slider', { name: 'Position in the episode' });
    expect(scrubber).toHaveAttribute('aria-valuetext', '1:30 of 2:00:00');
    fireEvent.click(screen.getByRole('button', { name: 'Play episode' }));
    expect(playEpisode).toHaveBeenLastCalledWith(DEEP, 90_000);
    // The episode player's code is its own chunk, fetched as the page opened.
    await waitFor(() =>
      expect(
        document.querySelector<HTMLAudioElement>('[data-testid="episode-audio"]')?.getAttribute('src'),
      ).toBe(DEEP.audioUrl),
    );
    await act(async () => undefined);
    fireEvent.click(screen.getByRole('button', { name: /Sunrise/ }));
    expect(playEpisode).toHaveBeenLastCalledWith(DEEP, 5 * 60_000);
    expect(screen.getByRole('button', { name: /Sunrise/ })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('link', { name: 'More from Deep Dublin' })).toHaveAttribute(
      'href',
      '/shows/deep-dublin',
    );
  });

  it('a demo episode says it is demo audio, in the list and on its page', async () => {
    const demo = episode('d0000000000000d4', 'The Deep End (demo replay)', '2026-03-02T18:00:00Z', {
      demo: true,
    });
    stubAppApi({
      [`GET /api/episodes?limit=50`]: { body: { episodes: [demo, WAREHOUSE] } },
      'GET /api/episodes/d0000000000000d4': { body: demo },
    });
    renderAppAt('/listen-again');
    const monday = await screen.findByRole('region', { name: 'Monday, 2 March' });
    expect(
      within(monday).getByRole('link', { name: /The Deep End \(demo replay\).*Demo audio, not a recording/ }),
    ).toBeVisible();
    expect(within(monday).getByRole('link', { name: /Warehouse/ })).not.toHaveTextContent('Demo audio');
  });

  it('a demo episode page says what it is', async () => {
    const demo = episode('d0000000000000d4', 'The Deep End (demo replay)', '2026-03-02T18:00:00Z', {
      demo: true,
    });
    stubAppApi({ 'GET /api/episodes/d0000000000000d4': { body: demo } });
    renderAppAt('/episodes/d0000000000000d4');
    expect(
      await screen.findByText(
        'A demo episode: the demo station’s own audio, generated at its first start, not a recording.',
      ),
    ).toBeVisible();
  });

  it('a missing episode says it is not available', async () => {
    stubAppApi({
      'GET /api/episodes/00000000000000ff': {
        status: 404,
        body: { error: 'Episode not found', code: 'not_found' },
      },
    });
    renderAppAt('/episodes/00000000000000ff');
    expect(await screen.findByText('This episode is not available.')).toBeInTheDocument();
  });

  it('a show page shows the show, its next airing, the heart and its episodes', async () => {
    const week = bundledSchedule();
    const slot = week.flatMap((day) => day.shows).find((candidate) => candidate.show.trim() !== '');
    if (!slot) throw new Error('the bundled week has no named show');
    const slug = slot.show
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    stubAppApi({ [`GET /api/episodes?limit=20&show=${slug}`]: { body: { episodes: [DEEP] } } });
    renderAppAt(`/shows/${slug}`);
    expect(await screen.findByRole('heading', { level: 1, name: slot.show })).toBeInTheDocument();
    expect(await screen.findByText(/^Next on air: /)).toBeInTheDocument();
    const heart = screen.getByRole('button', { name: '♡ Favorite' });
    fireEvent.click(heart);
    expect(screen.getByRole('button', { name: '♥ Favorite' })).toHaveAttribute('aria-pressed', 'true');
    const episodes = screen.getByRole('region', { name: 'Episodes' });
    expect(await within(episodes).findByRole('link', { name: /Deep Dublin/ })).toHaveAttribute(
      'href',
      '/episodes/d0000000000000a1',
    );
  });
});
