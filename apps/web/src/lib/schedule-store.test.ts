import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bundledSchedule } from './bundled-schedule.ts';
import { ScheduleStore } from './schedule-store.ts';
import { readStored } from './storage.ts';
import * as stored from './stored.ts';

const week = bundledSchedule();
const changed = week.map((day, index) => (index === 0 ? { ...day, shows: [] } : day));

function answer(body: unknown, status = 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(status >= 400 ? new Response('down', { status }) : Response.json(body))),
  );
}

describe('ScheduleStore', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

  it('takes the server document and keeps a copy for offline use', async () => {
    answer({ data: changed, version: 4 });
    const store = new ScheduleStore();
    await store.load();
    expect(store.state).toMatchObject({ status: 'ready', source: 'server', version: 4, error: null });
    expect(readStored(stored.scheduleCache)).toEqual({ data: changed, version: 4 });
  });

  it('falls back to the last copy received, then to the bundled week', async () => {
    answer(null, 503);
    const first = new ScheduleStore();
    await first.load();
    expect(first.state).toMatchObject({ source: 'bundled', version: null, schedule: week });

    answer({ data: changed, version: 4 });
    await new ScheduleStore().load();
    answer(null, 503);
    const offline = new ScheduleStore();
    await offline.load();
    expect(offline.state).toMatchObject({ source: 'cache', version: 4, schedule: changed });
    expect(offline.state.status === 'ready' && offline.state.error).toMatch(/503/);
  });

  it('shows an empty week, saying why, when not even the regular week can be loaded', async () => {
    // The regular week's own chunk failing to load: a first visit that lost the network meanwhile.
    vi.doMock('./bundled-schedule.ts', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    try {
      answer(null, 503);
      const store = new ScheduleStore();
      await store.load();
      expect(store.state).toMatchObject({ status: 'ready', source: 'none', version: null });
      if (store.state.status !== 'ready') throw new Error('not ready');
      expect(store.state.schedule).toEqual(week.map(({ day }) => ({ day, shows: [] })));
      expect(store.state.error).toMatch(/HTTP 503; the regular week could not be loaded either \(.+\)$/);
    } finally {
      vi.doUnmock('./bundled-schedule.ts');
    }
  });

  it('ignores an older realtime version and an invalid document', async () => {
    answer({ data: changed, version: 4 });
    const store = new ScheduleStore();
    await store.load();
    expect(store.accept(week, 3)).toBe(false);
    expect(store.accept([{ day: 'Funday', shows: [] }], 9)).toBe(false);
    expect(store.state).toMatchObject({ version: 4, schedule: changed });
    expect(store.accept(week, 5)).toBe(true);
    expect(store.state).toMatchObject({ version: 5, schedule: week });
  });

  it('lets the server replace a cached copy whatever its version (the store may have been reset)', async () => {
    answer({ data: changed, version: 9 });
    await new ScheduleStore().load();
    answer(null, 503);
    const store = new ScheduleStore();
    await store.load();
    expect(store.accept(week, 1)).toBe(true);
    expect(store.state).toMatchObject({ source: 'server', version: 1 });
  });

  it("lets the server replace the page's week whatever its version (the page may be a copy from before a store reset)", async () => {
    const store = new ScheduleStore();
    store.fromPage(week, 7);
    expect(store.state).toMatchObject({ source: 'server', version: 7, schedule: week });
    expect(readStored(stored.scheduleCache)).toBeNull();
    answer({ data: changed, version: 2 });
    await store.load();
    expect(store.state).toMatchObject({ source: 'server', version: 2, schedule: changed });
    expect(readStored(stored.scheduleCache)).toEqual({ data: changed, version: 2 });
    // Confirmed by the server, it is compared by version again.
    expect(store.accept(week, 1)).toBe(false);
  });
});
