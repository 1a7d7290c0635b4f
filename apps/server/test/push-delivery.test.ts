import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  WEEKDAYS,
  pushMessageSchema,
  pushPublicKeySchema,
  type Schedule,
  type ShowSlot,
} from '@onair/core';
import type { PushSetup } from '../src/push/push-setup.ts';
import { setUpTestPush } from './test-push-side.ts';
import { ScheduleRepo } from '../src/store/schedule-repo.ts';
import { buildTestApp, loginAsAdmin } from './auth-helpers.ts';
import { logSink } from './log-sink.ts';
import { PushReceiver, TestBrowser, verifyVapid } from './push-receiver.ts';
import { STORE_KINDS, type TestStore } from './stores.ts';

const deepDublin: ShowSlot = {
  time: '6pm - 8pm',
  artist: 'Seán',
  show: 'Deep Dublin',
  genre: 'House',
  image: '/images/shows/Sean_400.jpg',
};
// Two shows starting together: a subscriber to both has two pushes due in the same minute.
const secondRoom: ShowSlot = {
  time: '6pm - 8pm',
  artist: 'Aoife',
  show: 'Second Room',
  genre: 'Techno',
  image: '',
};
const week: Schedule = WEEKDAYS.map((day) => ({
  day,
  shows: day === 'Monday' ? [deepDublin, secondRoom] : [],
}));
// Monday 5 January 2026 (GMT): the show starts at 18:00Z.
const MONDAY_NOON = new Date('2026-01-05T12:00:00Z');

