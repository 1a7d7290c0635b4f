import { Trans, useLingui } from '@lingui/react/macro';
import {
  favoriteId,
  formatClockTime,
  nextReminderAt,
  showSlug,
  splitGenres,
  type ShowSlot,
  type Weekday,
} from '@onair/core';
import { useParams } from 'react-router';
import { showLabel, toggleFavorite, useFavoriteIds } from '../../lib/favorites.ts';
import { useMinuteClock } from '../../lib/use-minute-clock.ts';
import { useSchedule } from '../../lib/use-schedule.tsx';
import { localCalendarDay } from '../../lib/i18n/dates.ts';
import { useStationClock } from '../../lib/station-clock.ts';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { ShowImage } from '../../ui/ShowImage.tsx';
import '../../styles/listen-again.css';
import '../../styles/show-dialog.css';
import { EpisodeRow } from './EpisodeRow.tsx';
import { EpisodesLoad } from './EpisodesLoad.tsx';
import { fetchEpisodes, useLoaded } from '../../lib/episodes-api.ts';

/** How many of a show's episodes its page lists. */
export const SHOW_PAGE_EPISODES = 20;

/** The show's slots of the week with the slug, and the next of their airings. */
function findShow(
  schedule: readonly { day: Weekday; shows: ShowSlot[] }[],
  slug: string,
  now: Date,
  timeZone: string,
) {
  let slot: ShowSlot | null = null;
  let next: Date | null = null;
  for (const day of schedule)
    for (const candidate of day.shows) {
      if (showSlug(showLabel(candidate)) !== slug) continue;
      slot ??= candidate;
      const starts = nextReminderAt(candidate, day.day, now, timeZone, 0);
      if (starts && (next === null || starts < next)) {
        next = starts;
        slot = candidate;
      }
    }
  return { slot, next };
}

/** A show's page (route /shows/:slug): the show, its next airing, the favourite heart and its episodes. */
export function ShowScreen() {
  const { slug = '' } = useParams();
  const { t } = useLingui();
  const stationClock = useStationClock();
  const { timeZone } = stationClock;
  const schedule = useSchedule();
  const now = useMinuteClock();
  const favorites = useFavoriteIds();
  const [episodes, retry] = useLoaded(`show:${slug}`, (signal) =>
    fetchEpisodes({ show: slug, limit: SHOW_PAGE_EPISODES }, signal),
  );
  const { slot, next } =
    schedule.status === 'ready'
      ? findShow(schedule.schedule, slug, now, timeZone)
      : { slot: null, next: null };
  const firstEpisode = episodes.state === 'ready' ? episodes.value[0] : undefined;
  const shown: ShowSlot | null = slot ?? (firstEpisode ? { ...firstEpisode, time: '' } : null);
  const title = shown ? showLabel(shown) : t`Show`;
  const favorite = shown ? favorites.includes(favoriteId(shown)) : false;
  const genres = shown ? splitGenres(shown.genre) : [];
  const nextDay = next ? localCalendarDay(next, timeZone) : '';
  const nextTime = next ? formatClockTime(next, stationClock) : '';

  return (
    <section className="screen show-page" aria-labelledby="screen-title">
      <ScreenHeader title={title} />
      {shown ? (
        <div className="home-card episode__card">
          <ShowImage slot={shown} className="episode__image" eager />
          <div className="episode__facts">
            {shown.show ? <p className="episode__artist">{shown.artist}</p> : null}
            {genres.length > 0 ? <p className="episode__aired">{genres.join(' · ')}</p> : null}
            <p className="episode__aired">
              {next ? t`Next on air: ${nextDay}, ${nextTime}` : t`Not on this week’s schedule.`}
            </p>
          </div>
          <button
            type="button"
            className="show-dialog__heart"
            aria-pressed={favorite}
            onClick={() => void toggleFavorite(shown)}
          >
            {favorite ? t`♥ Favorite` : t`♡ Favorite`}
          </button>
        </div>
      ) : null}
      <section className="listen-again__section" aria-labelledby="show-episodes-title">
        <h2 id="show-episodes-title" className="listen-again__heading">
          <Trans>Episodes</Trans>
        </h2>
        <EpisodesLoad episodes={episodes} retry={retry} empty={<Trans>No episodes of this show yet.</Trans>}>
          {(list) => (
            <ul className="listen-again__list">
              {list.map((episode) => (
                <EpisodeRow key={episode.id} episode={episode} withDay />
              ))}
            </ul>
          )}
        </EpisodesLoad>
      </section>
    </section>
  );
}
