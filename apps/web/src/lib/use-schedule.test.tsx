import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bundledSchedule } from './bundled-schedule.ts';
import { readStored, writeStored } from './storage.ts';
import * as stored from './stored.ts';
import { ScheduleProvider, useSchedule } from './use-schedule.tsx';

const week = bundledSchedule();
/** Another week: its first day has one show only, named so a test can tell the weeks apart. */
const newer = week.map((day, index) =>
  index === 0
    ? { ...day, shows: [{ time: '9am - 10am', artist: 'Kept Since', show: '', genre: '', image: '' }] }
    : day,
);

function Probe() {
  const state = useSchedule();
  if (state.status !== 'ready') return <p>loading</p>;
  return (
    <p data-testid="week">
      {state.source} v{state.version} {state.schedule[0]?.shows[0]?.artist}
    </p>
  );
}

function serverDown() {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
  );
}

describe('ScheduleProvider with the week written into the page', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it("offline, shows the newer week this device received since the page's copy was taken, and keeps it", async () => {
    // The service worker's copy of the page carries version 3; the app received version 5 later.
    writeStored(stored.scheduleCache, { data: newer, version: 5 });
    serverDown();
    render(
      <ScheduleProvider realtime={null} initial={{ data: week, version: 3 }}>
        <Probe />
      </ScheduleProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('week')).toHaveTextContent('cache v5 Kept Since'));
    expect(readStored(stored.scheduleCache)).toEqual({ data: newer, version: 5 });
  });

  it("keeps the page's week when it is the newest this device has, without storing it unconfirmed", async () => {
    writeStored(stored.scheduleCache, { data: newer, version: 2 });
    serverDown();
    render(
      <ScheduleProvider realtime={null} initial={{ data: week, version: 3 }}>
        <Probe />
      </ScheduleProvider>,
    );
    expect(screen.getByTestId('week')).toHaveTextContent('server v3');
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.getByTestId('week')).toHaveTextContent('server v3');
    expect(readStored(stored.scheduleCache)).toEqual({ data: newer, version: 2 });
  });

  it("keeps the page's week for offline use once the server confirms it", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json({ data: week, version: 3 }))),
    );
    render(
      <ScheduleProvider realtime={null} initial={{ data: week, version: 3 }}>
        <Probe />
      </ScheduleProvider>,
    );
    await waitFor(() => expect(readStored(stored.scheduleCache)).toEqual({ data: week, version: 3 }));
    expect(screen.getByTestId('week')).toHaveTextContent('server v3');
  });
});
