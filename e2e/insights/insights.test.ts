import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { favoriteId, favoriteName, stationWallClock, type AnalyticsBatch, type Schedule } from '@onair/core';
import { openPage } from '../fixtures/browser.ts';
import { seriousA11yViolations } from '../fixtures/a11y.ts';
import { openListenerPage, playAndWaitForSound } from '../fixtures/listener.ts';
import { waitFor } from '../fixtures/ports.ts';
import { useServerAndBrowser } from '../fixtures/suite.ts';
import { ADMIN_ENV, signInThroughForm } from '../schedule/schedule-helpers.ts';

/** Resolves with the page's next analytics batch once the server has accepted it. */
async function eventsAccepted(page: Page): Promise<AnalyticsBatch> {
  const response = await page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/events' && response.status() === 202,
    { timeout: 20_000 },
  );
  return response.request().postDataJSON() as AnalyticsBatch;
}

describe('station insights', () => {
  const { server, browser } = useServerAndBrowser(ADMIN_ENV);

  it("shows the admin a listener's favourite and sleep timer, as charts with tables, with no serious a11y violations", async () => {
    const listener = await openListenerPage(browser());
    await listener.goto(`${server().url}/insights`);
    await listener.getByText('Sign in as the admin to see the insights.').waitFor();

    await listener.goto(`${server().url}/schedule`);
    // A heart of today's card, the one the carousel shows: the other days lie beside it, under its edges.
    const today = stationWallClock(new Date(), 'Europe/Dublin').weekday;
    const heart = listener
      .getByRole('group', { name: today })
      .getByRole('button', { name: /^Add .+ to favourites$/ })
      .first();
    const label = (await heart.getAttribute('aria-label')) ?? '';
    const show = label.replace(/^Add (.+) to favourites$/, '$1');
    // The app sends its queued events within 5 s; waiting for that batch keeps the test off the
    // pagehide beacon, which headless Chromium under load was measured to drop (see the issue note).
    const favouriteSent = eventsAccepted(listener);
    await heart.click();
    await listener
      .getByRole('button', { name: `Remove ${show} from favourites` })
      .first()
      .waitFor();
    // The app reports the show's id; the insights name it as the schedule does.
    const favourited = (await favouriteSent).events.find((event) => event.name === 'show_favorited');
    const week = ((await (await fetch(`${server().url}/api/schedule`)).json()) as { data: Schedule }).data;
    const slot = week
      .flatMap((day) => day.shows)
      .find(
        (candidate) =>
          favourited && 'show_id' in favourited.params && favoriteId(candidate) === favourited.params.show_id,
      );
    if (!slot)
      throw new Error(`the favourite sent (${JSON.stringify(favourited)}) is no show of the stored week`);

    await listener.goto(server().url);
    await playAndWaitForSound(listener);
    await listener.getByRole('link', { name: 'Timer' }).click();
    const dialog = listener.getByRole('dialog', { name: 'Sleep Timer' });
    const timerSent = eventsAccepted(listener);
    await dialog.getByRole('button', { name: '15 minutes', exact: true }).click();
    await dialog.getByRole('timer').waitFor();
    await timerSent;

    const admin = await openPage(browser());
    await admin.goto(`${server().url}/schedule`);
    await signInThroughForm(admin);
    await admin.goto(`${server().url}/insights`);
    const shows = admin.getByRole('table', { name: 'Most favourited shows' });
    const lengths = admin.getByRole('table', { name: 'Sleep timers started, by length' });
    await waitFor('both batches to be counted', async () => {
      if ((await shows.isVisible()) && (await lengths.isVisible())) return true;
      await admin.reload();
      await admin.getByRole('heading', { name: 'Most favourited shows' }).waitFor();
      return false;
    });
    expect(await shows.getByRole('row').nth(1).innerText()).toBe(`${favoriteName(slot)}\t1\t0`);
    expect(await lengths.getByRole('row').nth(1).innerText()).toBe('15\t1');
    const events = await admin
      .getByRole('table', { name: 'Events per day, by name and platform' })
      .innerText();
    expect(events).toContain('Show favourited\tBrowser\t1');
    expect(events).toContain('Sleep timer started\tBrowser\t1');
    const timer = admin.getByRole('region', { name: 'Sleep timer' });
    expect(await timer.getByRole('definition').first().innerText()).toBe('1');
    expect(await seriousA11yViolations(admin)).toEqual([]);
    await admin.context().close();
    await listener.context().close();
  });
});
