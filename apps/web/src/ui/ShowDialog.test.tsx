import { DEFAULT_NOTIFICATION_SETTINGS } from '@onair/core';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { readStored, writeStored } from '../lib/storage.ts';
import { stored } from '../lib/stored.ts';
import { ShowDialog, type ShowDialogSlot } from './ShowDialog.tsx';

const SHOW: ShowDialogSlot = {
  day: 'Monday',
  slot: { time: '7pm - 8:30pm', artist: 'Aoife Ní Mhurchú', show: 'The Deep End', genre: 'House/Techno', image: '' },
};
// Sunday 22 Nov 2026, noon in Dublin (UTC+0 in winter): the next start is Monday 19:00.
const NOW = () => new Date(Date.UTC(2026, 10, 22, 12, 0));

function open(listenerTimeZone: string) {
  render(<ShowDialog show={SHOW} timeZone="Europe/Dublin" onClose={() => undefined} now={NOW} listenerTimeZone={listenerTimeZone} />);
  return screen.getByRole('dialog', { name: 'The Deep End' });
}

const fact = (dialog: HTMLElement, term: string) => within(dialog).getByText(term).nextElementSibling?.textContent;

describe('ShowDialog', () => {
  beforeEach(() => localStorage.clear());

  it('shows the slot in station time, artist, show and genres', () => {
    const dialog = open('Europe/Dublin');
    expect(fact(dialog, 'Station time')).toBe('Monday 7pm - 8:30pm');
    expect(fact(dialog, 'Artist')).toBe('Aoife Ní Mhurchú');
    expect(fact(dialog, 'Show')).toBe('The Deep End');
    expect(fact(dialog, 'Genre')).toBe('House · Techno');
    // Same clock as the station: no second time.
    expect(within(dialog).queryByText('Your time')).toBeNull();
  });

  it('adds the listener’s own time when their clock reads differently', () => {
    const dialog = open('America/New_York');
    const expected = new Intl.DateTimeFormat(undefined, { weekday: 'short', hour: 'numeric', minute: '2-digit', timeZone: 'America/New_York' }).format(
      new Date(Date.UTC(2026, 10, 23, 19, 0)),
    );
    const end = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', timeZone: 'America/New_York' }).format(
      new Date(Date.UTC(2026, 10, 23, 20, 30)),
    );
    expect(fact(dialog, 'Your time')).toBe(`${expected} – ${end}`);
  });

  it('the heart favourites the show, and the reminder state follows the settings', async () => {
    const dialog = open('Europe/Dublin');
    const heart = within(dialog).getByRole('button', { name: /Favorite/ });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Add this show to your favorites to get a reminder before it starts.');

    await userEvent.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(readStored(stored.notificationSettings).favoriteShows).toEqual(['Aoife Ní Mhurchú-The Deep End']);
    expect(within(dialog).getByRole('status')).toHaveTextContent('No reminder: notifications are off.');

    act(() => {
      writeStored(stored.notificationSettings, { ...readStored(stored.notificationSettings), enabled: true, reminderTime: 30 });
    });
    const at = new Intl.DateTimeFormat(undefined, { weekday: 'short', hour: 'numeric', minute: '2-digit', timeZone: 'Europe/Dublin' }).format(
      new Date(Date.UTC(2026, 10, 23, 18, 30)),
    );
    expect(within(dialog).getByRole('status')).toHaveTextContent(`Reminder set: 30 minutes before it starts (next on ${at}, station time).`);

    act(() => {
      writeStored(stored.notificationSettings, { ...DEFAULT_NOTIFICATION_SETTINGS, enabled: true, showScheduleReminders: false, favoriteShows: ['Aoife Ní Mhurchú-The Deep End'] });
    });
    expect(within(dialog).getByRole('status')).toHaveTextContent('No reminder: Show Reminders are off in Notifications.');
  });
});
