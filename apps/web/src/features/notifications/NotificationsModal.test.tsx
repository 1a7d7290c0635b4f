import { DEFAULT_NOTIFICATION_SETTINGS, favoriteId, type Schedule } from '@onair/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerAnalyticsSink, type AnalyticsEvent } from '../../lib/analytics.ts';
import { ScheduleStore } from '../../lib/schedule-store.ts';
import { readStored, writeStored } from '../../lib/storage.ts';
import * as stored from '../../lib/stored.ts';
import { ScheduleProvider } from '../../lib/use-schedule.tsx';
import { stubApi } from '../../test/fixtures.ts';
import { ToastProvider } from '../../ui/toast.tsx';
import {
  installFakePushBrowser,
  removeFakePushBrowser,
  TEST_PUBLIC_KEY,
  type FakePushBrowser,
} from './fake-push-browser.ts';
import { NotificationsModal } from './NotificationsModal.tsx';
import { PushService } from './push-service.ts';

const WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
const morning = { time: '7am - 9am', artist: 'DJ One', show: 'Early Doors', genre: 'House', image: '' };
const schedule: Schedule = WEEK.map((day) => ({ day, shows: day === 'Monday' ? [morning] : [] }));

function renderModal() {
  const store = new ScheduleStore();
  vi.spyOn(store, 'load').mockImplementation(async () => {
    store.accept(schedule, 1);
  });
  const service = new PushService();
  render(
    <ScheduleProvider store={store} realtime={null}>
      <ToastProvider>
        <NotificationsModal open onClose={() => undefined} service={service} />
      </ToastProvider>
    </ScheduleProvider>,
  );
  return { dialog: screen.getByRole('dialog', { name: 'Notifications' }), service };
}

