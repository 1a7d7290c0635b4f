import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_DAYPARTS, type AudienceInsights, type ClockStyle, type Insights } from '@onair/core';
import { activateLoadedLocale } from '../../lib/i18n/locale.ts';
import { messages as en } from '../../locales/en/messages.po';
import { messages as ga } from '../../locales/ga/messages.po';
import { DEFAULT_DAYPART_NAMES } from './AudienceFigures.tsx';
import { StationProvider } from '../../lib/station-context.tsx';
import { stubStationFetch, testStation, type StubbedRoutes } from '../../test/fixtures.ts';
import { InsightsScreen } from './InsightsScreen.tsx';

const audience: AudienceInsights = {
  days: 7,
  since: '2026-11-17',
  audience: {
    byDay: [{ day: '2026-11-23', tlh: 3.9, aqh: 5, peak: 9, quarterHours: 4 }],
    byDaypart: [
      { name: 'Breakfast', start: 6, end: 10, tlh: 2.9, aqh: 4.7, peak: 9, quarterHours: 3 },
      { name: 'Daytime', start: 10, end: 16, tlh: 0, aqh: 0, peak: 0, quarterHours: 0 },
    ],
    byShow: [{ show: '=Night Owls — Cian', tlh: 4, average: 9.6, peak: 12, minutes: 25 }],
  },
  sessions: {
    count: 2,
    averageMinutes: 105,
    open: true,
    byBucket: [
      { bucket: '1_2h', count: 1 },
      { bucket: 'over_2h', count: 1 },
    ],
  },
};

/**
 * The station answers beside `routes`, on the `clock` its file names; the audience figures answer
 * for 7 and 30 days unless `routes` says otherwise.
 */
function stubApi(routes: StubbedRoutes, clock: ClockStyle = '24-hour') {
  stubStationFetch(
    { body: { ...testStation, clock } },
    {
      'GET /api/insights/audience?days=7': { body: audience },
      'GET /api/insights/audience?days=30': { body: { ...audience, days: 30 } },
      ...routes,
    },
  );
}

function renderInsights(clock: ClockStyle = '24-hour') {
  render(
    <StationProvider initial={{ ...testStation, clock }}>
      <RouterProvider
        router={createMemoryRouter([{ path: '/insights', Component: InsightsScreen }], {
          initialEntries: ['/insights'],
        })}
      />
    </StationProvider>,
  );
}

const insights: Insights = {
  days: 7,
  since: '2026-11-17',
  listeners: {
    peak: 42,
    average: 17.5,
    byDay: [{ day: '2026-11-23', peak: 42, average: 17.5 }],
    byHourOfWeek: [{ weekday: 'Monday', hour: 21, average: 30, peak: 42 }],
  },
  eventsByDay: [{ day: '2026-11-23', name: 'show_favorited', platform: 'pwa', count: 3 }],
  topShows: [{ show: 'Early Doors', favorited: 3, unfavorited: 1 }],
  sleepTimer: { started: 2, completed: 1, cancelled: 0, custom: 1, byMinutes: [{ minutes: 45, count: 2 }] },
  chat: { messages: 5, reactions: 4, emojiPickerOpens: 3, closes: 2 },
};

