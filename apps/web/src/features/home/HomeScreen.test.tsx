import type { Schedule } from '@onair/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerAnalyticsSink, type AnalyticsEvent } from '../../lib/analytics.ts';
import { PlayerProvider, PlayerService } from '../../lib/player/index.ts';
import { ScheduleStore } from '../../lib/schedule-store.ts';
import { StationProvider } from '../../lib/station-context.tsx';
import { ScheduleProvider } from '../../lib/use-schedule.tsx';
import {
  nothingRecorded,
  newestChatMessages,
  noTrackYet,
  stubStationFetch,
  testStation,
} from '../../test/fixtures.ts';
import { ToastProvider } from '../../ui/toast.tsx';
import { HomeScreen } from './HomeScreen.tsx';

const slot = (time: string, artist: string, show = '', genre = 'House') => ({
  time,
  artist,
  show,
  genre,
  image: '',
});
const WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

function scheduleWith(monday: ReturnType<typeof slot>[]): Schedule {
  return WEEK.map((day) => ({ day, shows: day === 'Monday' ? monday : [] }));
}

function renderHome(schedule: Schedule | null) {
  const store = new ScheduleStore();
  // The store loads /api/schedule on mount; here it is handed the test week instead.
  vi.spyOn(store, 'load').mockImplementation(async () => {
    if (schedule) store.accept(schedule, 1);
  });
  render(
    <StationProvider>
      <ScheduleProvider store={store} realtime={null}>
        <ToastProvider>
          <PlayerProvider service={new PlayerService()}>
            <MemoryRouter>
              <HomeScreen />
            </MemoryRouter>
          </PlayerProvider>
        </ToastProvider>
      </ScheduleProvider>
    </StationProvider>,
  );
}

describe('HomeScreen', () => {
  beforeEach(() => {
    // Monday 2 March 2026, 19:30 in Dublin (GMT).
    vi.useFakeTimers({ now: new Date('2026-03-02T19:30:00Z'), toFake: ['Date'] });
    stubStationFetch(
      {
        body: {
          ...testStation,
          social: { mixcloud: 'https://mixcloud.test/fm', instagram: 'https://insta.test/fm' },
        },
      },
      {
        'GET /api/now-playing': { body: noTrackYet },
        // Recently played asks for the last songs once Home has drawn.
        'GET /api/now-playing/history': { body: { tracks: [] } },
        ...nothingRecorded,
        ...newestChatMessages([]),
      },
    );
  });
  afterEach(() => vi.useRealTimers());

  it("says 'Loading schedule...' until the schedule is there", () => {
    renderHome(null);
    expect(screen.getByText('Loading schedule...')).toBeInTheDocument();
  });

  it("shows the live show with an 'On Air' badge, and what is up next", async () => {
    renderHome(
      scheduleWith([
        slot('12am - 7pm', 'Play Show Replays'),
        slot('7pm - 8pm', 'Aoife', 'The Deep End', 'Deep House/Disco'),
        slot('8pm - 9pm', 'Seán'),
      ]),
    );
    expect(await screen.findByRole('heading', { name: 'Aoife' })).toBeInTheDocument();
    expect(screen.getByText('On Air')).toBeInTheDocument();
    expect(screen.getByText('The Deep End')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Genre' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Deep House', 'Disco']);
    const upNext = screen.getByRole('heading', { name: /Up next from:/ }).closest('section');
    expect(upNext).not.toBeNull();
    expect(within(upNext as HTMLElement).getByText('20:00 – 21:00')).toBeInTheDocument();
    expect(within(upNext as HTMLElement).getByText('Seán')).toBeInTheDocument();
  });

  it("reads 'Now Playing' while the replays fill a gap", async () => {
    renderHome(scheduleWith([slot('12am - 11pm', 'Play Show Replays')]));
    expect(await screen.findByRole('heading', { name: 'Play Show Replays' })).toBeInTheDocument();
    expect(screen.getByText('Now Playing')).toBeInTheDocument();
    expect(screen.queryByText('On Air')).toBeNull();
  });

  it('says when nothing is on air', async () => {
    renderHome(scheduleWith([slot('6am - 7am', 'Early Bird')]));
    expect(await screen.findByRole('heading', { name: 'No show currently on air' })).toBeInTheDocument();
    expect(screen.getByText('Check the schedule for upcoming shows')).toBeInTheDocument();
  });

  it('shows the station name and Live Radio until the feed names a track', async () => {
    renderHome(scheduleWith([]));
    const track = await screen.findByTestId('now-playing');
    expect(await within(track).findByText('Test FM')).toBeInTheDocument();
    expect(within(track).getByText('Live Radio')).toBeInTheDocument();
  });

  it('has real, named controls and shortcuts; a social link opens safely and is counted', async () => {
    const events: AnalyticsEvent[] = [];
    const unregister = registerAnalyticsSink((event) => events.push(event));
    renderHome(scheduleWith([]));
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mute' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Standard/ })).toBeChecked();
    expect(screen.getByRole('link', { name: 'Chat' })).toHaveAttribute('href', '/chat');
    expect(screen.getByRole('link', { name: 'Schedule' })).toHaveAttribute('href', '/schedule');
    expect(screen.getByRole('link', { name: 'Timer' })).toHaveAttribute('href', '/?dialog=sleep-timer');
    const mixcloud = await screen.findByRole('link', { name: 'Mixcloud' });
    expect(mixcloud).toHaveAttribute('href', 'https://mixcloud.test/fm');
    expect(mixcloud).toHaveAttribute('target', '_blank');
    expect(mixcloud).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByRole('link', { name: 'Facebook' })).toBeNull(); // not in this station's config
    mixcloud.addEventListener('click', (event) => event.preventDefault()); // jsdom cannot open tabs
    await userEvent.click(mixcloud);
    expect(events.map((event) => [event.name, event.params])).toEqual([
      ['social_media_click', { platform: 'mixcloud' }],
    ]);
    unregister();
  });
});
