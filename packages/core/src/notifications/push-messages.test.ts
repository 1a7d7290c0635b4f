import { describe, it, expect } from 'vitest';
import { WEEKDAYS, type Schedule, type ShowSlot } from '../schedule/types.ts';
import { addedShows, newShowMessage, reminderMessage } from './push-messages.ts';
import { pushMessageSchema } from './push-subscription.ts';

const slot = (artist: string, show: string, time = '6pm - 8pm', image = ''): ShowSlot => ({
  time,
  artist,
  show,
  genre: 'House',
  image,
});
const week = (monday: ShowSlot[], tuesday: ShowSlot[] = []): Schedule =>
  WEEKDAYS.map((day) => ({ day, shows: day === 'Monday' ? monday : day === 'Tuesday' ? tuesday : [] }));

describe('push messages', () => {
  it('reminds with the minutes left, the artist and time, and stays a valid push message', () => {
    const message = reminderMessage(slot('Seán', 'Deep Dublin', '6pm - 8pm', '/images/shows/Sean_400.jpg'), 15);
    expect(message.notification).toEqual({
      title: 'Deep Dublin starts in 15 minutes',
      body: 'Seán · 6pm - 8pm',
      icon: '/images/icon-192.png',
      image: '/images/shows/Sean_400.jpg',
    });
    expect(message.data).toEqual({ link: '/schedule', analyticsLabel: 'show_reminder' });
    expect(pushMessageSchema.parse(message)).toEqual(message);
    expect(reminderMessage(slot('A', ''), 0.6).notification.title).toBe('Show starts in 1 minute');
  });

  it('announces a new show with its day', () => {
    const message = newShowMessage(slot('Aoife', 'Night Moves', '11pm - 2am'), 'Sunday');
    expect(message.notification.title).toBe('New show: Night Moves');
    expect(message.notification.body).toBe('Aoife · Sunday 11pm - 2am');
    expect(message.notification.image).toBeUndefined();
    expect(pushMessageSchema.safeParse(message).success).toBe(true);
  });
});

describe('addedShows', () => {
  it('lists shows not in the week before, once, on their first day', () => {
    const before = week([slot('A', 'One')]);
    const after = week([slot('A', 'One'), slot('B', 'Two')], [slot('B', 'Two', '1pm - 2pm'), slot('C', 'Three')]);
    expect(addedShows(before, after).map(({ id, day }) => [id, day])).toEqual([
      ['B-Two', 'Monday'],
      ['C-Three', 'Tuesday'],
    ]);
  });

  it('does not count a moved or retimed show, or a removed one', () => {
    const before = week([slot('A', 'One'), slot('B', 'Two')]);
    expect(addedShows(before, week([], [slot('A', 'One', '9am - 10am')]))).toEqual([]);
  });
});