describe('InsightsScreen', () => {
  it('gives every chart a table with the same figures, and asks again for another period', async () => {
    stubApi({
      'GET /api/insights?days=7': { body: insights },
      'GET /api/insights?days=30': { body: { ...insights, days: 30, topShows: [] } },
    });
    renderInsights();
    const shows = await screen.findByRole('table', { name: 'Most favourited shows' });
    expect(within(shows).getByRole('row', { name: 'Early Doors 3 1' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Events per day, by name and platform' })).toHaveTextContent(
      'Show favouritedInstalled app3',
    );
    expect(screen.getByRole('table', { name: 'Listeners by day' })).toHaveTextContent('2026-11-234217.5');
    expect(screen.getByRole('table', { name: 'Sleep timers started, by length' })).toHaveTextContent('452');
    expect(screen.getByRole('table', { name: 'Listeners by hour of the week' })).toHaveTextContent(
      'Monday21:003042',
    );
    expect(within(screen.getByRole('region', { name: 'Chat activity' })).getByText('5')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Period'), 'Last 30 days');
    expect(await screen.findByText('No show was favourited in this period.')).toBeInTheDocument();
  });

  it('writes the hours on the 12-hour clock when the station file asks for it', async () => {
    stubApi({ 'GET /api/insights?days=7': { body: insights } }, '12-hour');
    renderInsights('12-hour');
    const hours = await screen.findByRole('table', { name: 'Listeners by hour of the week' });
    expect(hours).toHaveTextContent('Monday9pm3042');
    const heatMap = document.querySelector('svg:has(.insights__heat)');
    expect(
      [...(heatMap?.querySelectorAll('.insights__chart-label') ?? [])]
        .slice(0, 5)
        .map((label) => label.textContent),
    ).toEqual(['12am', '6am', '12pm', '6pm', 'Mon']);
  });

  it("shows a show's name as text, never as markup, in the chart and in its table", async () => {
    const name = '<img src=x onerror="alert(1)"> Late <b>Lights</b>';
    stubApi({
      'GET /api/insights?days=7': {
        body: { ...insights, topShows: [{ show: name, favorited: 2, unfavorited: 0 }] },
      },
    });
    renderInsights();
    const shows = await screen.findByRole('table', { name: 'Most favourited shows' });
    expect(within(shows).getByRole('row', { name: `${name} 2 0` })).toBeInTheDocument();
    const region = shows.closest('section') ?? document.body;
    expect(region.querySelector('img, b')).toBeNull();
    expect(region.querySelector('svg text')?.textContent).toBe(`${name.slice(0, 21)}…`);
  });

  it('gives the audience figures as tables, each with its CSV download, and the sessions’ average', async () => {
    stubApi({ 'GET /api/insights?days=7': { body: insights } });
    renderInsights();
    const days = await screen.findByRole('table', { name: 'Audience by day' });
    expect(within(days).getByRole('row', { name: '2026-11-23 3.9 5 9 4' })).toBeInTheDocument();
    const parts = screen.getByRole('table', { name: 'Audience by daypart' });
    expect(within(parts).getByRole('row', { name: 'Breakfast 06:00–10:00 2.9 4.7 9 3' })).toBeInTheDocument();
    const shows = screen.getByRole('table', { name: 'Audience by show' });
    expect(within(shows).getByRole('row', { name: '=Night Owls — Cian 9.6 12 4 25' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Listening sessions by length' })).toHaveTextContent(
      'Over 2 hours1',
    );
    // Sessions over 2 hours count as 2 hours: the average is a lower bound, and says so.
    expect(
      within(screen.getByRole('region', { name: 'Listening sessions' })).getByText('at least 105 min'),
    ).toBeInTheDocument();
    for (const [table, caption] of [
      ['days', 'Audience by day'],
      ['dayparts', 'Audience by daypart'],
      ['shows', 'Audience by show'],
      ['sessions', 'Listening sessions by length'],
    ] as const) {
      const link = screen.getByRole('link', { name: `Download CSV (${caption})` });
      expect(link).toHaveAttribute('href', `/api/insights/audience.csv?table=${table}&days=7`);
      expect(link).toHaveAttribute('download');
    }
  });

  describe('in Irish', () => {
    afterEach(() => activateLoadedLocale('en', en));

    it('names the default dayparts in the app’s language, and a station’s own daypart as it wrote it', async () => {
      stubStationFetch(
        { body: { ...testStation, clock: '24-hour' } },
        {
          'GET /api/insights?days=7': { body: insights },
          'GET /api/insights/audience?days=7': {
            body: {
              ...audience,
              audience: {
                ...audience.audience,
                byDaypart: [
                  ...audience.audience.byDaypart,
                  { name: 'Ceol na Maidine', start: 16, end: 17, tlh: 1, aqh: 1, peak: 1, quarterHours: 1 },
                ],
              },
            },
          },
        },
      );
      activateLoadedLocale('ga', ga);
      renderInsights();
      const parts = await screen.findByRole('table', { name: 'Lucht éisteachta de réir chuid den lá' });
      expect(
        within(parts).getByRole('row', { name: 'Bricfeasta 06:00–10:00 2.9 4.7 9 3' }),
      ).toBeInTheDocument();
      expect(within(parts).getByRole('row', { name: /^Lár an lae / })).toBeInTheDocument();
      expect(within(parts).getByRole('row', { name: /^Ceol na Maidine / })).toBeInTheDocument();
    });
  });

  it('has a message for every default daypart name core gives a station', () => {
    expect(Object.keys(DEFAULT_DAYPART_NAMES).sort()).toEqual(
      DEFAULT_DAYPARTS.map(({ name }) => name).sort(),
    );
  });

  it("says who may see the page when the server refuses (401), in the server's words", async () => {
    const signIn = {
      body: { error: 'Sign in as the admin to see the insights.', code: 'sign_in_required' },
      status: 401,
    };
    stubApi({ 'GET /api/insights?days=7': signIn, 'GET /api/insights/audience?days=7': signIn });
    renderInsights();
    expect(await screen.findByRole('alert', {})).toHaveTextContent(
      'Sign in as the admin to see the insights.',
    );
    expect(
      screen.getByRole('link', { name: 'Sign in with the Admin link under the schedule' }),
    ).toHaveAttribute('href', '/schedule');
  });

  it('offers Try again when the server cannot be reached', async () => {
    let calls = 0;
    stubApi({
      'GET /api/insights?days=7': () => {
        calls += 1;
        return calls === 1 ? new Response('', { status: 502 }) : Response.json(insights);
      },
    });
    renderInsights();
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Most favourited shows' })).toBeInTheDocument();
  });
});
