import { Trans, useLingui } from '@lingui/react/macro';
import { formatClockTime, trackSearchLinks, type ClockSetting, type MusicService } from '@onair/core';
import { useId } from 'react';

export interface TrackRowProps {
  title: string;
  artist: string;
  /** When it played (ISO); shown on the station's clock, like every time the app shows. */
  playedAt: string;
  stationClock: ClockSetting;
  /** The track the listener hears now: labelled so rather than timed. */
  current?: boolean;
  services: readonly MusicService[];
  saved: boolean;
  onToggleSaved: () => void;
  /** Live rewind reaches the song's start: **Play from here** plays it from there. */
  onPlayFromHere?: (() => void) | undefined;
}

/** The time a song began on the station's clock: the same reading as the on-air card's (core station-time.ts). */
function playedTime(iso: string, stationClock: ClockSetting): string {
  const time = new Date(iso);
  return Number.isFinite(time.getTime()) ? formatClockTime(time, stationClock) : '';
}

/** One played song: when, what, where to find it, and the heart that keeps it. */
export function TrackRow({
  title,
  artist,
  playedAt,
  stationClock,
  current = false,
  services,
  saved,
  onToggleSaved,
  onPlayFromHere,
}: TrackRowProps) {
  const { t } = useLingui();
  const searchLabel = (service: string, song: string) => t`${service}: search ${song}`;
  const links = trackSearchLinks({ title, artist }, services);
  const textId = useId();
  const name =
    title.trim() !== '' && artist.trim() !== ''
      ? t`${title} by ${artist}`
      : title.trim() !== ''
        ? title
        : artist;
  return (
    <li className="recent-track">
      {current ? (
        <span className="recent-track__time recent-track__time--now">
          <Trans>Now</Trans>
        </span>
      ) : (
        <time className="recent-track__time" dateTime={playedAt}>
          {playedTime(playedAt, stationClock)}
        </time>
      )}
      <p className="recent-track__text" id={textId}>
        <span className="recent-track__title">{title || artist}</span>
        {title ? <span className="recent-track__artist">{artist}</span> : null}
      </p>
      <button
        type="button"
        className={`recent-track__heart${saved ? ' recent-track__heart--on' : ''}`}
        aria-pressed={saved}
        aria-label={t`Save ${name}`}
        onClick={onToggleSaved}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            d="M12 20.5s-7.5-4.6-9.2-9.3C1.7 8 3.9 4.5 7.4 4.5c2 0 3.5 1.1 4.6 2.6 1.1-1.5 2.6-2.6 4.6-2.6 3.5 0 5.7 3.5 4.6 6.7-1.7 4.7-9.2 9.3-9.2 9.3z"
            stroke="currentColor"
            strokeWidth="1.8"
            fill={saved ? 'currentColor' : 'none'}
          />
        </svg>
      </button>
      {onPlayFromHere ? (
        <button
          type="button"
          className="recent-track__play-from"
          aria-describedby={textId}
          onClick={onPlayFromHere}
        >
          <Trans>Play from here</Trans>
        </button>
      ) : null}
      {links.length > 0 ? (
        <ul className="recent-track__links" aria-label={t`Find ${name}`}>
          {links.map((link) => (
            <li key={link.service}>
              <a
                className="recent-track__link"
                href={link.url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={searchLabel(link.name, name)}
              >
                {link.name}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
