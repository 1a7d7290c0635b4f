import { Trans, useLingui } from '@lingui/react/macro';
import { continueListening, episodesByDay, type EpisodeProgress } from '@onair/core';
import { Link } from 'react-router';
import { localCalendarDay } from '../../lib/i18n/dates.ts';
import { useStationClock } from '../../lib/station-clock.ts';
import * as storedLater from '../../lib/stored-later.ts';
import { useStored } from '../../lib/use-stored.ts';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { ShowImage } from '../../ui/ShowImage.tsx';
import '../../styles/listen-again.css';
import { EpisodeRow } from './EpisodeRow.tsx';
import { EpisodesLoad } from './EpisodesLoad.tsx';
import { formatLength } from './episode-format.ts';
import { fetchEpisodes, useLoaded } from '../../lib/episodes-api.ts';

/** How many recent episodes the screen lists. */
export const LISTEN_AGAIN_EPISODES = 50;

/**
 * Listen again (route /listen-again): the episodes the station kept, newest day first, and above
 * them the ones this listener started ("Continue listening", kept in this browser).
 */
export function ListenAgainScreen() {
  const { t } = useLingui();
  const { timeZone } = useStationClock();
  const [progress] = useStored(storedLater.episodeProgress);
  const started = continueListening(progress);
  const [episodes, retry] = useLoaded('recent', (signal) =>
    fetchEpisodes({ limit: LISTEN_AGAIN_EPISODES }, signal),
  );

  return (
    <section className="screen listen-again" aria-labelledby="screen-title">
      <ScreenHeader title={t`Listen again`} />
      {started.length > 0 ? (
        <section className="listen-again__section" aria-labelledby="continue-title">
          <h2 id="continue-title" className="listen-again__heading">
            <Trans>Continue listening</Trans>
          </h2>
          <ul className="listen-again__continue">
            {started.map((entry) => (
              <ContinueRow key={entry.id} entry={entry} />
            ))}
          </ul>
        </section>
      ) : null}
      <EpisodesLoad
        episodes={episodes}
        retry={retry}
        empty={<Trans>No episodes yet. Shows appear here once they have aired.</Trans>}
      >
        {(list) =>
          episodesByDay(list, timeZone).map((day) => {
            const first = day.episodes[0]!;
            const id = `day-${day.date.year}-${day.date.month}-${day.date.day}`;
            return (
              <section key={id} className="listen-again__section" aria-labelledby={id}>
                <h2 id={id} className="listen-again__heading">
                  {localCalendarDay(new Date(first.startsAt), timeZone)}
                </h2>
                <ul className="listen-again__list">
                  {day.episodes.map((episode) => (
                    <EpisodeRow key={episode.id} episode={episode} />
                  ))}
                </ul>
              </section>
            );
          })
        }
      </EpisodesLoad>
    </section>
  );
}

function ContinueRow({ entry }: { entry: EpisodeProgress }) {
  const { t } = useLingui();
  const title = entry.show || entry.artist;
  const left = formatLength(entry.durationMs - entry.positionMs);
  return (
    <li className="episode-row">
      <Link className="episode-row__link" to={`/episodes/${encodeURIComponent(entry.id)}`}>
        <ShowImage slot={entry} className="episode-row__image" />
        <span className="episode-row__text">
          <span className="episode-row__title">{title}</span>
          <span className="episode-row__meta">{t`${left} left`}</span>
          <progress
            className="episode-row__progress"
            max={entry.durationMs}
            value={entry.positionMs}
            aria-label={t`${title}: listened`}
          />
        </span>
      </Link>
    </li>
  );
}
