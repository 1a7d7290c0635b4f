import { createECDH, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  displaySlotTime,
  favoriteId,
  nextReminderAt,
  publicStationSchema,
  scheduleDocumentSchema,
  SW_ACTIVATION_TIMEOUT_MS,
  type ShowSlot,
} from '@onair/core';
import type { Browser, BrowserContext, BrowserContextOptions, Page, Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../fixtures/a11y.ts';
import { answeredInstallLater, launchBrowser } from '../fixtures/browser.ts';
import { WallClock } from '../fixtures/clock.ts';
import { ServerFixture } from '../fixtures/server.ts';
import { openingDay } from '../schedule/schedule-helpers.ts';

const FAKE_ENDPOINT = 'https://fcm.googleapis.com/fcm/send/e2e-fake-subscription';
const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const REMINDER = {
  notification: {
    title: 'Early Doors starts in 15 minutes',
    body: 'DJ One · 7am - 9am',
    icon: '/images/icon-192.png',
  },
  data: { link: '/schedule', analyticsLabel: 'show_reminder' },
};

/** A browser's subscription keys: a real P-256 point and a 16-byte secret, as the server requires. */
const FAKE_KEYS = {
  p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
  auth: randomBytes(16).toString('base64url'),
};

/**
 * No push service is reachable from this machine, so PushManager is replaced at the window boundary
 * with one that hands back a subscription shaped like Chrome's (an FCM endpoint, real keys).
 * Everything else — permission, the service worker, the server and its endpoint and key rules — is real.
 */
function fakePushManager({
  endpoint,
  keys,
}: {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}): void {
  let current: PushSubscription | null = null;
  const make = (options: PushSubscriptionOptionsInit) => {
    const key = options.applicationServerKey as Uint8Array;
    const subscription = {
      endpoint,
      expirationTime: null,
      options: { applicationServerKey: key.slice().buffer, userVisibleOnly: true },
      toJSON: () => ({ endpoint, expirationTime: null, keys }),
      unsubscribe: async () => {
        current = null;
        return true;
      },
    };
    return subscription as unknown as PushSubscription;
  };
  PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
    current = make(options ?? {});
    return current;
  };
  PushManager.prototype.getSubscription = async function () {
    return current;
  };
}

/** The worker's globals this test reads (the e2e project is typed with the page's, not a worker's). */
interface WorkerScope {
  registration: ServiceWorkerRegistration;
  dispatchEvent(event: Event): boolean;
}
declare const NotificationEvent: new (type: string, init: { notification: Notification }) => Event;

async function openHome(context: BrowserContext, server: ServerFixture): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
  return page;
}

async function serviceWorkerOf(context: BrowserContext): Promise<Worker> {
  return context.serviceWorkers()[0] ?? context.waitForEvent('serviceworker');
}

