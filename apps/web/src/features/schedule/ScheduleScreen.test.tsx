import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { registerAnalyticsSink, type AnalyticsEvent } from '../../lib/analytics.ts';
import { bundledSchedule } from '../../lib/schedule-store.ts';
import { StationProvider } from '../../lib/station-context.tsx';
import { ScheduleProvider } from '../../lib/use-schedule.tsx';
import { testStation } from '../../test/fixtures.ts';
import { ToastProvider } from '../../ui/toast.tsx';
import { ScheduleScreen } from './ScheduleScreen.tsx';

const week = bundledSchedule();

function serve(routes: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (!(url in routes)) return Promise.resolve(new Response('no', { status: 503 }));
      return Promise.resolve(Response.json(routes[url]));
    }),
  );
}

function renderScreen() {
  const router = createMemoryRouter([{ path: '/schedule', Component: ScheduleScreen }], { initialEntries: ['/schedule'] });
  render(
    <StationProvider>
      <ScheduleProvider realtime={null}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </ScheduleProvider>
    </StationProvider>,
  );
}

describe('ScheduleScreen', () => {
  beforeEach(() => localStorage.clear());

  it('loads, then lists every day with favourite hearts that report their use', async () => {
    serve({ '/api/station': testStation, '/api/schedule': { data: week, version: 1 }, '/api/auth/me': { role: 'listener', signInEnabled: false } });
    const events: AnalyticsEvent[] = [];
    const unregister = registerAnalyticsSink((event) => events.push(event));
    renderScreen();
    expect(screen.getByText('Loading schedule...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: /^Monday/ })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(7);
    const slot = week[0]?.shows.find((candidate) => candidate.show !== '');
    if (!slot) throw new Error('no named show on Monday');
    await userEvent.click(screen.getAllByRole('button', { name: `Add ${slot.show} to favourites` })[0] as HTMLElement);
    expect(screen.getAllByRole('button', { name: `Remove ${slot.show} from favourites` }).length).toBeGreaterThan(0);
    expect(events.map((event) => event.name)).toEqual(['show_favorited']);
    expect(screen.queryByRole('button', { name: 'Manage' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Admin' })).toBeNull();
    unregister();
  });

  it('says so when the schedule has no shows', async () => {
    const empty = week.map((day) => ({ ...day, shows: [] }));
    serve({ '/api/station': testStation, '/api/schedule': { data: empty, version: 1 } });
    renderScreen();
    expect(await screen.findByText('No schedule data available.')).toBeInTheDocument();
  });

  it('shows the regular week with a notice when the server fails', async () => {
    serve({ '/api/station': testStation });
    renderScreen();
    expect(await screen.findByText('Can’t load the latest schedule right now: showing the regular week.')).toBeInTheDocument();
  });

  it('gives the admin Manage, which turns into Done and reveals the slot controls', async () => {
    serve({ '/api/station': testStation, '/api/schedule': { data: week, version: 1 }, '/api/auth/me': { role: 'admin', signInEnabled: true } });
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Manage' }));
    expect(screen.getByRole('button', { name: 'Done' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add New Show on Monday' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Edit / }).length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: 'Add New Show on Monday' }));
    expect(await screen.findByRole('heading', { name: 'Add New Show' })).toBeInTheDocument();
  });
});
