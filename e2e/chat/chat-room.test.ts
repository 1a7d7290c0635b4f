import type { Browser, Locator, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../fixtures/a11y.ts';
import { openPage } from '../fixtures/browser.ts';
import { useServerAndBrowser } from '../fixtures/suite.ts';
import { ADMIN, ADMIN_ENV } from '../schedule/schedule-helpers.ts';

const STEP_TIMEOUT_MS = 20_000;
// Two or three Chromium contexts and the server on two busy cores: room for the whole story.
const TEST_TIMEOUT_MS = 150_000;

/** A listener's page on /chat, signed in to the chat under `name` through the name prompt. */
async function joinChat(browser: Browser, baseUrl: string, name: string): Promise<Page> {
  const page = await openPage(browser);
  // Fail on the step that is stuck, well inside the test's own time limit.
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  await page.goto(`${baseUrl}/chat`);
  await page.getByRole('textbox', { name: 'Your name in the chat' }).fill(name);
  await page.getByRole('button', { name: 'Join chat' }).click();
  await page.getByRole('combobox', { name: 'Message' }).waitFor();
  return page;
}

async function say(page: Page, text: string): Promise<void> {
  const field = page.getByRole('combobox', { name: 'Message' });
  await field.fill(text);
  await field.press('Enter');
}

/** The confirmed message (not the pending copy) whose text is `text`, as the listener sees it. */
const messageWith = (page: Page, text: string) =>
  page
    .getByRole('list', { name: 'Messages' })
    .getByRole('listitem')
    .filter({ hasText: text })
    .filter({ hasNotText: 'Sending…' });

/** Shows a message's action bar (Reply, reactions, the station's Delete and Mute) with its button. */
const showActions = (message: Locator) => message.getByRole('button', { name: 'Message actions' }).click();

describe('chat room (two listeners, the admin, the real server)', () => {
  const { server, browser } = useServerAndBrowser(ADMIN_ENV);

  it(
    'two listeners chat, reply, mention and react, live',
    async () => {
      const aoife = await joinChat(browser(), server().url, 'Aoife');
      const cian = await joinChat(browser(), server().url, 'Cian');

      await say(aoife, 'Who is on the decks tonight?');
      await messageWith(cian, 'Who is on the decks tonight?').waitFor();

      // Cian replies to it and mentions Aoife through the @ autocomplete.
      await showActions(messageWith(cian, 'Who is on the decks tonight?'));
      await messageWith(cian, 'Who is on the decks tonight?').getByRole('button', { name: 'Reply' }).click();
      const field = cian.getByRole('combobox', { name: 'Message' });
      await field.pressSequentially('@Ao');
      await cian.getByRole('option', { name: '@Aoife' }).click();
      await field.pressSequentially('the resident, all night');
      await field.press('Enter');

      const reply = messageWith(aoife, 'the resident, all night');
      await reply.waitFor();
      expect(await reply.getByText('Mentions you').count()).toBe(1);
      await reply.getByRole('button', { name: /^Replying to Aoife: Who is on the decks tonight\?/ }).click();
      await expect
        .poll(() => aoife.evaluate(() => document.activeElement?.textContent ?? ''))
        .toContain('Who is on the decks tonight?');

      // Aoife reacts; Cian sees the count and who gave it.
      await showActions(reply);
      await reply.getByRole('button', { name: 'React 👍' }).click();
      await messageWith(cian, 'the resident, all night')
        .getByRole('button', { name: '👍 1: Aoife' })
        .waitFor();
      // More reactions come from the emoji dialog.
      await showActions(reply);
      await reply.getByRole('button', { name: 'More reactions' }).click();
      await aoife
        .getByRole('dialog', { name: 'Choose a reaction' })
        .getByRole('button', { name: 'React 🪩' })
        .click();
      await messageWith(cian, 'the resident, all night')
        .getByRole('button', { name: '🪩 1: Aoife' })
        .waitFor();

      // Links are links (and only http(s) ones); markup stays text.
      await say(aoife, 'mix here https://play.test/mix <b>loud</b>');
      const link = messageWith(cian, 'mix here').getByRole('link', { name: 'https://play.test/mix' });
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
      expect(await messageWith(cian, 'mix here').locator('b').count()).toBe(0);

      expect(await seriousA11yViolations(aoife)).toEqual([]);
      await aoife.context().close();
      await cian.context().close();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'the admin removes a message and it disappears for the other listener',
    async () => {
      const listener = await joinChat(browser(), server().url, 'Orla');
      await say(listener, 'buy cheap followers at spam.test');
      await messageWith(listener, 'buy cheap followers').waitFor();

      const admin = await openPage(browser());
      admin.setDefaultTimeout(STEP_TIMEOUT_MS);
      await admin.goto(`${server().url}/chat`);
      const login = await admin.evaluate(
        async (credentials) =>
          (
            await fetch('/api/auth/login', {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify(credentials),
            })
          ).status,
        ADMIN,
      );
      expect(login).toBe(200);
      await admin.getByRole('textbox', { name: 'Your name in the chat' }).fill(ADMIN.username);
      await admin.getByRole('button', { name: 'Join chat' }).click();
      await showActions(messageWith(admin, 'buy cheap followers'));
      await messageWith(admin, 'buy cheap followers').getByRole('button', { name: 'Delete' }).click();

      await listener.getByText('message removed').waitFor();
      expect(await listener.getByText('buy cheap followers').count()).toBe(0);

      // The admin's own messages are marked as the station's.
      await say(admin, 'Keep it friendly, folks');
      await messageWith(listener, 'Keep it friendly, folks').getByText('Station', { exact: true }).waitFor();
      await admin.context().close();
      await listener.context().close();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "Home's Chat shortcut counts a message sent from another listener while this one is away",
    async () => {
      const reader = await joinChat(browser(), server().url, 'Ruairí');
      await reader.getByRole('link', { name: 'Close' }).click();
      const chatShortcut = reader.getByRole('link', { name: /Chat$/ });
      await chatShortcut.waitFor();
      expect(await chatShortcut.textContent()).toBe('Chat');

      const writer = await joinChat(browser(), server().url, 'Sadhbh');
      await say(writer, 'anyone about?');
      await say(writer, 'hello?');
      await expect.poll(() => chatShortcut.textContent()).toBe('2Chat');

      // Opening the chat marks them seen: back on Home, no badge.
      await chatShortcut.click();
      await messageWith(reader, 'hello?').waitFor();
      await reader.getByRole('link', { name: 'Close' }).click();
      await reader.getByRole('link', { name: /Chat$/ }).waitFor();
      await expect.poll(() => reader.getByRole('link', { name: /Chat$/ }).textContent()).toBe('Chat');
      await reader.context().close();
      await writer.context().close();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'a message written offline shows as pending and arrives after the connection returns',
    async () => {
      const offline = await joinChat(browser(), server().url, 'Tadhg');
      const other = await joinChat(browser(), server().url, 'Úna');
      await offline.context().setOffline(true);
      await say(offline, 'typed in the tunnel');
      await offline.getByText('Sending…').waitFor();
      expect(await other.getByText('typed in the tunnel').count()).toBe(0);

      await offline.context().setOffline(false);
      await messageWith(other, 'typed in the tunnel').waitFor();
      await messageWith(offline, 'typed in the tunnel').waitFor();
      expect(await offline.getByText('Sending…').count()).toBe(0);
      expect(await messageWith(other, 'typed in the tunnel').count()).toBe(1);
      await offline.context().close();
      await other.context().close();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'a message still unsent when the page reloads shows again as pending and arrives exactly once',
    async () => {
      const writer = await joinChat(browser(), server().url, 'Sorcha');
      const other = await joinChat(browser(), server().url, 'Colm');
      // The network drops every send (not the page): the message stays pending, then the page reloads.
      const dropSends = (route: Route) =>
        route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue();
      await writer.route('**/api/chat/messages', dropSends);
      await say(writer, 'sent just before the reload');
      await writer.getByText('Sending…').waitFor();
      await writer.reload();
      await writer.getByRole('combobox', { name: 'Message' }).waitFor();
      await writer.getByText('Sending…').waitFor();
      expect(await writer.getByText('sent just before the reload').count()).toBe(1);

      await writer.unroute('**/api/chat/messages', dropSends);
      await messageWith(other, 'sent just before the reload').waitFor();
      await messageWith(writer, 'sent just before the reload').waitFor();
      expect(await writer.getByText('Sending…').count()).toBe(0);
      expect(await messageWith(other, 'sent just before the reload').count()).toBe(1);
      await writer.context().close();
      await other.context().close();
    },
    TEST_TIMEOUT_MS,
  );
});