describe('notifications (Web Push) in Chromium', () => {
  // What is on, up next and which day the schedule opens on follow one clock, in the server and the pages.
  const clock = WallClock.forSuite();
  let browser: Browser;
  let server: ServerFixture;
  beforeAll(async () => {
    browser = await launchBrowser();
    server = await ServerFixture.start(clock.serverEnv);
  });

  /** A phone-sized context on the suite's clock, whose listener answered the install offer 'Later'. */
  async function newPhoneContext(options: BrowserContextOptions = {}): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, ...options });
    await clock.applyTo(context);
    await answeredInstallLater(context);
    return context;
  }
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('enables push: the modal states, settings saved to the server, favourites listed and removed', async () => {
    const context = await newPhoneContext();
    await context.grantPermissions(['notifications'], { origin: server.url });
    await context.addInitScript(fakePushManager, { endpoint: FAKE_ENDPOINT, keys: FAKE_KEYS });
    await context.addInitScript(() => {
      // A favourite from the bundled week, as the schedule's heart stores it.
      if (localStorage.getItem('playfm_notification_settings') === null) {
        localStorage.setItem(
          'playfm_notification_settings',
          JSON.stringify({ favoriteShows: ['Seán Ó Briain-Warehouse Sessions'] }),
        );
      }
    });
    const page = await openHome(context, server);
    const saves: { body: unknown; status: Promise<number> }[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && new URL(request.url()).pathname === '/api/push/subscription') {
        saves.push({
          body: request.postDataJSON(),
          status: request.response().then(
            (response) => response?.status() ?? 0,
            () => 0,
          ),
        });
      }
    });

    await page.getByRole('button', { name: 'Notifications' }).click();
    const dialog = page.getByRole('dialog', { name: 'Notifications' });
    await dialog.getByRole('button', { name: 'Enable Notifications' }).waitFor();
    expect(new URL(page.url()).searchParams.get('dialog')).toBe('notifications');
    expect(await dialog.getByRole('region', { name: 'How it works' }).getByRole('listitem').count()).toBe(4);
    expect(await seriousA11yViolations(page, 'dialog')).toEqual([]);

    await dialog.getByRole('button', { name: 'Enable Notifications' }).click();
    await dialog
      .getByText('Push notifications enabled! You will now receive show alerts and reminders.')
      .waitFor();
    expect(saves).toHaveLength(1);
    expect(saves[0]?.body).toMatchObject({
      subscription: { endpoint: FAKE_ENDPOINT },
      preferences: { enabled: true, reminderTime: 15, favoriteShows: ['Seán Ó Briain-Warehouse Sessions'] },
    });
    expect(await saves[0]?.status).toBe(200);

    await dialog.getByRole('switch', { name: 'Notifications' }).waitFor();
    expect(await dialog.getByRole('switch', { name: 'Show Reminders' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('switch', { name: 'New Show Alerts' }).isChecked()).toBe(true);
    expect(await seriousA11yViolations(page, 'dialog')).toEqual([]);

    // A changed setting is sent again at once.
    await dialog
      .getByRole('combobox', { name: 'Remind me before shows start' })
      .selectOption({ label: '30 minutes' });
    await expect.poll(() => saves.length).toBe(2);
    expect(saves[1]?.body).toMatchObject({ preferences: { reminderTime: 30 } });
    expect(await saves[1]?.status).toBe(200);

    // The favourite is listed by name and removed; the server hears of it.
    const remove = dialog.getByRole('button', {
      name: 'Remove Warehouse Sessions — Seán Ó Briain from favorites',
    });
    await remove.click();
    await dialog
      .getByText('No favorite shows yet. Star shows in the schedule to get notifications!')
      .waitFor();
    await expect.poll(() => saves.length).toBe(3);
    expect(saves[2]?.body).toMatchObject({ preferences: { favoriteShows: [] } });
    expect(await saves[2]?.status).toBe(200);

    // Closing drops ?dialog; the address opens it again.
    await dialog.getByRole('button', { name: 'Close Notifications' }).click();
    await page.goto(`${server.url}/?dialog=notifications`);
    await page
      .getByRole('dialog', { name: 'Notifications' })
      .getByRole('switch', { name: 'Notifications' })
      .waitFor();
    await context.close();
  });

  it('no push service (the real PushManager in headless Chromium): the local-only fallback, whose reminder arrives while the app is open', async () => {
    // The soonest reminder of the station's week after a fixed instant, on the page's clock.
    const station = publicStationSchema.parse(await (await fetch(`${server.url}/api/station`)).json());
    const { data: week } = scheduleDocumentSchema.parse(
      await (await fetch(`${server.url}/api/schedule`)).json(),
    );
    const from = new Date('2026-11-25T12:00:00Z');
    const due = week
      .flatMap(({ day, shows }) =>
        shows.map((slot) => ({ slot, at: nextReminderAt(slot, day, from, station.timeZone, 15) })),
      )
      .filter((entry): entry is { slot: ShowSlot; at: Date } => entry.at !== null)
      .sort((a, b) => a.at.getTime() - b.at.getTime())[0];
    if (!due) throw new Error('the station has no show to be reminded of');

    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await answeredInstallLater(context);
    await context.grantPermissions(['notifications'], { origin: server.url });
    await context.addInitScript((favorite) => {
      if (localStorage.getItem('playfm_notification_settings') === null) {
        localStorage.setItem('playfm_notification_settings', JSON.stringify({ favoriteShows: [favorite] }));
      }
    }, favoriteId(due.slot));
    const page = await context.newPage();
    await page.clock.install({ time: due.at.getTime() - 2 * 60_000 });
    await page.goto(`${server.url}/`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    await page.goto(`${server.url}/?dialog=notifications`);
    const dialog = page.getByRole('dialog', { name: 'Notifications' });
    await dialog.getByRole('button', { name: 'Enable Notifications' }).click();
    // Spec §4/§8: the reason, then the local-only mode's own words; notifications are on.
    await dialog
      .getByText(
        'Registration failed - permission denied. Notifications enabled! You will receive notifications while the app is open...',
      )
      .waitFor({ timeout: 30_000 });
    await dialog.getByRole('switch', { name: 'Notifications' }).waitFor();
    expect(await dialog.getByRole('switch', { name: 'New Show Alerts' }).isChecked()).toBe(true);
    const how = dialog.getByRole('region', { name: 'How it works' }).getByRole('listitem');
    expect(await how.allTextContents()).toContain(
      'Reminders and alerts come from this app itself, so they only arrive while it is open.',
    );
    expect(await seriousA11yViolations(page, 'dialog')).toEqual([]);

    // The favourite's reminder moment passes with the app open: the app shows the reminder itself.
    // In 20 s steps, not one jump: the reminders load after hydration, and on a loaded machine they
    // may schedule their timer only after a first step; the moment is still ahead of them then.
    const shownNotifications = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.getRegistration())?.getNotifications())?.map((shown) => [
          shown.title,
          shown.body,
        ]),
      );
    for (let step = 0; step < 9 && !(await shownNotifications())?.length; step += 1) {
      await page.clock.fastForward(20_000);
      await sleep(500);
    }
    await expect.poll(shownNotifications, { timeout: 15_000 }).toEqual([
      [
        expect.stringMatching(/ starts in 15 minutes$/) as string,
        // The server push's words: the times on the station's clock, as the app shows them.
        `${due.slot.artist} · ${displaySlotTime(due.slot.time, station.clock)}`,
      ],
    ]);
    await context.close();
  });

  it('with service workers blocked, "Enabling…" ends in Service worker registration failed and the local-only fallback', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      serviceWorkers: 'block',
    });
    await answeredInstallLater(context);
    await context.grantPermissions(['notifications'], { origin: server.url });
    const page = await context.newPage();
    await page.goto(`${server.url}/?dialog=notifications`);
    const dialog = page.getByRole('dialog', { name: 'Notifications' });
    await dialog.getByRole('button', { name: 'Enable Notifications' }).click();
    await dialog.getByRole('button', { name: 'Enabling…' }).waitFor();
    await dialog
      .getByText(
        'Service worker registration failed. Notifications enabled! You will receive notifications while the app is open...',
      )
      .waitFor({ timeout: SW_ACTIVATION_TIMEOUT_MS + 15_000 });
    await dialog.getByRole('switch', { name: 'Notifications' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Enabling…' }).count()).toBe(0);
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    await context.close();
  });

  it('shows the blocked panel when notifications are denied', async () => {
    const context = await newPhoneContext();
    const page = await context.newPage();
    // As if the listener had blocked the site earlier (Playwright can only grant, so CDP denies).
    const { targetInfo } = await (await context.newCDPSession(page)).send('Target.getTargetInfo');
    const cdp = await browser.newBrowserCDPSession();
    await cdp.send('Browser.setPermission', {
      permission: { name: 'notifications' },
      setting: 'denied',
      origin: server.url,
      browserContextId: targetInfo.browserContextId,
    });
    await page.goto(`${server.url}/?dialog=notifications`);
    const dialog = page.getByRole('dialog', { name: 'Notifications' });
    await dialog.getByRole('heading', { name: 'Notifications Blocked' }).waitFor();
    await dialog.getByText(/^In Chrome, click the icon left of the address bar/).waitFor();
    expect(await seriousA11yViolations(page, 'dialog')).toEqual([]);
    await cdp.detach();
    await context.close();
  });

  it('a push to the real service worker: an in-page toast while visible, else a notification whose click opens its link', async () => {
    // Android: mobile notifications stay in the tray (desktop ones close after 10 s), so the test can read it.
    const context = await newPhoneContext({ userAgent: ANDROID_UA });
    await context.grantPermissions(['notifications'], { origin: server.url });
    const page = await openHome(context, server);
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find(
          (registration) => registration.scopeURL === `${server.url}/` && !registration.isDeleted,
        );
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const push = async () =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin: server.url,
        registrationId: await registrationId,
        data: JSON.stringify(REMINDER),
      });

    // The app is in view: the push becomes the in-page toast.
    await push();
    await page
      .getByRole('status')
      .getByText('Early Doors starts in 15 minutes: DJ One · 7am - 9am')
      .waitFor();
    const worker = await serviceWorkerOf(context);
    expect(
      await worker.evaluate(
        async () => (await (self as unknown as WorkerScope).registration.getNotifications()).length,
      ),
    ).toBe(0);

    // No window of the app open: a system notification with the message's fields.
    await page.goto('about:blank');
    await push();
    await expect
      .poll(() =>
        worker.evaluate(async () =>
          (await (self as unknown as WorkerScope).registration.getNotifications()).map((shown) => ({
            title: shown.title,
            body: shown.body,
            icon: shown.icon,
            data: shown.data as unknown,
          })),
        ),
      )
      .toEqual([
        {
          title: REMINDER.notification.title,
          body: REMINDER.notification.body,
          icon: `${server.url}/images/icon-192.png`,
          data: REMINDER.data,
        },
      ]);

    // A click on it takes the open app to its link.
    await page.goto(`${server.url}/`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await worker.evaluate(async () => {
      const scope = self as unknown as WorkerScope;
      const [shown] = await scope.registration.getNotifications();
      if (!shown) throw new Error('the notification is gone');
      scope.dispatchEvent(new NotificationEvent('notificationclick', { notification: shown }));
    });
    await page.waitForURL(`${server.url}/schedule`);
    await page.getByRole('heading', { name: "Today's Schedule" }).waitFor();
    expect(
      await worker.evaluate(
        async () => (await (self as unknown as WorkerScope).registration.getNotifications()).length,
      ),
    ).toBe(0);
    await cdp.detach();
    await context.close();
  });

  it('a tap on a show opens its details, heart and reminder state, on Home and in the schedule', async () => {
    const context = await newPhoneContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await page.getByText('Up next from:').waitFor();
    await page
      .getByRole('button', { name: /^Details of / })
      .last()
      .click();
    const details = page.getByRole('dialog');
    await details.getByText('Station time').waitFor();
    await details.getByText('Add this show to your favorites to get a reminder before it starts.').waitFor();
    expect(await seriousA11yViolations(page, 'dialog')).toEqual([]);
    await details.getByRole('button', { name: /Favorite/ }).click();
    await details.getByText(/^No reminder: notifications are off\./).waitFor();
    expect(await details.getByRole('button', { name: /Favorite/ }).getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Escape');

    await page.goto(`${server.url}/schedule`);
    // The slide the schedule opens on (today, or yesterday while its late show runs past midnight).
    const day = await openingDay(server.url, clock);
    const slide = page.getByRole('group', { name: day });
    await slide
      .getByRole('button', { name: /^Details of / })
      .first()
      .click();
    await page.getByRole('dialog').getByText('Station time').waitFor();
    expect(
      await page
        .getByRole('dialog')
        .getByText(new RegExp(`^${day} `))
        .count(),
    ).toBe(1);
    await context.close();
  });
});
