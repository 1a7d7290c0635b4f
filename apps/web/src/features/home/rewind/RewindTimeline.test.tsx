import { formatClockTime, type Schedule } from '@onair/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlayerProvider, PlayerService } from '../../../lib/player/index.ts';
import { ScheduleStore } from '../../../lib/schedule-store.ts';
import { StationProvider } from '../../../lib/station-context.tsx';
import { ScheduleProvider } from '../../../lib/use-schedule.tsx';
import { stubStationFetch } from '../../../test/fixtures.ts';
import RewindTimeline from './RewindTimeline.tsx';
import { activateLoadedLocale } from '../../../lib/i18n/locale.ts';
import { messages as en } from '../../../locales/en/messages.po';
import { messages as ga } from '../../../locales/ga/messages.po';
import * as livePlayer from '../../../lib/player/live-player.ts';

const HOUR = 3_600_000;
// Monday 2 March 2026, 19:30 in Dublin (GMT): Deep Dublin 6-8pm, after the replays.
const NOW = Date.parse('2026-03-02T19:30:00Z');
const slot = (time: string, artist: string, show: string) => ({
  time,
  artist,
  show,
  genre: 'House',
  image: '',
});
const SCHEDULE: Schedule = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map(
  (day) => ({
    day: day as Schedule[number]['day'],
    shows:
      day === 'Monday'
        ? [slot('12am - 6pm', 'Play Show Replays', ''), slot('6pm - 8pm', 'Seán', 'Deep Dublin')]
        : [],
  }),
);

function renderTimeline(earliestAt: number | null) {
  const seeks: Array<number | null> = [];
  const service = new PlayerService({
    livePlayer,
    fetchNowPlaying: async () => ({ title: '', artist: '', album: '', artwork: '', updatedAt: null }),
    fetchRewindWindow: async () => ({ earliestAt, timeshiftMs: 4 * HOUR }),
  });
  // The audio itself is the service's (player-rewind.test.ts); here: what the buttons ask of it.
  vi.spyOn(service, 'seekTo').mockImplementation((at) => void seeks.push(at));
  vi.spyOn(service, 'goLive').mockImplementation(() => void seeks.push(null));
  const store = new ScheduleStore();
  vi.spyOn(store, 'load').mockImplementation(async () => void store.accept(SCHEDULE, 1));
  render(
    <StationProvider>
      <ScheduleProvider store={store} realtime={null}>
        <PlayerProvider service={service}>
          <RewindTimeline />
        </PlayerProvider>
      </ScheduleProvider>
    </StationProvider>,
  );
  return { service, seeks };
}

describe('RewindTimeline', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    vi.spyOn(HTMLMediaElement.prototype, 'load').mockReturnValue(undefined);
    stubStationFetch();
  });
  afterEach(() => vi.useRealTimers());

  it('offers Back 30 seconds, Restart this show and a scrubber naming the show and time; no Go live at the edge', async () => {
    const { seeks } = renderTimeline(NOW - 10 * HOUR);
    const scrubber = await screen.findByRole('slider', { name: 'Position in the last hours' });
    expect(scrubber).toHaveAttribute('aria-valuetext', 'Deep Dublin, live');
    expect(screen.queryByRole('button', { name: 'Go live' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Restart this show' }));
    expect(seeks).toEqual([Date.parse('2026-03-02T18:00:00Z')]);
  });

  it('steps the scrubber by keyboard, names what is under the thumb, and seeks there when let go', async () => {
    const { seeks } = renderTimeline(NOW - 10 * HOUR);
    const scrubber = await screen.findByRole('slider', { name: 'Position in the last hours' });
    const target = NOW - 2 * HOUR; // 17:30: the replays, before Deep Dublin
    fireEvent.change(scrubber, { target: { value: String((target - (NOW - 4 * HOUR)) / 1000) } });
    expect(scrubber).toHaveAttribute(
      'aria-valuetext',
      `Play Show Replays, ${formatClockTime(new Date(target), { timeZone: 'Europe/Dublin', clock: '24-hour' })}, 2 h 00 min behind live`,
    );
    expect(seeks).toEqual([]);
    fireEvent.keyUp(scrubber, { key: 'ArrowLeft' });
    expect(seeks).toEqual([target]);
  });

  it('when rewound: Go live and how far behind live', async () => {
    const { service } = renderTimeline(NOW - 10 * HOUR);
    await screen.findByRole('slider');
    vi.spyOn(service, 'timeshift', 'get').mockReturnValue({
      info: { earliestAt: NOW - 10 * HOUR, timeshiftMs: 4 * HOUR },
      rewound: true,
    });
    vi.spyOn(service, 'heardAt').mockReturnValue(NOW - 4 * 60_000);
    // The timeline reads the position each second.
    await act(() => new Promise((resolve) => setTimeout(resolve, 1_100)));
    expect(screen.getByRole('button', { name: 'Go live' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('You’re 4 min behind live');
  });

  it('speaks the app’s language: its controls, the thumb and how far behind live', async () => {
    activateLoadedLocale('ga', ga);
    try {
      const { service } = renderTimeline(NOW - 10 * HOUR);
      const scrubber = await screen.findByRole('slider', { name: 'Suíomh sna huaireanta deiridh' });
      expect(screen.getByRole('group', { name: 'Athchasadh beo' })).toBeInTheDocument();
      expect(scrubber).toHaveAttribute('aria-valuetext', 'Deep Dublin, beo');
      expect(screen.getByRole('button', { name: 'Tosaigh an clár seo arís' })).toBeInTheDocument();
      const target = NOW - 2 * HOUR;
      fireEvent.change(scrubber, { target: { value: String((target - (NOW - 4 * HOUR)) / 1000) } });
      expect(scrubber).toHaveAttribute(
        'aria-valuetext',
        `Play Show Replays, ${formatClockTime(new Date(target), { timeZone: 'Europe/Dublin', clock: '24-hour' })}, 2 u 00 nóim taobh thiar den bheo`,
      );
      vi.spyOn(service, 'timeshift', 'get').mockReturnValue({
        info: { earliestAt: NOW - 10 * HOUR, timeshiftMs: 4 * HOUR },
        rewound: true,
      });
      vi.spyOn(service, 'heardAt').mockReturnValue(NOW - 4 * 60_000);
      await act(() => new Promise((resolve) => setTimeout(resolve, 1_100)));
      expect(screen.getByRole('button', { name: 'Téigh beo' })).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent('Tá tú 4 nóim taobh thiar den bheo');
    } finally {
      activateLoadedLocale('en', en);
    }
  });

  it('shows nothing while the archive holds nothing yet', async () => {
    renderTimeline(null);
    await act(async () => undefined);
    expect(screen.queryByRole('group', { name: 'Live rewind' })).toBeNull();
  });
});
