import { DEFAULT_NOTIFICATION_SETTINGS, type ClockStyle } from '@onair/core';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { readStored, writeStored } from '../lib/storage.ts';
import * as stored from '../lib/stored.ts';
import { ShowDialog, type ShowDialogSlot } from './ShowDialog.tsx';

const SHOW: ShowDialogSlot = {
  day: 'Monday',
  slot: {
    time: '7pm - 8:30pm',
    artist: 'Aoife Ní Mhurchú',
    show: 'The Deep End',
    genre: 'House/Techno',
    image: '',
  },
};
// Sunday 22 Nov 2026, noon in Dublin (UTC+0 in winter): the next start is Monday 19:00.
const NOW = () => new Date(Date.UTC(2026, 10, 22, 12, 0));

function open(listenerTimeZone: string, clock: ClockStyle = '24-hour') {
  render(
    <MemoryRouter>
      <ShowDialog
        show={SHOW}
        stationClock={{ timeZone: 'Europe/Dublin', clock }}
        onClose={() => undefined}
        now={NOW}
        listenerTimeZone={listenerTimeZone}
      />
    </MemoryRouter>,
  );
  return screen.getByRole('dialog', { name: 'The Deep End' });
}

const fact = (dialog: HTMLElement, term: string) =>
  within(dialog).getByText(term).nextElementSibling?.textContent;

describe('ShowDialog', () => {
  beforeEach(() => localStorage.clear());

  it('shows the slot in station time, artist, show and genres', () => {
    const dialog = open('Europe/Dublin');
    // The schedule says 7pm - 8:30pm; the station's 24-hour clock writes it.
    expect(fact(dialog, 'Station time')).toBe('Monday 19:00 – 20:30');
    expect(fact(dialog, 'Artist')).toBe('Aoife Ní Mhurchú');
    expect(fact(dialog, 'Show')).toBe('The Deep End');
    expect(fact(dialog, 'Genre')).toBe('House · Techno');
    // Same clock as the station: no second time.
    expect(within(dialog).queryByText('Your time')).toBeNull();
    // Listen again: the show's page, with its episodes.
    expect(within(dialog).getByRole('link', { name: 'Episodes of The Deep End' })).toHaveAttribute(
      'href',
      '/shows/the-deep-end',
    );
  });

  it('adds the listener’s own time when their clock reads differently, on the station’s 24-hour clock', () => {
    // Monday 19:00-20:30 in Dublin is Monday 14:00-15:30 in New York and Tuesday 08:00-09:30 in Auckland.
    expect(fact(open('America/New_York'), 'Your time')).toBe('Mon 14:00 – 15:30');
  });

  it('writes the listener’s time on the 12-hour clock when the station file asks for it', () => {
    expect(fact(open('Pacific/Auckland', '12-hour'), 'Your time')).toBe('Tue 8am – 9:30am');
    expect(fact(screen.getByRole('dialog'), 'Station time')).toBe('Monday 7pm – 8:30pm');
  });

  it('the heart favourites the show, and the reminder state follows the settings', async () => {
    const dialog = open('Europe/Dublin');
    const heart = within(dialog).getByRole('button', { name: /Favorite/ });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Add this show to your favorites to get a reminder before it starts.',
    );

    await userEvent.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(readStored(stored.notificationSettings).favoriteShows).toEqual(['Aoife Ní Mhurchú-The Deep End']);
    expect(within(dialog).getByRole('status')).toHaveTextContent('No reminder: notifications are off.');

    act(() => {
      writeStored(stored.notificationSettings, {
        ...readStored(stored.notificationSettings),
        enabled: true,
        reminderTime: 30,
      });
    });
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Reminder set: 30 minutes before it starts (next on Mon 18:30, station time).',
    );

    act(() => {
      writeStored(stored.notificationSettings, {
        ...DEFAULT_NOTIFICATION_SETTINGS,
        enabled: true,
        showScheduleReminders: false,
        favoriteShows: ['Aoife Ní Mhurchú-The Deep End'],
      });
    });
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'No reminder: Show Reminders are off in Notifications.',
    );
  });
});
