import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../fixtures/a11y.ts';
import { openPage, waitForApp } from '../fixtures/browser.ts';
import { audioState, waitForSound } from '../fixtures/listener.ts';
import { waitFor } from '../fixtures/ports.ts';
import { useServerAndBrowser } from '../fixtures/suite.ts';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const STEP_TIMEOUT_MS = 20_000;
// Two Chromium contexts, the demo stream and the server on two busy cores.
const TEST_TIMEOUT_MS = 150_000;

/** Whether the whole of `locator` is inside the window, unscrolled: what the listener sees at once. */
async function fullyInWindow(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const size = page.viewportSize();
  if (!box || !size) return false;
  return box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width && box.y + box.height <= size.height;
}

const playButton = (page: Page) => page.getByRole('button', { name: 'Play', exact: true });
const messageBox = (page: Page) => page.getByRole('combobox', { name: 'Message' });
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element) return null;
    const label = element.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`) : null;
    return element.getAttribute('aria-label') ?? label?.textContent ?? element.tagName;
  });
/** The focus back on the page itself, where the shortcuts act (a click on the background would do). */
const focusPage = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

/**
 * The shortcuts' listener arrives with the app's companions, after hydration: `?` is pressed until
 * the list of shortcuts answers, which is also the test that `?` opens it. Escape closes it.
 */
async function whenShortcutsListen(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await waitFor(
    'the ? key to open the list of shortcuts',
    async () => {
      await focusPage(page);
      await page.keyboard.press('Shift+?');
      return dialog.isVisible();
    },
    STEP_TIMEOUT_MS,
  );
  for (const key of ['Space', 'M', 'C']) expect(await dialog.getByText(key, { exact: true }).count()).toBe(1);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
}

describe('the desktop listener (issue 34)', () => {
  const { server, browser } = useServerAndBrowser();

  it(
    'at 1280×800 Home is the player beside the live chat; Space plays and pauses, and types a space in the chat',
    async () => {
      const page = await openPage(browser(), { viewport: DESKTOP });
      page.setDefaultTimeout(STEP_TIMEOUT_MS);
      await page.goto(server().url);
      await waitForApp(page);

      // The chat on Home, beside the player: join it there, never leaving Home.
      await page.getByRole('textbox', { name: 'Your name in the chat' }).fill('Deskbound');
      await page.getByRole('button', { name: 'Join chat' }).click();
      await messageBox(page).waitFor();
      expect(await fullyInWindow(page, playButton(page))).toBe(true);
      expect(await fullyInWindow(page, messageBox(page))).toBe(true);
      expect(new URL(page.url()).pathname).toBe('/');

      await whenShortcutsListen(page);

      // Space on the page plays: real sound, currentTime advancing.
      await focusPage(page);
      await page.keyboard.press('Space');
      await waitForSound(page);
      await page.getByRole('button', { name: 'Pause', exact: true }).waitFor();

      // Another listener, on a phone, says something: it shows up here while the music plays.
      const phone = await openPage(browser(), { viewport: PHONE });
      phone.setDefaultTimeout(STEP_TIMEOUT_MS);
      await phone.goto(`${server().url}/chat`);
      await phone.getByRole('textbox', { name: 'Your name in the chat' }).fill('Pocket');
      await phone.getByRole('button', { name: 'Join chat' }).click();
      await messageBox(phone).fill('Great set tonight');
      await messageBox(phone).press('Enter');
      await page
        .getByRole('list', { name: 'Messages' })
        .getByRole('listitem')
        .filter({ hasText: 'Great set tonight' })
        .filter({ hasText: 'Pocket' })
        .waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      await waitForSound(page);

      // c puts the focus in the message box; there Space is a space, and the music plays on.
      await focusPage(page);
      await page.keyboard.press('c');
      expect(await focusedName(page)).toBe('Message');
      await page.keyboard.type('see you at the bar');
      expect(await messageBox(page).inputValue()).toBe('see you at the bar');
      expect((await audioState(page)).paused).toBe(false);
      await waitForSound(page);

      // m mutes and unmutes from anywhere but a field.
      await focusPage(page);
      await page.keyboard.press('m');
      expect((await audioState(page)).volume).toBe(0);
      await page.getByRole('button', { name: 'Unmute' }).waitFor();
      await page.keyboard.press('m');
      expect((await audioState(page)).volume).toBe(1);
      // ↓ lowers the volume a step, ↑ brings it back.
      await page.keyboard.press('ArrowDown');
      expect((await audioState(page)).volume).toBeCloseTo(0.9);
      await page.keyboard.press('ArrowUp');
      expect((await audioState(page)).volume).toBe(1);

      // Space again pauses.
      await page.keyboard.press('Space');
      await playButton(page).waitFor();
      expect((await audioState(page)).paused).toBe(true);

      // The controls name their keys for screen readers.
      expect(await playButton(page).getAttribute('aria-keyshortcuts')).toBe('Space K');
      expect(
        await page.getByRole('button', { name: 'Mute', exact: true }).getAttribute('aria-keyshortcuts'),
      ).toBe('M');
      expect(await messageBox(page).getAttribute('aria-keyshortcuts')).toBe('C');

      expect(await seriousA11yViolations(page)).toEqual([]);
      await phone.context().close();
      await page.context().close();
    },
    TEST_TIMEOUT_MS,
  );

  it('on a wide window /chat is the same view, with the focus in the chat', async () => {
    const page = await openPage(browser(), { viewport: DESKTOP });
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.goto(`${server().url}/chat`);
    await waitForApp(page);
    await playButton(page).waitFor();
    await page.getByRole('heading', { name: 'Chat', exact: true, level: 2 }).waitFor();
    await waitFor(
      'the focus in the chat',
      async () => (await focusedName(page)) === 'Your name in the chat',
      STEP_TIMEOUT_MS,
    );
    expect(await fullyInWindow(page, playButton(page))).toBe(true);
    await page.context().close();
  });

  it('turned off in the list of shortcuts, the keys stay off after a reload', async () => {
    const page = await openPage(browser(), { viewport: DESKTOP });
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.goto(server().url);
    await waitForApp(page);
    await whenShortcutsListen(page);
    await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    await page.getByRole('checkbox', { name: 'Use keyboard shortcuts' }).uncheck();
    await page.keyboard.press('Escape');
    await page.reload();
    await waitForApp(page);
    await page.getByRole('button', { name: 'Keyboard shortcuts' }).waitFor();
    expect(await playButton(page).getAttribute('aria-keyshortcuts')).toBeNull();
    await focusPage(page);
    await page.keyboard.press('m');
    await page.keyboard.press('Shift+?');
    expect(await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Mute', exact: true }).count()).toBe(1);
    await page.context().close();
  });

  it('in a narrow window with a mouse, Keyboard shortcuts at the foot of Home turns the keys back on', async () => {
    const page = await openPage(browser(), { viewport: PHONE });
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.addInitScript(() => localStorage.setItem('playfm_keyboard_shortcuts', 'false'));
    await page.goto(server().url);
    await waitForApp(page);
    await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    await page.getByRole('checkbox', { name: 'Use keyboard shortcuts' }).check();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor({ state: 'hidden' });
    await focusPage(page);
    await page.keyboard.press('m');
    await page.getByRole('button', { name: 'Unmute' }).waitFor();
    await page.context().close();
  });

  it('at 390×844 Home is the phone column it was, with no chat on it; c opens the chat', async () => {
    // A phone: a touch screen, no mouse, so no list of keys at the foot of Home.
    const page = await openPage(browser(), { viewport: PHONE, hasTouch: true, isMobile: true });
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.goto(server().url);
    await waitForApp(page);
    await playButton(page).waitFor();
    expect(await page.getByRole('textbox', { name: 'Your name in the chat' }).count()).toBe(0);
    expect(await messageBox(page).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Chat' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Keyboard shortcuts' }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await whenShortcutsListen(page);
    await focusPage(page);
    await page.keyboard.press('c');
    await page.waitForURL((url) => url.pathname === '/chat');
    await waitFor(
      'the focus in the chat',
      async () => (await focusedName(page)) === 'Your name in the chat',
      STEP_TIMEOUT_MS,
    );
    await page.context().close();
  });
});
