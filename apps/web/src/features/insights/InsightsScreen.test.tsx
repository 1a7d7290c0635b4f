import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Insights } from '@onair/core';
import { stubApi } from '../../test/fixtures.ts';
import { InsightsScreen } from './InsightsScreen.tsx';

function renderInsights() {
  render(
    <RouterProvider
      router={createMemoryRouter([{ path: '/insights', Component: InsightsScreen }], {
        initialEntries: ['/insights'],
      })}
    />,
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
    expect(within(screen.getByRole('region', { name: 'Chat activity' })).getByText('5')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Period'), 'Last 30 days');
    expect(await screen.findByText('No show was favourited in this period.')).toBeInTheDocument();
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

  it("says who may see the page when the server refuses (401), in the server's words", async () => {
    stubApi({
      'GET /api/insights?days=7': {
        body: { error: 'Sign in as the admin to see the insights.', code: 'sign_in_required' },
        status: 401,
      },
    });
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
