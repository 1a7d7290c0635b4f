import { describe, expect, it } from 'vitest';
import { useServerAndBrowser } from '../fixtures/suite.ts';
import { openPage } from '../fixtures/browser.ts';
import { waitFor } from '../fixtures/ports.ts';
import { seriousA11yViolations } from '../fixtures/a11y.ts';
import { audioState, playAndWaitForSound } from '../fixtures/listener.ts';

describe('the Stats view in Chromium', () => {
  const { server, browser } = useServerAndBrowser();

  it('greets a new listener with an empty state', async () => {
    const page = await openPage(browser());
    await page.goto(`${server().url}/stats`);
    await page.getByRole('heading', { level: 1, name: 'Listening Stats' }).waitFor();
    await page.getByText('No listening yet').waitFor();
    expect(await seriousA11yViolations(page, 'main')).toEqual([]);
    await page.context().close();
  });

  it('shows a listening session recorded from play to pause', async () => {
    const page = await openPage(browser());
    await page.clock.install({ time: new Date(2026, 10, 20, 20, 0, 0) });
    await page.goto(server().url);
    await playAndWaitForSound(page);
    await page.clock.fastForward('40:00');
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    await waitFor('the audio to pause', async () => (await audioState(page)).paused);

    await page.getByRole('link', { name: 'Your listening stats' }).click();
    await page.getByRole('heading', { level: 1, name: 'Listening Stats' }).waitFor();
    const total = page.getByRole('group', { name: 'Total listening time' });
    await total.getByText('40m', { exact: true }).waitFor();
    await total.getByText('1 session', { exact: true }).waitFor();
    const today = page.getByRole('region', { name: 'Last 7 days' }).getByRole('listitem').last();
    expect(await today.textContent()).toContain('Today: 40 minutes');
    expect(await page.getByText('Evening').count()).toBe(1);
    expect(await seriousA11yViolations(page, 'main')).toEqual([]);
    await page.context().close();
  });

  it('keeps the good sessions of a history with a corrupt entry, and cleans the entry out', async () => {
    const page = await openPage(browser());
    const now = new Date(2026, 10, 20, 20, 0, 0);
    await page.clock.install({ time: now });
    const session = (id: string, hoursAgo: number, minutes: number) => {
      const startTime = now.getTime() - hoursAgo * 3_600_000;
      return {
        id,
        startTime,
        endTime: startTime + minutes * 60_000,
        duration: minutes * 60,
        date: '2026-11-20',
      };
    };
    const saved = [session('a', 3, 20), { id: 'broken', duration: 'long' }, session('b', 2, 25)];
    await page.addInitScript((text) => {
      if (localStorage.getItem('playfm_stats_sessions') === null)
        localStorage.setItem('playfm_stats_sessions', text);
    }, JSON.stringify(saved));
    await page.goto(`${server().url}/stats`);
    const total = page.getByRole('group', { name: 'Total listening time' });
    await total.getByText('45m', { exact: true }).waitFor();
    await total.getByText('2 sessions', { exact: true }).waitFor();
    const stored = (await page.evaluate(() =>
      JSON.parse(localStorage.getItem('playfm_stats_sessions') ?? '[]'),
    )) as {
      id: string;
    }[];
    expect(stored.map((kept) => kept.id)).toEqual(['a', 'b']);
    await page.context().close();
  });
});
