import type { Page } from 'playwright-core';

export const ADMIN = { username: 'Station Admin', password: 'e2e-admin-password' };
export const ADMIN_ENV = { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password };

/** Signs the admin in through the schedule screen's own form. */
export async function signInThroughForm(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Admin', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Admin sign-in' });
  await dialog.getByLabel('Username').fill(ADMIN.username);
  await dialog.getByLabel('Password').fill(ADMIN.password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Manage' }).waitFor();
}

type WatchedWindow = Window & { __onairTextShownAt?: Promise<number> };

/**
 * Starts watching `page` for `text` to appear and resolves once the watcher is in place (so a change
 * that lands right after cannot be missed); the returned function gives the wall-clock ms at which
 * the text appeared. textContent, not innerText: it forces no layout on every mutation.
 */
export async function watchForText(page: Page, text: string): Promise<() => Promise<number>> {
  await page.evaluate((wanted) => {
    (window as WatchedWindow).__onairTextShownAt = new Promise<number>((resolve) => {
      const observer = new MutationObserver(() => {
        if (document.body.textContent?.includes(wanted)) {
          observer.disconnect();
          resolve(Date.now());
        }
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
  }, text);
  return () => page.evaluate(() => (window as WatchedWindow).__onairTextShownAt ?? Promise.resolve(Number.NaN));
}
