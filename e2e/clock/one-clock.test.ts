import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nextReminderAt, parseSlotTime, WEEKDAYS, type ClockStyle, type Weekday } from '@onair/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openListenerPage } from '../fixtures/listener.ts';
import { REPO_ROOT } from '../fixtures/server.ts';
import { useIcecastStation } from '../fixtures/suite.ts';
import { ADMIN, ADMIN_ENV } from '../schedule/schedule-helpers.ts';

const STATION_ZONE = 'Europe/Dublin';
/** A listener as far from the station as can be, whose browser speaks American English (12-hour). */
const LISTENER = { locale: 'en-US', timezoneId: 'Pacific/Auckland' } as const;
const STEP_TIMEOUT_MS = 20_000;
const TEST_TIMEOUT_MS = 150_000;

/**
 * What a clock on the wall in `timeZone` reads at `instant`, on `clock`, by Intl (not the app's
 * formatter): `19:05`, or `7:05pm` / `7pm` (the schedule's own notation).
 */
function wallTime(instant: number, timeZone: string, clock: ClockStyle): string {
  if (clock === '24-hour') {
    return new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    }).format(instant);
  }
  return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone })
    .format(instant)
    .replace(/\s/g, '')
    .replace(':00', '')
    .toLowerCase();
}
const weekdayShort = (instant: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone }).format(instant);
const calendarDay = (instant: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }).format(
    instant,
  );

/** A station file like the repository's, on the 12-hour clock. */
function twelveHourStationFile(): string {
  const station = JSON.parse(readFileSync(join(REPO_ROOT, 'station.config.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  const path = join(mkdtempSync(join(tmpdir(), 'onair-clock-')), 'station.config.json');
  writeFileSync(path, JSON.stringify({ ...station, clock: '12-hour' }));
  return path;
}

describe.each<{ clock: ClockStyle; env: Record<string, string> }>([
  { clock: '24-hour', env: {} },
  { clock: '12-hour', env: { STATION_CONFIG: twelveHourStationFile() } },
])('one clock: a $clock station, a listener in Auckland with an en-US browser', ({ clock, env }) => {
  const station = useIcecastStation({ high: false, env: { ...ADMIN_ENV, ...env } });
  const onStationClock = (instant: number) => wallTime(instant, STATION_ZONE, clock);

  async function listenerPage(path: string): Promise<Page> {
    const page = await openListenerPage(station.browser(), LISTENER);
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.goto(`${station.server().url}${path}`);
    return page;
  }

  it(
    'times Recently played on the station’s clock',
    async () => {
      await station.setTrack('Aoife Ní Mhurchú - Sunrise');
      await station.setTrack('Niamh - Moonrise');
      const page = await listenerPage('/');
      const recent = page.getByRole('region', { name: 'Recently played' });
      await recent.getByText('Moonrise').waitFor();
      const history = (await (await fetch(`${station.server().url}/api/now-playing/history`)).json()) as {
        tracks: { title: string; startedAt: string }[];
      };
      const sunrise = history.tracks.find((track) => track.title === 'Sunrise');
      if (!sunrise) throw new Error('Sunrise is not in the history');
      const time = recent.locator(`time[datetime="${sunrise.startedAt}"]`);
      expect(await time.textContent()).toBe(onStationClock(Date.parse(sunrise.startedAt)));
      // Not the listener's clock: Auckland is 11 to 13 hours ahead of Dublin.
      expect(await time.textContent()).not.toBe(
        wallTime(Date.parse(sunrise.startedAt), LISTENER.timezoneId, clock),
      );
      await page.context().close();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'shows a show in station time and in the listener’s own zone, both on the station’s clock',
    async () => {
      const page = await listenerPage('/');
      await page.getByText('Up next from:').waitFor();
      await page
        .getByRole('button', { name: /^Details of / })
        .last()
        .click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Station time').waitFor();
      const fact = async (term: string) =>
        (await dialog
          .locator('dt', { hasText: term })
          .locator('xpath=following-sibling::dd[1]')
          .textContent()) ?? '';
      // "Monday 7pm - 9pm": the schedule's own words for the slot.
      const stationTime = await fact('Station time');
      const [day, ...rest] = stationTime.split(' ');
      const slotTime = rest.join(' ');
      if (!WEEKDAYS.includes(day as Weekday)) throw new Error(`no weekday in "${stationTime}"`);
      const slot = { time: slotTime, artist: '', show: '', genre: '', image: '' };
      const start = nextReminderAt(slot, day as Weekday, new Date(), STATION_ZONE, 0);
      const span = parseSlotTime(slotTime);
      if (!start || !span) throw new Error(`the slot time "${slotTime}" does not read`);
      const end = start.getTime() + ((span.endMinutes - span.startMinutes + 1440) % 1440) * 60_000;
      expect(await fact('Your time')).toBe(
        `${weekdayShort(start.getTime(), LISTENER.timezoneId)} ${wallTime(start.getTime(), LISTENER.timezoneId, clock)} – ${wallTime(end, LISTENER.timezoneId, clock)}`,
      );
      await page.context().close();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'times chat messages, and says until when a muted listener is muted, on the station’s clock',
    async () => {
      const page = await listenerPage('/chat');
      await page.getByRole('textbox', { name: 'Your name in the chat' }).fill(`Tane ${clock}`);
      await page.getByRole('button', { name: 'Join chat' }).click();
      const field = page.getByRole('combobox', { name: 'Message' });
      await field.fill('Kia ora from Auckland');
      await field.press('Enter');
      const messages = page.getByRole('list', { name: 'Messages' });
      const message = messages
        .getByRole('listitem')
        .filter({ hasText: 'Kia ora from Auckland' })
        .filter({ hasNotText: 'Sending…' });
      const time = message.locator('time');
      await time.waitFor();
      const sentAt = Date.parse((await time.getAttribute('datetime')) ?? '');
      expect(await time.textContent()).toBe(onStationClock(sentAt));
      expect(await messages.locator('.chat-separator--day').first().textContent()).toBe('Today');

      // The admin mutes this listener for 90 minutes; the server answers until when.
      const admin = await openListenerPage(station.browser());
      await admin.goto(station.server().url);
      const mutedUntil = await admin.evaluate(
        async ({ credentials, name }) => {
          const login = await fetch('/api/auth/login', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(credentials),
          });
          if (!login.ok) throw new Error(`sign-in answered ${login.status}`);
          const mute = await fetch('/api/chat/mutes', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ name, minutes: 90 }),
          });
          return ((await mute.json()) as { mutedUntil: number }).mutedUntil;
        },
        { credentials: ADMIN, name: `Tane ${clock}` },
      );
      await admin.context().close();

      await field.fill('Can anyone hear me?');
      await field.press('Enter');
      const refusal = page.getByRole('alert').filter({ hasText: 'You are muted in the chat until' });
      await refusal.waitFor();
      // The same day on the station's calendar, or the next (90 minutes can cross its midnight).
      const sameDay = calendarDay(mutedUntil, STATION_ZONE) === calendarDay(Date.now(), STATION_ZONE);
      const until = `${sameDay ? '' : 'tomorrow at '}${onStationClock(mutedUntil)}`;
      expect(await refusal.locator('span').first().textContent()).toBe(
        `You are muted in the chat until ${until}.`,
      );
      await page.context().close();
    },
    TEST_TIMEOUT_MS,
  );
});
