import { Webhook } from 'standardwebhooks';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../fixtures/a11y.ts';
import { launchBrowser, openPage } from '../fixtures/browser.ts';
import { IntegrationReceiversFixture } from '../fixtures/integration-receivers.ts';
import { waitFor } from '../fixtures/ports.ts';
import { ServerFixture } from '../fixtures/server.ts';
import { ADMIN_ENV, signInThroughForm } from '../schedule/schedule-helpers.ts';

describe('the integrations screen', () => {
  let receivers: IntegrationReceiversFixture;
  let server: ServerFixture;
  let browser: Browser;
  beforeAll(async () => {
    receivers = await IntegrationReceiversFixture.start();
    server = await ServerFixture.start({ ...ADMIN_ENV, ...receivers.serverEnv });
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await receivers?.stop();
  });

  it('lets the admin add a webhook from Insights, send a test that arrives signed, and see its delivery, with no serious a11y violations', async () => {
    const page = await openPage(browser);
    await page.goto(`${server.url}/integrations`);
    await page.getByText('Sign in as the admin to manage integrations.').waitFor();

    await page.goto(`${server.url}/schedule`);
    await signInThroughForm(page);
    await page.goto(`${server.url}/insights`);
    await page.getByRole('link', { name: 'Integrations' }).click();
    await page.getByRole('heading', { name: 'Integrations', level: 1 }).waitFor();
    await page.getByText('No integrations yet.').waitFor();

    await page.getByRole('button', { name: 'Add an integration' }).click();
    await page.getByLabel('Name').fill('Studio receiver');
    await page.getByLabel('Receiver URL').fill(receivers.receiver.url('/hooks/onair'));
    await page.getByRole('checkbox', { name: 'Show started' }).check();
    await page.getByRole('button', { name: 'Add integration' }).click();
    const notice = page.getByRole('region', { name: 'Signing secret of Studio receiver' });
    const secret = (await notice.locator('code').innerText()).trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await notice.getByRole('button', { name: 'I have saved it' }).click();

    const card = page.getByRole('article', { name: 'Studio receiver' });
    await card.getByRole('button', { name: 'Send test' }).click();
    const table = card.getByRole('table', { name: 'Deliveries of Studio receiver' });
    const row = await waitFor('the test delivery in the log', async () => {
      if (await table.isVisible()) {
        const first = table.getByRole('row').nth(1);
        if ((await first.count()) > 0) return first;
      }
      await card.getByRole('button', { name: 'Refresh deliveries' }).click();
      return null;
    });
    const cells = await row.getByRole('cell').allInnerTexts();
    expect(cells[0]).toBe('Track changed');
    expect(cells[2]).toBe('200 (delivered)');
    expect(cells[3]).toMatch(/^\d+ ms$/);

    const [request] = receivers.receiver.receivedAt('/hooks/onair');
    if (!request) throw new Error('the receiver got no request');
    const headers = Object.fromEntries(
      ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [
        name,
        String(request.headers[name]),
      ]),
    );
    expect(new Webhook(secret).verify(request.body, headers)).toMatchObject({
      type: 'track.changed',
      data: { title: 'Test track' },
    });
    expect(await seriousA11yViolations(page)).toEqual([]);

    await card.getByRole('button', { name: 'Delete' }).click();
    await card.getByRole('button', { name: 'Delete Studio receiver' }).click();
    await page.getByText('No integrations yet.').waitFor();
    await page.context().close();
  });
});
