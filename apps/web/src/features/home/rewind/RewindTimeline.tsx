import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  behindLiveMs,
  formatClockTime,
  isAtLiveEdge,
  REWIND_STEP_MS,
  restartShowAt,
  segmentAt,
  showSegments,
  type ClockSetting,
  type RewindWindow,
  type ShowSegment,
} from '@onair/core';
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { useTimeshift } from '../../../lib/player/index.ts';
import { useSchedule } from '../../../lib/use-schedule.tsx';
import { useStation } from '../../../lib/station-context.tsx';
import { useStationClock } from '../../../lib/station-clock.ts';
import '../../../styles/rewind-timeline.css';
import { behindLiveNotice, localBehind } from './behind-live.ts';

/** The timeline redraws each second: the live edge and a rewound position both move. */
const TIMELINE_TICK_MS = 1_000;
const MINUTE_MS = 60_000;
const STEP_S = REWIND_STEP_MS / 1000;

function useSecondClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TIMELINE_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function showName(segment: ShowSegment | null, fallback: string): string {
  if (!segment) return fallback;
  const { show, artist } = segment.slot;
  return show.trim() || artist.trim() || fallback;
}

/** What the thumb names: the show and the time, and how far behind live. */
function thumbText(
  at: number,
  window: RewindWindow,
  segments: readonly ShowSegment[],
  station: string,
  clock: ClockSetting,
): string {
  const name = showName(segmentAt(segments, at), station);
  if (isAtLiveEdge(at, window)) return t`${name}, live`;
  const time = formatClockTime(new Date(at), clock);
  const behind = localBehind(behindLiveMs(at, window.to));
  return t`${name}, ${time}, ${behind} behind live`;
}

/**
 * Live rewind on Home (issue 31): the last hours as a scrubber with the schedule's show boundaries,
 * **Back 30 seconds**, **Restart this show** and **Go live**. Nothing shows where the server keeps
 * no archive, or before it has recorded anything. Its own chunk: never on Home's first paint.
 */
export default function RewindTimeline() {
  // Re-renders in another language when the listener picks one (the texts below read the active catalog).
  const { t } = useLingui();
  const timeshift = useTimeshift();
  const schedule = useSchedule();
  const { name } = useStation();
  const stationClock = useStationClock();
  const { timeZone } = stationClock;
  const now = useSecondClock();
  /** The thumb while the listener drags or steps it, before it is let go (seconds into the window). */
  const [preview, setPreview] = useState<number | null>(null);
  // The show boundaries move only with the minute (slots are minute-grained), not each second:
  // they are cut for a window reaching to the minute's end.
  const minute = Math.floor(now / MINUTE_MS);
  const segments = useMemo(() => {
    const minuteWindow = timeshift.rewindWindow((minute + 1) * MINUTE_MS);
    return minuteWindow && schedule.status === 'ready'
      ? showSegments(schedule.schedule, minuteWindow, timeZone)
      : [];
  }, [minute, timeshift, schedule, timeZone]);
  const window = timeshift.rewindWindow(now);
  if (!window) return null;

  const heard = timeshift.heardAt(now) ?? window.to;
  const spanS = Math.floor((window.to - window.from) / 1000);
  const heardS = Math.round((Math.min(heard, window.to) - window.from) / 1000);
  const valueS = preview ?? heardS;
  const thumbAt = window.from + valueS * 1000;
  const restartAt = restartShowAt(segments, heard, window);
  const behind = behindLiveMs(heard, now);

  const commit = () => {
    if (preview === null) return;
    setPreview(null);
    timeshift.seekTo(window.from + preview * 1000, 'scrub');
  };
  const keyCommit = (event: KeyboardEvent<HTMLInputElement>) => {
    if (
      ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End'].includes(
        event.key,
      )
    )
      commit();
  };

  return (
    <div className="rewind" aria-label={t`Live rewind`} role="group">
      <div className="rewind__track">
        <ol className="rewind__shows" aria-hidden="true">
          {segments.map((segment) => (
            <li
              key={segment.startMs}
              className="rewind__show"
              style={{
                left: `${((Math.max(segment.startMs, window.from) - window.from) / (window.to - window.from)) * 100}%`,
                width: `${((Math.min(segment.endMs, window.to) - Math.max(segment.startMs, window.from)) / (window.to - window.from)) * 100}%`,
              }}
              title={showName(segment, name)}
            />
          ))}
        </ol>
        <input
          className="rewind__scrubber"
          type="range"
          min={0}
          max={spanS}
          step={STEP_S}
          value={Math.min(spanS, Math.max(0, valueS))}
          aria-label={t`Position in the last hours`}
          aria-valuetext={thumbText(thumbAt, window, segments, name, stationClock)}
          onChange={(event) => setPreview(Number(event.currentTarget.value))}
          onPointerUp={commit}
          onKeyUp={keyCommit}
          onBlur={() => setPreview(null)}
        />
      </div>
      <p className="rewind__thumb" aria-hidden="true">
        {thumbText(thumbAt, window, segments, name, stationClock)}
      </p>
      <div className="rewind__buttons">
        <button type="button" className="rewind__button" onClick={() => timeshift.back()}>
          <Trans>Back 30 seconds</Trans>
        </button>
        {restartAt !== null ? (
          <button
            type="button"
            className="rewind__button"
            onClick={() => timeshift.seekTo(restartAt, 'restart')}
          >
            <Trans>Restart this show</Trans>
          </button>
        ) : null}
        {timeshift.rewound ? (
          <button
            type="button"
            className="rewind__button rewind__button--live"
            onClick={() => timeshift.goLive()}
          >
            <Trans>Go live</Trans>
          </button>
        ) : null}
      </div>
      <p className="rewind__behind" role="status">
        {timeshift.rewound ? behindLiveNotice(behind) : ''}
      </p>
    </div>
  );
}