describe('NotificationsModal', () => {
  let browser: FakePushBrowser;
  beforeEach(() => {
    localStorage.clear();
    browser = installFakePushBrowser();
    stubApi({
      'GET /api/push/public-key': { body: { publicKey: TEST_PUBLIC_KEY } },
      'PUT /api/push/subscription': { body: { saved: true } },
    });
  });
  afterEach(removeFakePushBrowser);

  it('offers Enable Notifications and explains how it works in four points', () => {
    const { dialog } = renderModal();
    expect(within(dialog).getByRole('button', { name: 'Enable Notifications' })).toBeEnabled();
    const how = within(dialog).getByRole('heading', { name: 'How it works' }).closest('section');
    expect(within(how as HTMLElement).getAllByRole('listitem')).toHaveLength(4);
    // The settings only appear once enabled (spec §2).
    expect(within(dialog).queryByRole('switch')).toBeNull();
  });

  it('shows the blocked panel with instructions when permission is denied', () => {
    browser.permission = 'denied';
    const { dialog } = renderModal();
    expect(within(dialog).getByRole('heading', { name: 'Notifications Blocked' })).toBeVisible();
    expect(within(dialog).getByText(/allow notifications, then reload the page/)).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Enable Notifications' })).toBeNull();
  });

  it('says push is not supported where PushManager is missing', () => {
    Reflect.deleteProperty(window, 'PushManager');
    const { dialog } = renderModal();
    expect(within(dialog).getByText('Push notifications are not supported on this device.')).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Enable Notifications' })).toBeNull();
  });

  it('on iOS Safari offers local notifications, which show in the page while it is open', async () => {
    removeFakePushBrowser();
    vi.unstubAllGlobals();
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    );
    const { dialog } = renderModal();
    expect(within(dialog).getByRole('heading', { name: 'iOS Safari Detected' })).toBeVisible();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Test Local Notification' }));
    expect(await screen.findByText(/^Test notification: Local notifications work/)).toBeVisible();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Enable Local Notifications' }));
    expect(
      await within(dialog).findByText(
        /^Local notifications enabled! On iOS, you will only receive notifications while the app is open\./,
      ),
    ).toBeVisible();
    expect(within(dialog).getByRole('switch', { name: 'Show Reminders' })).toBeChecked();
    expect(readStored(stored.notificationSettings).enabled).toBe(true);
  });

  it('once enabled: the toggles, the reminder select, and the empty favourites text', async () => {
    const { dialog } = renderModal();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enable Notifications' }));
    expect(
      await within(dialog).findByText(
        'Push notifications enabled! You will now receive show alerts and reminders.',
      ),
    ).toBeVisible();

    expect(within(dialog).getByRole('switch', { name: 'Notifications' })).toBeChecked();
    expect(within(dialog).getByRole('switch', { name: 'Show Reminders' })).toBeChecked();
    expect(within(dialog).getByRole('switch', { name: 'New Show Alerts' })).toBeChecked();
    const select = within(dialog).getByRole('combobox', { name: 'Remind me before shows start' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['5 minutes', '10 minutes', '15 minutes', '30 minutes', '60 minutes']);
    expect(select).toHaveValue('15');
    await userEvent.selectOptions(select, '30 minutes');
    expect(readStored(stored.notificationSettings).reminderTime).toBe(30);

    await userEvent.click(within(dialog).getByRole('switch', { name: 'Show Reminders' }));
    expect(select).toBeDisabled();
    expect(readStored(stored.notificationSettings).showScheduleReminders).toBe(false);

    expect(
      within(dialog).getByText('No favorite shows yet. Star shows in the schedule to get notifications!'),
    ).toBeVisible();
  });

  it('New Episode Alerts are opt-in: off once enabled, described, and kept when turned on', async () => {
    const { dialog } = renderModal();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enable Notifications' }));
    const episodes = await within(dialog).findByRole('switch', { name: 'New Episode Alerts' });
    expect(episodes).not.toBeChecked();
    expect(episodes).toHaveAccessibleDescription(
      'Tells you when an episode of a favorite show is ready in Listen again.',
    );
    await userEvent.click(episodes);
    expect(episodes).toBeChecked();
    expect(readStored(stored.notificationSettings)).toMatchObject({
      showNewEpisodeAlerts: true,
      showNewShowAlerts: true,
    });
  });

  const howItWorks = (dialog: HTMLElement) =>
    within(within(dialog).getByRole('heading', { name: 'How it works' }).closest('section') as HTMLElement)
      .getAllByRole('listitem')
      .map((item) => item.textContent);

  it('How it works says what is true in each mode: server push, the open app after a failed push, the apps', async () => {
    const { dialog } = renderModal();
    expect(howItWorks(dialog)[3]).toBe(
      'Reminders and alerts are sent by the station’s server, so they arrive even when this app is closed.',
    );

    // No push service answers: the open app reminds, and the box stops promising a closed app anything.
    browser.subscribeError = new DOMException('Registration failed - permission denied', 'AbortError');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enable Notifications' }));
    expect(
      await within(dialog).findByText(
        'Registration failed - permission denied. Notifications enabled! You will receive notifications while the app is open...',
      ),
    ).toBeVisible();
    expect(within(dialog).getByRole('switch', { name: 'New Show Alerts' })).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Test Local Notification' })).toBeVisible();
    expect(howItWorks(dialog).slice(2)).toEqual([
      'New Show Alerts tell you about shows added to the weekly schedule since you last had this app open.',
      'Reminders and alerts come from this app itself, so they only arrive while it is open.',
    ]);
  });

  it('inside the apps, How it works tells device reminders and new shows found while the app runs', () => {
    (globalThis as { Capacitor?: unknown }).Capacitor = {
      isNativePlatform: () => true,
      getPlatform: () => 'android',
    };
    try {
      const { dialog } = renderModal();
      expect(howItWorks(dialog).slice(2)).toEqual([
        'New Show Alerts tell you about shows added to the weekly schedule: the app looks each time it opens and while it is open.',
        'Reminders are scheduled on this device, so they arrive even when the app is closed.',
      ]);
    } finally {
      delete (globalThis as { Capacitor?: unknown }).Capacitor;
    }
  });

  it('lists favourites by show and artist, and removes one', async () => {
    const events: AnalyticsEvent[] = [];
    const unregister = registerAnalyticsSink((event) => events.push(event));
    writeStored(stored.notificationSettings, {
      ...DEFAULT_NOTIFICATION_SETTINGS,
      enabled: true,
      favoriteShows: [favoriteId(morning), 'Gone DJ-Old Show'],
    });
    const { dialog } = renderModal();

    expect(await within(dialog).findByText('Early Doors — DJ One')).toBeVisible();
    expect(within(dialog).getByText('Gone DJ-Old Show')).toBeVisible();
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Remove Early Doors — DJ One from favorites' }),
    );

    expect(readStored(stored.notificationSettings).favoriteShows).toEqual(['Gone DJ-Old Show']);
    expect(within(dialog).queryByText('Early Doors — DJ One')).toBeNull();
    expect(events.map((event) => [event.name, event.params])).toEqual([
      ['show_unfavorited', { show_id: 'DJ One-Early Doors' }],
    ]);
    unregister();
  });
});
