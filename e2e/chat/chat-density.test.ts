import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../fixtures/a11y.ts';
import { openPage } from '../fixtures/browser.ts';
import { chatCookies } from '../fixtures/chat-history.ts';
import { useServerAndBrowser } from '../fixtures/suite.ts';

const STEP_TIMEOUT_MS = 20_000;
const TEST_TIMEOUT_MS = 90_000;

/** Short lines, as most of a live chat is: each fits on one line of a 390 px wide phone. */
const LINES = [
  'who is on tonight?',
  'this is class',
  'tune!',
  'greetings from Galway',
  'turn it up',
  'lovely vibes',
  'big tune',
  'anyone going Saturday?',
  'yes!',
  'what was that track?',
  'the resident, all night',
  'hello from Cork',
  'nice one',
  'so good',
];

describe('the chat on a phone (390×844)', () => {
  const { server, browser } = useServerAndBrowser();

  it(
    'shows at least ten one-line messages between the header and the composer, with every action a key away',
    async () => {
      // Four chatters, within the limit of five messages per chatter every ten seconds.
      const cookies = await chatCookies(server().url, ['Aoife', 'Cian', 'Orla', 'Tadhg']);
      for (const [index, text] of LINES.entries()) {
        const response = await fetch(`${server().url}/api/chat/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: cookies[index % cookies.length] ?? '' },
          body: JSON.stringify({ id: randomUUID(), text }),
        });
        expect(response.status).toBe(201);
      }

      const page = await openPage(browser());
      page.setDefaultTimeout(STEP_TIMEOUT_MS);
      await page.goto(`${server().url}/chat`);
      await page.getByRole('textbox', { name: 'Your name in the chat' }).fill('Reader');
      await page.getByRole('button', { name: 'Join chat' }).click();
      const field = page.getByRole('combobox', { name: 'Message' });
      await field.waitFor();
      const messages = page.getByRole('list', { name: 'Messages' });
      await messages.getByText('so good').waitFor();

      // Fully visible: both its top and bottom edges are what the screen shows there (not clipped by
      // the scroller, not under the header or the composer), and its text takes one line.
      const heading = await page.getByRole('heading', { name: 'Chat', level: 1 }).boundingBox();
      const headerBottom = heading ? heading.y + heading.height : 0;
      const composerTop = (await field.boundingBox())?.y ?? 0;
      const seen = await messages.evaluate(
        (list, { top, bottom }) => {
          const shownAt = (element: Element, x: number, y: number) =>
            element.contains(document.elementFromPoint(x, y));
          return Array.from(list.children)
            .filter((item) => item.querySelector('time') !== null)
            .filter((item) => {
              const box = item.getBoundingClientRect();
              const x = box.left + box.width / 2; // off the rounded corners, which are not the message's
              return (
                box.top >= top &&
                box.bottom <= bottom &&
                shownAt(item, x, box.top + 1) &&
                shownAt(item, x, box.bottom - 1)
              );
            })
            .map((item) => {
              const line = item.querySelector('p');
              const lineHeight = line ? Number.parseFloat(getComputedStyle(line).lineHeight) : Number.NaN;
              const lines = line ? Math.round(line.getBoundingClientRect().height / lineHeight) : 0;
              return { text: item.textContent, lines };
            });
        },
        { top: headerBottom, bottom: composerTop },
      );
      expect(
        seen.filter((message) => message.lines === 1).length,
        JSON.stringify(seen),
      ).toBeGreaterThanOrEqual(10);
      expect(await seriousA11yViolations(page)).toEqual([]);

      // From the message field, one Shift+Tab back reaches the newest message's actions.
      const newest = messages.getByRole('listitem').filter({ hasText: 'so good' });
      const actionsButton = newest.getByRole('button', { name: 'Message actions' });
      await field.focus();
      await page.keyboard.press('Shift+Tab');
      await expect
        .poll(() => actionsButton.evaluate((button) => button === document.activeElement))
        .toBe(true);
      await page.keyboard.press('Enter');
      const bar = newest.getByRole('group', { name: "Actions for Cian's message" });
      await bar.waitFor();
      expect(
        await bar
          .getByRole('button', { name: 'Reply' })
          .evaluate((button) => button === document.activeElement),
      ).toBe(true);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await bar.waitFor({ state: 'detached' });
      expect(await actionsButton.evaluate((button) => button === document.activeElement)).toBe(true);

      // React by keyboard; the reaction shows as a chip that takes it back.
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('React 👍');
      await page.keyboard.press('Enter');
      const chip = newest.getByRole('button', { name: '👍 1: Reader' });
      await chip.waitFor();
      expect(await chip.getAttribute('aria-pressed')).toBe('true');
      await page.keyboard.press('Shift+Tab');
      expect(await chip.evaluate((button) => button === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await chip.waitFor({ state: 'detached' });
      await page.context().close();
    },
    TEST_TIMEOUT_MS,
  );
});
