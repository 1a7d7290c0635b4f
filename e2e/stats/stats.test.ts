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
    await page.getByText('1 session', { exact: true }).waitFor();
    const total = await page.getByText('Total listening time').locator('xpath=following-sibling::p[1]').textContent();
    expect(total).toMatch(/^40m$/);
    const today = page.getByRole('region', { name: 'Last 7 days' }).getByRole('listitem').last();
    expect(await today.textContent()).toContain('Today: 40 minutes');
    expect(await page.getByText('Evening').count()).toBe(1);
    expect(await seriousA11yViolations(page, 'main')).toEqual([]);
    await page.context().close();
  });
});