describe.each(STORE_KINDS)('Web Push end to end on $kind', ({ open }) => {
  let store: TestStore;
  let app: FastifyInstance;
  let receiver: PushReceiver;
  let instance: PushSetup;
  let clock: Date;
  const now = () => clock;

  beforeEach(async () => {
    store = await open();
    receiver = await PushReceiver.start();
    clock = MONDAY_NOON;
    await new ScheduleRepo(store.db).seedIfEmpty(week, clock);
    app = await buildTestApp(store, undefined, { now, pushTransport: receiver.transport, pushTimer: false });
    // A second instance over the same store, whose minute ticks the test drives.
    instance = await setUpTestPush(store.db, { now, logger: app.log, transport: receiver.transport });
  });
  afterEach(async () => {
    await app.close();
    await instance.scheduler.stop();
    await receiver.close();
    await store.dispose();
  });

  const subscribe = (browser: TestBrowser, preferences: object, locale?: string) =>
    app.inject({
      method: 'PUT',
      url: '/api/push/subscription',
      payload: { subscription: browser.subscription, preferences, ...(locale ? { locale } : {}) },
    });
  const decrypted = (browser: TestBrowser) => {
    const push = receiver.received.find(({ endpoint }) => endpoint === browser.subscription.endpoint);
    if (!push) throw new Error(`no push for ${browser.subscription.endpoint}`);
    return pushMessageSchema.parse(JSON.parse(browser.decrypt(push.body))).notification;
  };

  it('delivers a favourite show reminder, encrypted for the browser and signed with the VAPID key', async () => {
    const publicKey = pushPublicKeySchema.parse((await app.inject('/api/push/public-key')).json()).publicKey;
    expect(instance.publicKey).toBe(publicKey);
    const browser = new TestBrowser('https://fcm.googleapis.com/fcm/send/listener-1');
    const saved = await subscribe(browser, {
      enabled: true,
      favoriteShows: ['Seán-Deep Dublin'],
      reminderTime: 15,
    });
    expect(saved.statusCode).toBe(200);

    clock = new Date('2026-01-05T17:44:59Z');
    await instance.scheduler.tick();
    expect(receiver.received).toHaveLength(0);

    clock = new Date('2026-01-05T17:45:00Z');
    await instance.scheduler.tick();
    expect(receiver.received).toHaveLength(1);
    const [push] = receiver.received;
    if (!push) throw new Error('no push');
    expect(push.endpoint).toBe(browser.subscription.endpoint);
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push.headers.ttl)).toBe(15 * 60);
    expect(push.body.length).toBeLessThanOrEqual(3_072 + 103);
    const claims = verifyVapid(push.headers.authorization, publicKey);
    expect(claims.aud).toBe('https://fcm.googleapis.com');
    expect(claims.sub).toMatch(/^mailto:|^https:/);
    expect(claims.exp * 1_000).toBeGreaterThan(Date.now());
    expect(claims.exp * 1_000 - Date.now()).toBeLessThanOrEqual(24 * 60 * 60 * 1_000);
    const message = pushMessageSchema.parse(JSON.parse(browser.decrypt(push.body)));
    expect(message).toEqual({
      notification: {
        title: 'Deep Dublin starts in 15 minutes',
        // The schedule's '6pm - 8pm' on the station's 24-hour clock, as the app shows it.
        body: 'Seán · 18:00 – 20:00',
        icon: '/images/icon-192.png',
        image: '/images/shows/Sean_400.jpg',
      },
      data: { link: '/schedule', analyticsLabel: 'show_reminder' },
    });
    // Another browser cannot read it: the payload is bound to this subscription's keys.
    expect(() => new TestBrowser(browser.subscription.endpoint).decrypt(push.body)).toThrow();

    clock = new Date('2026-01-05T17:46:00Z');
    await instance.scheduler.tick();
    expect(receiver.received).toHaveLength(1);
  });

  it("writes each push in its subscriber's language, kept until the app names another", async () => {
    const favourite = { enabled: true, favoriteShows: ['Seán-Deep Dublin'] };
    const irish = new TestBrowser('https://fcm.googleapis.com/fcm/send/gaeilge');
    const german = new TestBrowser('https://fcm.googleapis.com/fcm/send/deutsch');
    const unsaid = new TestBrowser('https://fcm.googleapis.com/fcm/send/unsaid');
    expect((await subscribe(irish, favourite, 'ga')).statusCode).toBe(200);
    expect((await subscribe(german, favourite, 'de')).statusCode).toBe(200);
    // The service worker renewing a subscription names no language: the stored one stays.
    expect((await subscribe(german, { ...favourite, reminderTime: 15 })).statusCode).toBe(200);
    expect((await subscribe(unsaid, favourite)).statusCode).toBe(200);
    const refused = await subscribe(
      new TestBrowser('https://fcm.googleapis.com/fcm/send/x'),
      favourite,
      'xx',
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'push_subscription_invalid' });
    expect(refused.json<{ error: string }>().error).toContain(
      'locale must be one of en, de, es, fr, ga, pt-BR',
    );

    clock = new Date('2026-01-05T17:45:00Z');
    await instance.scheduler.tick();
    expect(receiver.received).toHaveLength(3);
    expect(decrypted(irish)).toMatchObject({
      title: 'Tosóidh Deep Dublin i gceann 15 nóiméad',
      body: 'Seán · 18:00 – 20:00',
    });
    expect(decrypted(german).title).toBe('Deep Dublin beginnt in 15 Minuten');
    // Never said: the station's language (this station's is English).
    expect(decrypted(unsaid).title).toBe('Deep Dublin starts in 15 minutes');
  });

  it("writes show times on the station's clock, in the subscriber's language", async () => {
    // An instance of a station whose file says `"clock": "12-hour"`, over the same store.
    const twelveHour = await setUpTestPush(store.db, {
      now,
      logger: app.log,
      transport: receiver.transport,
      clock: '12-hour',
    });
    const german = new TestBrowser('https://fcm.googleapis.com/fcm/send/uhr');
    const listener = new TestBrowser('https://fcm.googleapis.com/fcm/send/clock');
    const favourite = { enabled: true, favoriteShows: ['Seán-Deep Dublin'] };
    expect((await subscribe(german, favourite, 'de')).statusCode).toBe(200);
    expect((await subscribe(listener, favourite)).statusCode).toBe(200);
    clock = new Date('2026-01-05T17:45:00Z');
    await twelveHour.scheduler.tick();
    await twelveHour.scheduler.stop();
    expect(decrypted(german)).toMatchObject({
      title: 'Deep Dublin beginnt in 15 Minuten',
      body: 'Seán · 6pm – 8pm',
    });
    expect(decrypted(listener).body).toBe('Seán · 6pm – 8pm');
  });

  it('sends nothing when notifications, reminders or the favourite are off', async () => {
    const off = [
      { enabled: false, favoriteShows: ['Seán-Deep Dublin'] },
      { enabled: true, showScheduleReminders: false, favoriteShows: ['Seán-Deep Dublin'] },
      { enabled: true, favoriteShows: ['Someone-Else'] },
    ];
    for (const [index, preferences] of off.entries()) {
      expect(
        (await subscribe(new TestBrowser(`https://fcm.googleapis.com/fcm/send/off-${index}`), preferences))
          .statusCode,
      ).toBe(200);
    }
    clock = new Date('2026-01-05T17:45:00Z');
    await instance.scheduler.tick();
    expect(receiver.received).toHaveLength(0);
  });

  it('alerts subscribers who want it about a show the admin adds, once', async () => {
    const wants = new TestBrowser('https://updates.push.services.mozilla.com/wpush/v2/wants');
    const declines = new TestBrowser('https://web.push.apple.com/declines');
    const irish = new TestBrowser('https://fcm.googleapis.com/fcm/send/gaeilge');
    await subscribe(wants, { enabled: true });
    await subscribe(irish, { enabled: true }, 'ga');
    await subscribe(declines, { enabled: true, showNewShowAlerts: false });
    const admin = await loginAsAdmin(app);
    const added: ShowSlot = {
      time: '11pm - 2am',
      artist: 'Aoife',
      show: 'Night Moves',
      genre: 'Techno',
      image: '',
    };
    const withNew = week.map((entry) => (entry.day === 'Sunday' ? { ...entry, shows: [added] } : entry));
    const put = await app.inject({
      method: 'PUT',
      url: '/api/schedule',
      headers: { cookie: admin },
      payload: { data: withNew, version: 1 },
    });
    expect(put.statusCode).toBe(200);
    await instance.scheduler.tick();
    await app.close(); // waits for the save's own round of sends
    const pushes = receiver.received;
    expect(pushes.map((push) => push.endpoint).sort()).toEqual(
      [wants.subscription.endpoint, irish.subscription.endpoint].sort(),
    );
    expect(decrypted(wants)).toMatchObject({
      title: 'New show: Night Moves',
      body: 'Aoife · Sunday 23:00 – 02:00',
    });
    expect(decrypted(irish)).toMatchObject({
      title: 'Clár nua: Night Moves',
      body: 'Aoife · Dé Domhnaigh 23:00 – 02:00',
    });
    const toWants = pushes.find(({ endpoint }) => endpoint === wants.subscription.endpoint);
    expect(verifyVapid(toWants?.headers.authorization, instance.publicKey).aud).toBe(
      'https://updates.push.services.mozilla.com',
    );
    await instance.scheduler.tick();
    expect(receiver.received).toHaveLength(2);
  });

  /** A second instance whose log lines the test reads (the app's own log is silent). */
  const loggedInstance = async () => {
    const sink = logSink();
    const logged = await setUpTestPush(store.db, {
      now,
      logger: Fastify({ logger: { level: 'info', stream: sink.stream } }).log,
      transport: receiver.transport,
    });
    return { logged, lines: sink.lines };
  };
  const storedEndpoints = async () =>
    (await store.db.selectFrom('push_subscription').select('endpoint').orderBy('endpoint').execute()).map(
      (row) => row.endpoint,
    );
  const bothShows = { enabled: true, favoriteShows: ['Seán-Deep Dublin', 'Aoife-Second Room'] };
  const DELETED = 'The subscription can take no push; it is deleted.';

  it.each([400, 403, 404, 410])(
    'deletes a subscription the push service answers %i for, with one info line',
    async (status) => {
      const { logged, lines } = await loggedInstance();
      receiver.answer = () => ({ status });
      const browser = new TestBrowser(`https://fcm.googleapis.com/fcm/send/gone-${status}`);
      const kept = new TestBrowser('https://fcm.googleapis.com/fcm/send/kept');
      await subscribe(browser, bothShows);
      clock = new Date('2026-01-05T17:44:00Z');
      await subscribe(kept, { enabled: true });
      clock = new Date('2026-01-05T17:45:00Z');
      await logged.scheduler.tick();
      // Its second push, claimed in the same round, is dropped unsent.
      expect(receiver.receivedFor(browser.subscription.endpoint)).toHaveLength(1);
      expect(await storedEndpoints()).toEqual([kept.subscription.endpoint]);
      expect(lines.filter((line) => line.msg === DELETED).map((line) => line.level)).toEqual([30]);
      expect(lines.filter((line) => line.level >= 40)).toEqual([]);
      await logged.scheduler.tick();
      expect(receiver.received).toHaveLength(1);
      await logged.scheduler.stop();
    },
  );

  it('deletes a subscription whose keys no push can be encrypted for, sending nothing, with one info line', async () => {
    const { logged, lines } = await loggedInstance();
    // As stored before keys were checked: 65 zero bytes are no P-256 point.
    const junk = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/junk',
      keys: { p256dh: 'A'.repeat(87), auth: 'A'.repeat(22) },
    };
    await logged.pushes.saveSubscription(
      junk,
      { ...DEFAULT_NOTIFICATION_SETTINGS, ...bothShows },
      undefined,
      clock,
    );
    for (const minute of ['45', '46']) {
      clock = new Date(`2026-01-05T17:${minute}:00Z`);
      await logged.scheduler.tick();
    }
    expect(receiver.received).toEqual([]);
    expect(await storedEndpoints()).toEqual([]);
    expect(lines.filter((line) => line.msg === DELETED).map((line) => line.level)).toEqual([30]);
    expect(lines.filter((line) => line.level >= 40)).toEqual([]);
    await logged.scheduler.stop();
  });

  it('keeps the subscription when the push service refuses only the push (401, 413) or fails for now (429, 5xx)', async () => {
    const browser = new TestBrowser('https://fcm.googleapis.com/fcm/send/kept-on-error');
    await subscribe(browser, { enabled: true, favoriteShows: ['Seán-Deep Dublin'] });
    for (const [index, status] of [401, 413, 429, 503].entries()) {
      receiver.answer = () => ({ status });
      clock = new Date(`2026-01-${String(5 + 7 * index).padStart(2, '0')}T17:45:00Z`);
      await instance.scheduler.tick();
      expect(await storedEndpoints()).toEqual([browser.subscription.endpoint]);
    }
    expect(receiver.received).toHaveLength(4);
  });
});
