import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bundledSchedule } from '../lib/bundled-schedule.ts';
import { fakeRealtime, stubAppApi, withoutWebGl } from '../test/fixtures.ts';
import { renderAppAt } from '../test/render-app.tsx';

describe('live updates (a test that opts in to realtime)', () => {
  beforeEach(() => {
    // A Wednesday noon in Dublin: the Monday 7pm show pushed below is then neither on air nor up
    // next, so it shows once. (On a real Monday evening it was on the on-air card too.)
    vi.useFakeTimers({ now: new Date('2026-11-25T12:00:00Z'), toFake: ['Date'] });
    localStorage.clear();
    stubAppApi();
    withoutWebGl();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('follows the schedule topic from the version it holds and shows a pushed week without a reload', async () => {
    const { client, sockets } = fakeRealtime();
    renderAppAt('/schedule', { realtime: client });
    expect(await screen.findByRole('heading', { name: /^Monday/ })).toBeInTheDocument();
    expect(sockets).toHaveLength(1);
    sockets[0]?.open();
    expect(sockets[0]?.sent).toEqual([
      { type: 'subscribe', topics: ['now-playing', 'schedule'], versions: { schedule: 1 } },
    ]);

    const pushed = bundledSchedule().map((day) =>
      day.day === 'Monday'
        ? {
            ...day,
            shows: [{ time: '7pm - 8pm', artist: 'Pushed Live', show: '', genre: 'House', image: '' }],
          }
        : day,
    );
    act(() => sockets[0]?.receive({ topic: 'schedule', version: 2, data: pushed }));
    expect(await screen.findByText('Pushed Live')).toBeInTheDocument();
  });
});
