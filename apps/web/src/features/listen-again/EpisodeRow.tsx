import { useLingui } from '@lingui/react/macro';
import { formatClockTime, type Episode } from '@onair/core';
import { Link } from 'react-router';
import { localCalendarDay } from '../../lib/i18n/dates.ts';
import { useStationClock } from '../../lib/station-clock.ts';
import { ShowImage } from '../../ui/ShowImage.tsx';
import { formatLength } from './episode-format.ts';

/** One episode in a list: its show, artist, when it aired (station time) and how long, linking to its page. */
export function EpisodeRow({ episode, withDay = false }: { episode: Episode; withDay?: boolean }) {
  const { t } = useLingui();
  const stationClock = useStationClock();
  const aired = new Date(episode.startsAt);
  const title = episode.show || episode.artist;
  return (
    <li className="episode-row">
      <Link className="episode-row__link" to={`/episodes/${encodeURIComponent(episode.id)}`}>
        <ShowImage slot={episode} className="episode-row__image" />
        <span className="episode-row__text">
          <span className="episode-row__title">{title}</span>
          {episode.show ? <span className="episode-row__artist">{episode.artist}</span> : null}
          <span className="episode-row__meta">
            {withDay ? `${localCalendarDay(aired, stationClock.timeZone)}, ` : ''}
            {formatClockTime(aired, stationClock)} · {formatLength(episode.durationMs)}
            {episode.status === 'recording' ? ` · ${t`Recording now`}` : ''}
            {episode.demo ? ` · ${t`Demo audio, not a recording`}` : ''}
          </span>
        </span>
      </Link>
    </li>
  );
}
