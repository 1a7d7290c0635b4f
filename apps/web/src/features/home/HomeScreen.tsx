import { DEFAULT_STATION_TIME_ZONE, findOnAir, findUpNext } from '@onair/core';
import { useMinuteClock } from '../../lib/use-minute-clock.ts';
import { useSchedule } from '../../lib/use-schedule.tsx';
import { useStation } from '../../lib/station-context.tsx';
import '../../styles/home-screen.css';
import '../../styles/player-controls.css';
import { ControlCard } from './ControlCard.tsx';
import { OnAirNow, UpNext } from './OnAirNow.tsx';
import { ShortcutRow } from './ShortcutRow.tsx';

/** Home (spec §2): what is on air and next, in the station's time zone, the player and shortcuts. */
export function HomeScreen() {
  const { name, station } = useStation();
  const schedule = useSchedule();
  // Re-renders on each whole minute, so the cards flip at a slot boundary without a reload.
  const now = useMinuteClock();
  const timeZone = station?.timeZone ?? DEFAULT_STATION_TIME_ZONE;

  return (
    <section className="home-screen" aria-labelledby="home-title">
      {/* The logo above is the visible title; screen readers get the station name as the heading. */}
      <h1 id="home-title" className="visually-hidden">
        {name}
      </h1>
      {schedule.status === 'ready' ? (
        <>
          <OnAirNow onAir={findOnAir(schedule.schedule, now, timeZone)} />
          <UpNext next={findUpNext(schedule.schedule, now, timeZone)} />
        </>
      ) : (
        <p className="home-card home-loading" role="status">
          Loading schedule...
        </p>
      )}
      <ControlCard />
      <ShortcutRow social={station?.social ?? {}} />
    </section>
  );
}
