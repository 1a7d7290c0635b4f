import { describe, it, expect } from 'vitest';
import { WEEKDAYS, type Schedule, type ShowSlot } from '../schedule/types.ts';
import {
  addedShows,
  integrationPausedMessage,
  newEpisodeMessage,
  newEpisodesSince,
  newShowMessage,
  newShowsSince,
  NEW_EPISODE_ALERT_TTL_MS,
  reminderMessage,
} from './push-messages.ts';
import { parseSlotTime } from '../schedule/slot-time.ts';
import { pushMessageSchema } from './push-subscription.ts';
import { PUSH_TEXTS, pushTexts } from './push-texts.ts';

const english = pushTexts('en');

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
    const message = reminderMessage(
      slot('Seán', 'Deep Dublin', '6pm - 8pm', '/images/shows/Sean_400.jpg'),
      15,
      english,
      '12-hour',
    );
    expect(message.notification).toEqual({
      title: 'Deep Dublin starts in 15 minutes',
      body: 'Seán · 6pm – 8pm',
      icon: '/images/icon-192.png',
      image: '/images/shows/Sean_400.jpg',
    });
    expect(message.data).toEqual({ link: '/schedule', analyticsLabel: 'show_reminder' });
    expect(pushMessageSchema.parse(message)).toEqual(message);
    expect(reminderMessage(slot('A', ''), 0.6, english, '24-hour').notification.title).toBe(
      'Show starts in 1 minute',
    );
  });

  it('announces a new show with its day', () => {
    const message = newShowMessage(slot('Aoife', 'Night Moves', '11pm - 2am'), 'Sunday', english, '12-hour');
    expect(message.notification.title).toBe('New show: Night Moves');
    expect(message.notification.body).toBe('Aoife · Sunday 11pm – 2am');
    expect(message.notification.image).toBeUndefined();
    expect(pushMessageSchema.safeParse(message).success).toBe(true);
  });

  it("writes a slot's times on the station's clock, whatever notation the schedule has them in", () => {
    expect(
      reminderMessage(slot('Seán', 'Deep Dublin', '6pm - 8pm'), 15, english, '24-hour').notification.body,
    ).toBe('Seán · 18:00 – 20:00');
    expect(
      newShowMessage(slot('Aoife', 'Night Moves', '23:00 - 02:30'), 'Sunday', english, '12-hour').notification
        .body,
    ).toBe('Aoife · Sunday 11pm – 2:30am');
    // Times that do not read stay as typed (spec §5 keeps them).
    expect(reminderMessage(slot('A', 'B', 'tbc'), 5, english, '24-hour').notification.body).toBe('A · tbc');
  });

  it('writes the every-other-week marker in the push language, one the slot parser reads back', () => {
    const biWeekly = slot('Seán', 'Deep Dublin', '6pm - 8pm (Bi-weekly)');
    expect(newShowMessage(biWeekly, 'Monday', pushTexts('ga'), '24-hour').notification.body).toBe(
      'Seán · Dé Luain 18:00 – 20:00 (Coicísiúil)',
    );
    for (const [locale, texts] of Object.entries(PUSH_TEXTS)) {
      const body = reminderMessage(biWeekly, 5, texts, '24-hour').notification.body ?? '';
      const written = body.slice(body.indexOf('·') + 2);
      expect(parseSlotTime(written), locale).toMatchObject({ startMinutes: 18 * 60, biWeekly: true });
    }
  });
});

describe('push texts', () => {
  it("speak the subscriber's language, else the station's, else English", () => {
    const monday = slot('Seán', 'Deep Dublin', '6pm - 8pm');
    expect(reminderMessage(monday, 5, pushTexts('ga'), '24-hour').notification.title).toBe(
      'Tosóidh Deep Dublin i gceann 5 nóiméad',
    );
    expect(newShowMessage(monday, 'Monday', pushTexts('de'), '24-hour').notification).toMatchObject({
      title: 'Neue Sendung: Deep Dublin',
      body: 'Seán · Montag 18:00 – 20:00',
    });
    expect(reminderMessage(monday, 1, pushTexts('fr'), '24-hour').notification.title).toBe(
      'Deep Dublin commence dans 1 minute',
    );
    // No table for the pseudo-locale or an unknown tag: the station's language, then English.
    expect(pushTexts('en-XA', 'es')).toBe(PUSH_TEXTS.es);
    expect(pushTexts(null, undefined, 'xx')).toBe(english);
    expect(pushTexts('constructor')).toBe(english);
  });

  it('exist for every shipped language with a name for an untitled show and every day', () => {
    for (const locale of ['en', 'ga', 'de', 'es', 'fr', 'pt-BR'] as const) {
      const texts = PUSH_TEXTS[locale];
      expect(texts, locale).toBeDefined();
      expect(Object.values(texts?.weekdays ?? {}).filter((day) => day.trim() !== '')).toHaveLength(7);
      expect(texts?.untitledShow.trim()).not.toBe('');
      // The placeholders survive: the show's name and the minutes are in every title.
      expect(texts?.startsIn('X-SHOW', 7)).toMatch(/X-SHOW.*7|7.*X-SHOW/);
      expect(texts?.newShow('X-SHOW')).toContain('X-SHOW');
      expect(texts?.newEpisode('X-SHOW')).toContain('X-SHOW');
      expect(texts?.integrationPaused('X-HOOK')).toContain('X-HOOK');
    }
  });
});

