import { STORAGE_KEYS, type ClockStyle } from '@onair/core';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StationProvider } from '../../lib/station-context.tsx';
import { stubStationFetch, testStation } from '../../test/fixtures.ts';
import { formatDuration, spokenDuration } from './format-duration.ts';
import { StatsScreen } from './StatsScreen.tsx';

const NOW = new Date(2026, 10, 22, 21, 30, 0); // a Sunday evening

function renderStats(clock: ClockStyle = '24-hour') {
  const station = { ...testStation, clock };
  stubStationFetch({ body: station });
  const router = createMemoryRouter(
    [
      { path: '/stats', Component: StatsScreen },
      { path: '/', Component: () => null },
    ],
    {
      initialEntries: ['/stats'],
    },
  );
  render(
    <StationProvider initial={station}>
      <RouterProvider router={router} />
    </StationProvider>,
  );
}

function session(id: string, start: Date, minutes: number) {
  const startTime = start.getTime();
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${start.getFullYear()}-${pad(start.getMonth() + 1)}-${pad(start.getDate())}`;
  return { id, startTime, endTime: startTime + minutes * 60_000, duration: minutes * 60, date };
}

describe('StatsScreen', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  });
  afterEach(() => vi.useRealTimers());

  it('shows an empty state for a new listener', () => {
    renderStats();
    expect(screen.getByRole('heading', { level: 1, name: 'Listening Stats' })).toBeInTheDocument();
    expect(screen.getByText('No listening yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the player' })).toHaveAttribute('href', '/');
  });

  it('shows the figures and a 7-day chart whose numbers are text', () => {
    localStorage.setItem(
      STORAGE_KEYS.statsSessions,
      JSON.stringify([
        session('a', new Date(2026, 10, 22, 20, 0), 90), // today, evening
        session('b', new Date(2026, 10, 21, 19, 0), 30), // yesterday, evening
        session('c', new Date(2026, 10, 14, 8, 0), 60), // last week, morning
      ]),
    );
    renderStats();
    expect(screen.getByText('Total listening time').nextElementSibling).toHaveTextContent('3h 00m');
    expect(screen.getByText('3 sessions')).toBeInTheDocument();
    const term = (label: string) => screen.getByText(label).closest('div') as HTMLElement;
    expect(within(term('Current streak')).getByText('2 days')).toBeInTheDocument();
    expect(within(term('Longest streak')).getByText('2 days')).toBeInTheDocument();
    expect(within(term('Average session')).getByText('1h 00m')).toBeInTheDocument();
    expect(within(term('Favourite time')).getByText('Evening')).toBeInTheDocument();
    expect(within(term('Favourite time')).getByText('18:00 – 22:00')).toBeInTheDocument();
    expect(within(term('This week')).getByText('2h 00m')).toBeInTheDocument();
    expect(within(term('This week')).getByText('Up 100% on last week')).toBeInTheDocument();
    expect(within(term('Last week')).getByText('1h 00m')).toBeInTheDocument();
    expect(within(term('This month')).getByText('3h 00m')).toBeInTheDocument();

    const chart = screen.getByRole('region', { name: 'Last 7 days' });
    const days = within(chart).getAllByRole('listitem');
    expect(days).toHaveLength(7);
    expect(days[6]).toHaveTextContent('Today: 1 hour 30 minutes');
    expect(days[5]).toHaveTextContent('30 minutes');
    expect(days[0]).toHaveTextContent('0 seconds');
    // The app's own words for the days, whatever language the browser speaks.
    expect(days.map((day) => day.querySelector('.stats__bar-label')?.textContent)).toEqual([
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
      'Sun',
    ]);
  });

  it('writes the favourite hours on the 12-hour clock when the station file asks for it', () => {
    localStorage.setItem(
      STORAGE_KEYS.statsSessions,
      JSON.stringify([session('a', new Date(2026, 10, 22, 20, 0), 90)]),
    );
    renderStats('12-hour');
    expect(screen.getByText('6pm – 10pm')).toBeInTheDocument();
  });
});

describe('duration formats', () => {
  it.each([
    [0, '0s', '0 seconds'],
    [45, '45s', '45 seconds'],
    [60, '1m', '1 minute'],
    [3_900, '1h 05m', '1 hour 5 minutes'],
    [7_200, '2h 00m', '2 hours'],
  ])('%i s', (seconds, short, spoken) => {
    expect(formatDuration(seconds)).toBe(short);
    expect(spokenDuration(seconds)).toBe(spoken);
  });
});
