import { favoriteId, findOnAir, INITIAL_DATA_ELEMENT_ID, type InitialData } from '@onair/core';
import { act, screen, waitFor } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as RealtimeModule from '../lib/realtime-client.ts';
import { bundledSchedule } from '../lib/bundled-schedule.ts';
import * as stored from '../lib/stored.ts';
import { readStored, writeStored } from '../lib/storage.ts';
import { fakeRealtime, noTrackYet, stubAppApi, testStation, withoutWebGl } from '../test/fixtures.ts';

// The page's socket: a fake one, as nothing here may dial a server.
vi.mock('../lib/realtime-client.ts', async (original) => ({
  ...(await original<typeof RealtimeModule>()),
  sharedRealtimeClient: () => fakeRealtime().client,
}));

/**
 * The app takes over the server's prerendered screen by hydrating it: the same components, given the
 * same inlined data, must draw exactly the server's markup on their first render (React's development
 * build names any difference on the console), whatever the listener's browser has stored.
 */
const initial: InitialData = {
  station: testStation,
  schedule: { data: bundledSchedule(), version: 3 },
  nowPlaying: { ...noTrackYet, title: 'Sunrise', artist: 'Aoife' },
  showImages: [],
};

async function prerenderInto(path: string, data: InitialData = initial): Promise<HTMLElement> {
  // The server's own prerender, as the built server runs it.
  const { renderScreen } = await import('./server-render.tsx');
  const { html } = await renderScreen(`http://prerender${path}`, data);
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = INITIAL_DATA_ELEMENT_ID;
  script.textContent = JSON.stringify(data);
  document.head.append(script);
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = html;
  document.body.append(container);
  window.history.replaceState(null, '', path);
  return container;
}

describe('the app takes over the prerendered screen', () => {
  let errors: ReturnType<typeof vi.spyOn>;
  let root: Root | null = null;
  beforeEach(() => {
    vi.resetModules();
    localStorage.clear();
    errors = vi.spyOn(console, 'error');
    withoutWebGl();
    stubAppApi();
  });
  afterEach(() => {
    act(() => root?.unmount());
    root = null;
    document.getElementById(INITIAL_DATA_ELEMENT_ID)?.remove();
    document.getElementById('root')?.remove();
    window.history.replaceState(null, '', '/');
  });

  it.each(['/', '/schedule', '/stats', '/nope'])('on %s without a difference', async (path) => {
    const container = await prerenderInto(path);
    const before = container.querySelector('main');
    const { startApp } = await import('./start-app.tsx');
    root = await startApp(container);
    // Hydrated, not replaced: the prerendered elements are the app's own now.
    expect(container.querySelector('main')).toBe(before);
    expect(errors).not.toHaveBeenCalled();
  });

  it('shows what the listener stored once it has taken over', async () => {
    const container = await prerenderInto('/schedule');
    const [show] = bundledSchedule().flatMap((day) => day.shows);
    writeStored(stored.notificationSettings, {
      ...readStored(stored.notificationSettings),
      favoriteShows: [favoriteId(show!)],
    });
    const { startApp } = await import('./start-app.tsx');
    root = await startApp(container);
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: /Remove .* from favourites/ }).length).toBeGreaterThan(0),
    );
    expect(errors).not.toHaveBeenCalled();
  });

  it("draws the server's show first where the device's clock disagrees, then the device's", async () => {
    const week = initial.schedule!.data;
    const artistAt = (ms: number) => findOnAir(week, new Date(ms), testStation.timeZone)?.slot.artist;
    // A server clock some hours away from the device's, at which another show is on air.
    const deviceNow = Date.now();
    const hours = [3, 6, 9, 12, 15, 18, 21].find(
      (h) => artistAt(deviceNow - h * 3_600_000) !== artistAt(deviceNow),
    )!;
    const renderedAtMs = deviceNow - hours * 3_600_000;
    const container = await prerenderInto('/', { ...initial, renderedAtMs });
    const drawn = container.querySelector('.on-air-now__artist');
    expect(drawn).toHaveTextContent(artistAt(renderedAtMs)!);
    const { startApp } = await import('./start-app.tsx');
    root = await startApp(container);
    // The same element, now naming the show on air by the device's clock.
    await waitFor(() => expect(drawn).toHaveTextContent(artistAt(Date.now())!));
    expect(container.querySelector('.on-air-now__artist')).toBe(drawn);
    expect(errors).not.toHaveBeenCalled();
  });
});
