import { i18n } from '@lingui/core';
import type { Schedule, ScheduleDocument } from '@onair/core';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerAnalyticsSink, type AnalyticsEvent } from '../../lib/analytics.ts';
import { bundledSchedule } from '../../lib/bundled-schedule.ts';
import { StationProvider } from '../../lib/station-context.tsx';
import { ScheduleProvider } from '../../lib/use-schedule.tsx';
import { noEpisodes, stubApi, testStation, type StubbedRoutes } from '../../test/fixtures.ts';
import { ToastProvider } from '../../ui/toast.tsx';
import { ScheduleScreen } from './ScheduleScreen.tsx';
import { CONFLICT_MESSAGE } from './use-schedule-editor.ts';

const week = bundledSchedule();
// No pause between keystrokes: the forms are typed into whole, and a loaded machine stays within the timeout.
const user = userEvent.setup({ delay: null });
const LISTENER = { body: { role: 'listener', signInEnabled: false } };
const ADMIN = { body: { role: 'admin', signInEnabled: true } };

function renderScreen() {
  const router = createMemoryRouter([{ path: '/schedule', Component: ScheduleScreen }], {
    initialEntries: ['/schedule'],
  });
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

/**
 * The server's schedule rules in miniature: a PUT naming the current version is saved as the next
 * one, any other version is refused with 409 and the current document. Each PUT waits for `hold`,
 * so a test can click again while a save is still on its way.
 */
function versionedServer(initial: Schedule, more: StubbedRoutes = {}) {
  let document: ScheduleDocument = { data: initial, version: 1 };
  const putVersions: number[] = [];
  let hold: Promise<void> = Promise.resolve();
  stubApi({
    ...noEpisodes,
    'GET /api/station': { body: testStation },
    'GET /api/auth/me': ADMIN,
    'GET /api/schedule': () => Response.json(document),
    'PUT /api/schedule': async ({ init }) => {
      const body = JSON.parse(String(init?.body)) as ScheduleDocument;
      putVersions.push(body.version);
      await hold;
      if (body.version !== document.version) {
        return Response.json(
          { error: 'The schedule changed meanwhile; reload it.', code: 'schedule_stale', current: document },
          { status: 409 },
        );
      }
      document = { data: body.data, version: document.version + 1 };
      return Response.json(document);
    },
    ...more,
  });
  return {
    get document() {
      return document;
    },
    putVersions,
    /** PUTs from now on wait until the returned function is called. */
    holdSaves(): () => void {
      let release = () => undefined as void;
      hold = new Promise<void>((resolve) => (release = resolve));
      return release;
    },
  };
}

const daySlide = (day: string) => screen.getByRole('group', { name: day });
const mondayArtists = (schedule: Schedule) =>
  schedule.find((entry) => entry.day === 'Monday')?.shows.map((slot) => slot.artist) ?? [];

describe('ScheduleScreen', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loads, then lists every day with favourite hearts that report their use', async () => {
    stubApi({
      ...noEpisodes,
      'GET /api/station': { body: testStation },
      'GET /api/schedule': { body: { data: week, version: 1 } },
      'GET /api/auth/me': LISTENER,
    });
    const events: AnalyticsEvent[] = [];
    const unregister = registerAnalyticsSink((event) => events.push(event));
    renderScreen();
    expect(screen.getByText('Loading schedule...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: /^Monday/ })).toBeInTheDocument();
    for (const entry of week)
      expect(
        screen.getByRole('heading', { level: 2, name: new RegExp(`^${entry.day}`) }),
      ).toBeInTheDocument();
    const slot = week[0]?.shows.find((candidate) => candidate.show !== '');
    if (!slot) throw new Error('no named show on Monday');
    await user.click(
      screen.getAllByRole('button', { name: `Add ${slot.show} to favourites` })[0] as HTMLElement,
    );
    expect(
      screen.getAllByRole('button', { name: `Remove ${slot.show} from favourites` }).length,
    ).toBeGreaterThan(0);
    expect(events.map((event) => event.name)).toEqual(['show_favorited']);
    expect(screen.queryByRole('button', { name: 'Manage' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Admin' })).toBeNull();
    unregister();
  });

  it('says so when the schedule has no shows', async () => {
    const empty = week.map((day) => ({ ...day, shows: [] }));
    stubApi({
      ...noEpisodes,
      'GET /api/station': { body: testStation },
      'GET /api/schedule': { body: { data: empty, version: 1 } },
      'GET /api/auth/me': LISTENER,
    });
    renderScreen();
    expect(await screen.findByText('No schedule data available.')).toBeInTheDocument();
  });

  it('shows the regular week with the reason when the load fails and nothing is kept', async () => {
    stubApi({
      ...noEpisodes,
      'GET /api/station': { body: testStation },
      'GET /api/schedule': { body: { error: 'The store is unavailable.' }, status: 503 },
      'GET /api/auth/me': LISTENER,
    });
    renderScreen();
    const notice = await screen.findByText(/showing the regular week/);
    expect(notice).toHaveTextContent('Can’t load the latest schedule right now: showing the regular week.');
    expect(notice).toHaveTextContent('The store is unavailable.');
    expect(screen.getAllByRole('heading', { level: 2, name: /^Monday/ })).toHaveLength(1);
  });

  it("opens on Sunday's slide after midnight while Sunday's '11pm - 2am' is on air, badge and all", async () => {
    // Monday 23 November 2026, 00:30 in Dublin (GMT). Only Date is faked: timers and promises run.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T00:30:00Z'));
    stubApi({
      ...noEpisodes,
      'GET /api/station': { body: testStation },
      'GET /api/schedule': { body: { data: week, version: 1 } },
      'GET /api/auth/me': LISTENER,
    });
    renderScreen();
    const sunday = await screen.findByRole('button', { name: 'Sun' });
    expect(sunday).toHaveAttribute('aria-current', 'true');
    // Monday is still today by the calendar; it is just not where the show on air is listed.
    // (jsdom joins the visually hidden ' (today)' without its space; Chromium names it 'Mon (today)'.)
    expect(screen.getByRole('button', { name: /^Mon ?\(today\)$/ })).not.toHaveAttribute('aria-current');
    const badge = within(daySlide('Sunday')).getByText('On Air', { exact: true });
    expect(badge.closest('li')).toHaveTextContent('23:00 – 02:00'); // '11pm - 2am' on the station's 24-hour clock
    expect(badge.closest('li')).toHaveTextContent('Ciarán Mac Giolla');
    expect(within(daySlide('Monday')).queryByText('On Air', { exact: true })).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Ciarán Mac Giolla' })).toBeInTheDocument();
  });

  it("says 'Now Playing' on the on-air card while the replays fill a gap, as Home does", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T03:00:00Z')); // Monday 03:00 Dublin: '12am - 6pm' replays
    stubApi({
      ...noEpisodes,
      'GET /api/station': { body: testStation },
      'GET /api/schedule': { body: { data: week, version: 1 } },
      'GET /api/auth/me': LISTENER,
    });
    renderScreen();
    const card = (await screen.findByRole('heading', { level: 2, name: 'Play Show Replays' })).closest(
      'section',
    );
    if (!card) throw new Error('no on-air card');
    expect(within(card).getByText('Now Playing')).toBeInTheDocument();
    expect(within(card).queryByText('On Air')).toBeNull();
  });

  it('gives the admin Manage, which turns into Done and reveals the slot controls', async () => {
    versionedServer(week);
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Manage' }));
    expect(screen.getByRole('button', { name: 'Done' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add New Show on Monday' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Edit / }).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Add New Show on Monday' }));
    expect(await screen.findByRole('heading', { name: 'Add New Show' })).toBeInTheDocument();
  });

  it('saves two quick deletes one after the other: both slots go, and no false conflict', async () => {
    const server = versionedServer(week);
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Manage' }));
    const monday = within(daySlide('Monday'));
    const release = server.holdSaves();
    await user.click(monday.getByRole('button', { name: 'Delete Grace Kavanagh' }));
    // The first save is still on its way when the second click comes.
    expect(monday.getByRole('button', { name: 'Delete Grace Kavanagh' })).toBeDisabled();
    await user.click(monday.getByRole('button', { name: 'Delete The Deep End' }));
    expect(screen.getByRole('toolbar', { name: 'Schedule management' })).toHaveAttribute('aria-busy', 'true');
    act(() => release());
    await waitFor(() => expect(server.document.version).toBe(3));
    expect(server.putVersions).toEqual([1, 2]);
    expect(mondayArtists(server.document.data)).toEqual(
      mondayArtists(week).filter((artist) => artist !== 'Grace Kavanagh' && artist !== 'Aoife Ní Mhurchú'),
    );
    await waitFor(() => expect(monday.queryByRole('button', { name: 'Delete The Deep End' })).toBeNull());
    expect(monday.queryByRole('button', { name: 'Delete Grace Kavanagh' })).toBeNull();
    expect(screen.queryByText(i18n._(CONFLICT_MESSAGE))).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole('toolbar', { name: 'Schedule management' })).toHaveAttribute(
        'aria-busy',
        'false',
      ),
    );
  });

  it('asks the server again when the tab comes back, and drops the controls of a session that ended', async () => {
    let role = 'admin';
    versionedServer(week, { 'GET /api/auth/me': () => Response.json({ role, signInEnabled: true }) });
    renderScreen();
    expect(await screen.findByRole('button', { name: 'Manage' })).toBeInTheDocument();
    role = 'listener';
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(await screen.findByRole('button', { name: 'Admin' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Manage' })).toBeNull();
  });

  it(
    'takes the controls away when the session has expired, and gives the typed edit back after signing in again',
    { timeout: 20_000 },
    async () => {
      const server = versionedServer(week);
      renderScreen();
      await user.click(await screen.findByRole('button', { name: 'Manage' }));
      await user.click(within(daySlide('Monday')).getByRole('button', { name: 'Edit Night Shift' }));
      const form = within(await screen.findByRole('dialog', { name: 'Edit Show' }));
      await user.clear(form.getByLabelText('Show'));
      await user.type(form.getByLabelText('Show'), 'Night Shift Extended');

      // The session ends on the server (12 hours passed, or signed out in another tab).
      let signedIn = false;
      stubApi({
        ...noEpisodes,
        'GET /api/station': { body: testStation },
        'GET /api/auth/me': () =>
          Response.json({ role: signedIn ? 'admin' : 'listener', signInEnabled: true }),
        'PUT /api/schedule': () =>
          Response.json(
            { error: 'Sign in as the admin to change the schedule.', code: 'sign_in_required' },
            { status: 401 },
          ),
        'POST /api/auth/login': () => {
          signedIn = true;
          return Response.json({ role: 'admin' });
        },
      });
      await user.click(form.getByRole('button', { name: 'Save' }));

      const signIn = within(await screen.findByRole('dialog', { name: 'Admin sign-in' }));
      expect(signIn.getByRole('alert')).toHaveTextContent(
        'Your admin session has ended, so the show was not saved.',
      );
      expect(screen.queryByRole('button', { name: 'Done' })).toBeNull();
      expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
      expect(server.document.version).toBe(1);

      await user.type(signIn.getByLabelText('Username'), 'Station Admin');
      await user.type(signIn.getByLabelText('Password'), 'a long passphrase');
      await user.click(signIn.getByRole('button', { name: 'Sign in' }));
      const again = within(await screen.findByRole('dialog', { name: 'Edit Show' }));
      expect(again.getByLabelText('Show')).toHaveValue('Night Shift Extended');
      expect(screen.getByRole('button', { name: 'Done' })).toBeInTheDocument();
    },
  );
});