describe('addedShows', () => {
  it('lists shows not in the week before, once, on their first day', () => {
    const before = week([slot('A', 'One')]);
    const after = week(
      [slot('A', 'One'), slot('B', 'Two')],
      [slot('B', 'Two', '1pm - 2pm'), slot('C', 'Three')],
    );
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

describe("newShowsSince (the app's own New Show Alerts)", () => {
  const first = week([slot('A', 'One'), slot('B', 'Two')]);
  const second = week([slot('A', 'One')], [slot('C', 'Three')]);

  it('alerts about nothing on the first look, and remembers the week', () => {
    expect(newShowsSince(null, { version: 3, schedule: first })).toEqual({
      added: [],
      seen: { version: 3, ids: ['A-One', 'B-Two'] },
    });
  });

  it('names the shows a newer week gained, with their day; the same version again is nothing', () => {
    const { added, seen } = newShowsSince(
      { version: 3, ids: ['A-One', 'B-Two'] },
      { version: 4, schedule: second },
    );
    expect(added.map(({ id, day }) => [id, day])).toEqual([['C-Three', 'Tuesday']]);
    expect(seen).toEqual({ version: 4, ids: ['A-One', 'C-Three'] });
    expect(newShowsSince(seen, { version: 4, schedule: second }).added).toEqual([]);
  });

  it("an older copy (the worker's page) alerts about nothing, and the newer week after it repeats nothing", () => {
    const seen = { version: 4, ids: ['A-One', 'C-Three'] };
    const older = newShowsSince(seen, { version: 3, schedule: first });
    expect(older.added).toEqual([]);
    expect(older.seen).toEqual({ version: 3, ids: ['A-One', 'C-Three', 'B-Two'] });
    expect(newShowsSince(older.seen, { version: 4, schedule: second }).added).toEqual([]);
  });

  it("a show removed and added again later is new again, as the server's alerts have it", () => {
    const removed = newShowsSince(
      { version: 3, ids: ['A-One', 'B-Two'] },
      { version: 4, schedule: week([slot('A', 'One')]) },
    );
    expect(newShowsSince(removed.seen, { version: 5, schedule: first }).added.map(({ id }) => id)).toEqual([
      'B-Two',
    ]);
  });
});

describe('new-episode alerts', () => {
  const HOUR_MS = 3_600_000;
  const now = Date.parse('2026-06-01T20:00:00Z');
  const episode = (id: string, show: string, endsAt: number, status: 'ready' | 'recording' = 'ready') => ({
    id,
    show,
    artist: 'Seán',
    genre: 'House',
    image: '',
    startsAt: endsAt - HOUR_MS,
    endsAt,
    durationMs: HOUR_MS,
    status,
    tracks: [],
    audioUrl: `/api/episodes/${id}/audio.mp3`,
    pageUrl: `/episodes/${id}`,
    feedUrl: '/shows/x/feed.xml',
  });

  it('names the show and opens the episode page, as a valid push message', () => {
    const message = newEpisodeMessage(
      {
        id: '0123456789abcdef',
        show: 'Deep Dublin',
        artist: 'Seán',
        image: '/images/shows/Sean_400.jpg',
      },
      english,
    );
    expect(message).toEqual({
      notification: {
        title: 'New episode: Deep Dublin',
        body: 'Seán · Listen again now',
        icon: '/images/icon-192.png',
        image: '/images/shows/Sean_400.jpg',
      },
      data: { link: '/episodes/0123456789abcdef', analyticsLabel: 'new_episode' },
    });
    expect(pushMessageSchema.parse(message)).toEqual(message);
  });

  it('announces nothing to a newcomer, and remembers the newest ready end', () => {
    const result = newEpisodesSince(
      null,
      [episode('a', 'One', now - HOUR_MS), episode('b', 'One', now + HOUR_MS, 'recording')],
      ['Seán-One'],
      now,
    );
    expect(result).toEqual({ added: [], seen: { until: now - HOUR_MS } });
  });

  it("names each favourite's episode ready since, oldest first, once; not other shows, not one still recording", () => {
    const seen = { until: now - 3 * HOUR_MS };
    const episodes = [
      episode('c', 'One', now - 10_000),
      episode('x', 'Other', now - 20_000),
      episode('b', 'One', now - HOUR_MS),
      episode('r', 'One', now + HOUR_MS, 'recording'),
      episode('a', 'One', now - 3 * HOUR_MS),
    ];
    const first = newEpisodesSince(seen, episodes, ['Seán-One'], now);
    expect(first.added.map(({ id }) => id)).toEqual(['b', 'c']);
    expect(first.seen).toEqual({ until: now - 10_000 });
    expect(newEpisodesSince(first.seen, episodes, ['Seán-One'], now).added).toEqual([]);
  });

  it('leaves out old news: an episode that ended longer ago than the alert lifetime', () => {
    const stale = episode('old', 'One', now - NEW_EPISODE_ALERT_TTL_MS - 1);
    expect(newEpisodesSince({ until: 0 }, [stale], ['Seán-One'], now).added).toEqual([]);
  });
});

describe('the admin’s push when an integration pauses itself', () => {
  it('names the integration and says why, opening the integrations screen', () => {
    const message = integrationPausedMessage('Station site', 'The receiver answered 410.', english);
    expect(pushMessageSchema.parse(message)).toEqual({
      notification: {
        title: 'Integration paused: Station site',
        body: 'The receiver answered 410.',
        icon: '/images/icon-192.png',
      },
      data: { link: '/integrations' },
    });
    expect(integrationPausedMessage('Station site', 'x', pushTexts('ga')).notification.title).toBe(
      'Comhtháthú ar sos: Station site',
    );
  });

  it('cuts a long reason to 300 characters, so the push stays valid', () => {
    const message = integrationPausedMessage(
      'Hook',
      `10 deliveries failed in a row; the last: ${'x'.repeat(600)}`,
      english,
    );
    expect(message.notification.body).toHaveLength(300);
    expect(message.notification.body.endsWith('…')).toBe(true);
    expect(pushMessageSchema.safeParse(message).success).toBe(true);
  });
});
