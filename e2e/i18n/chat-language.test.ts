import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, waitForApp } from '../fixtures/browser.ts';
import { englishMessages, englishShown } from '../fixtures/english-ui.ts';
import { useServerAndBrowser } from '../fixtures/suite.ts';

const STEP_TIMEOUT_MS = 20_000;
// Two Chromium contexts and the server on two busy cores.
const TEST_TIMEOUT_MS = 120_000;

/** A page on /chat in `locale`, its name prompt filled in and sent (found by its place, not its words). */
async function joinIn(browser: Browser, baseUrl: string, locale: string, name: string): Promise<Page> {
  const page = await openPage(browser, { locale });
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  await page.goto(`${baseUrl}/chat`);
  await waitForApp(page);
  await page.locator('.chat-name-prompt input').fill(name);
  await page.locator('.chat-name-prompt button[type="submit"]').click();
  return page;
}

describe("the chat and the notifications in the listener's language", () => {
  const { server, browser } = useServerAndBrowser();

  it(
    'ga-IE: the chat in Irish, and a name the server refuses told by its code in Irish',
    async () => {
      const aoife = await joinIn(browser(), server().url, 'ga-IE', 'Aoife');
      const field = aoife.getByRole('combobox', { name: 'Teachtaireacht' });
      expect(await field.getAttribute('placeholder')).toBe('Abair rud éigin…');
      await field.fill('Dia daoibh go léir');
      await aoife.getByRole('button', { name: 'Seol' }).click();
      const list = aoife.getByRole('list', { name: 'Teachtaireachtaí' });
      await list.getByText('Aoife (tusa)').waitFor();
      await list.getByText('Inniu', { exact: true }).waitFor();

      // The server answers chat_name_taken with an English sentence for API users; the app says its own.
      const other = await openPage(browser(), { locale: 'ga-IE' });
      other.setDefaultTimeout(STEP_TIMEOUT_MS);
      await other.goto(`${server().url}/chat`);
      await waitForApp(other);
      await other.getByRole('heading', { name: 'Glac páirt sa chomhrá' }).waitFor();
      await other.getByRole('textbox', { name: 'D’ainm sa chomhrá' }).fill('Aoife');
      await other.getByRole('button', { name: 'Isteach sa chomhrá' }).click();
      await other
        .getByRole('alert')
        .getByText('Tá an t-ainm sin ag éisteoir eile sa chomhrá. Roghnaigh ceann eile.')
        .waitFor();
      await aoife.context().close();
      await other.context().close();
    },
    TEST_TIMEOUT_MS,
  );

  it('de-DE: the Notifications modal and its How it works in German', async () => {
    const page = await openPage(browser(), { locale: 'de-DE' });
    await page.goto(`${server().url}/?dialog=notifications`);
    await waitForApp(page);
    const dialog = page.getByRole('dialog', { name: 'Benachrichtigungen' });
    await dialog.getByRole('button', { name: 'Benachrichtigungen aktivieren' }).waitFor();
    const how = dialog.getByRole('region', { name: 'So funktioniert’s' }).getByRole('listitem');
    expect(await how.count()).toBe(4);
    expect(await how.first().innerText()).toBe(
      'Tippe im Programm auf das Herz einer Sendung, um sie zu deinen Favoriten hinzuzufügen.',
    );
    await page.context().close();
  });

  it(
    'en-XA: the chat (joined, with a message) and the Notifications modal show no plain-English UI text',
    async () => {
      const english = englishMessages();
      const page = await joinIn(browser(), server().url, 'en-XA', 'Niamh');
      const field = page.locator('.chat-composer__field');
      await field.fill('ceol den scoth');
      await field.press('Enter');
      await page.locator('.chat-room__list .chat-message:not(.chat-message--pending)').first().waitFor();
      expect(await englishShown(page, english), '/chat').toEqual([]);

      await page.goto(`${server().url}/?dialog=notifications`);
      await waitForApp(page);
      await page.locator('.notifications__how li').first().waitFor();
      expect(await englishShown(page, english), 'notifications').toEqual([]);
      await page.context().close();
    },
    TEST_TIMEOUT_MS,
  );
});
