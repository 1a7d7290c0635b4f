import { ADMIN, storedSchedule } from '../schedule/schedule-helpers.ts';

export const MINUTE_MS = 60_000;

/** A minute of the day as the schedule writes it (`1:40pm`). */
function clockText(minutes: number): string {
  const hour = Math.floor(minutes / 60) % 24;
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minutes % 60).padStart(2, '0')}${hour < 12 ? 'am' : 'pm'}`;
}

/**
 * Makes the next whole minute (at least `leadMs` away, to leave time to save the schedule) a
 * one-minute show, "Minute Mix" by DJ Minute, signed in as the admin; returns when it starts (epoch
 * ms). The station under test runs on UTC, so the slot's day and time are UTC's.
 */
export async function scheduleMinuteSlot(serverUrl: string, leadMs: number): Promise<number> {
  let slotStart = Math.ceil(Date.now() / MINUTE_MS) * MINUTE_MS;
  if (slotStart - Date.now() < leadMs) slotStart += MINUTE_MS;
  const minute = Math.floor((slotStart % 86_400_000) / MINUTE_MS);
  const day = new Date(slotStart).toLocaleDateString('en-GB', { weekday: 'long', timeZone: 'UTC' });
  const slot = {
    time: `${clockText(minute)} - ${clockText(minute + 1)}`,
    artist: 'DJ Minute',
    show: 'Minute Mix',
    genre: 'Techno',
    image: '',
  };
  const login = await fetch(`${serverUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const current = await storedSchedule(serverUrl);
  const data = current.data.map((entry) => (entry.day === day ? { ...entry, shows: [slot] } : entry));
  const saved = await fetch(`${serverUrl}/api/schedule`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie, origin: serverUrl },
    body: JSON.stringify({ data, version: current.version }),
  });
  if (saved.status !== 200)
    throw new Error(`saving the minute slot answered ${saved.status}: ${await saved.text()}`);
  return slotStart;
}
