import { findOnAir, findUpNext } from '@onair/core';
import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { useChatUnread } from '../../lib/chat-unread.ts';
import { useMinuteClock } from '../../lib/use-minute-clock.ts';
import { useSchedule } from '../../lib/use-schedule.tsx';
import { useStation } from '../../lib/station-context.tsx';
import { useStationClock } from '../../lib/station-clock.ts';
import '../../styles/home-screen.css';
import '../../styles/player-controls.css';
import { BrowserOnly } from '../../ui/BrowserOnly.tsx';
import { OnAirNow } from '../../ui/OnAirNow.tsx';
import type { ShowDialogSlot } from '../../ui/ShowDialog.tsx';
import { ControlCard } from './ControlCard.tsx';
import { ShortcutRow } from './ShortcutRow.tsx';
import { UpNext } from './UpNext.tsx';

// A show's details are opened by a tap, so the dialog stays out of Home's first paint.
const ShowDialog = lazy(() =>
  import('../../ui/ShowDialog.tsx').then(({ ShowDialog }) => ({ default: ShowDialog })),
);
// Recently played comes under the track line after first paint: it waits for the history anyway.
const RecentlyPlayed = lazy(() => import('./recently-played/RecentlyPlayed.tsx'));

/** Home (spec §2): what is on air and next, in the station's time zone, the player and shortcuts. */
export function HomeScreen() {
  const { name, station } = useStation();
  const schedule = useSchedule();
  // Re-renders on each whole minute, so the cards flip at a slot boundary without a reload.
  const now = useMinuteClock();
  const stationClock = useStationClock();
  const { timeZone } = stationClock;
  const [details, setDetails] = useState<ShowDialogSlot | null>(null);
  const chatUnread = useChatUnread();

  return (
    <section className="home-screen" aria-labelledby="home-title">
      {/* The logo above is the visible title; screen readers get the station name as the heading. */}
      <h1 id="home-title" className="visually-hidden">
        {name}
      </h1>
      {schedule.status === 'ready' ? (
        <>
          <OnAirNow onAir={findOnAir(schedule.schedule, now, timeZone)} eager onOpen={setDetails} />
          <UpNext next={findUpNext(schedule.schedule, now, timeZone)} onOpen={setDetails} />
        </>
      ) : (
        <p className="home-card home-loading" role="status">
          <Trans>Loading schedule...</Trans>
        </p>
      )}
      <ControlCard />
      <ShortcutRow social={station?.social ?? {}} chatUnread={chatUnread} />
      {/* Last: it appears once the songs are known, after the page is up, and pushes nothing down.
          Never prerendered: the songs are fetched by the browser, and its chunk comes after the app's. */}
      <BrowserOnly>
        <Suspense fallback={null}>
          <RecentlyPlayed />
        </Suspense>
      </BrowserOnly>
      {details ? (
        <Suspense fallback={null}>
          <ShowDialog show={details} stationClock={stationClock} onClose={() => setDetails(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
