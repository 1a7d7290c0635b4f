import { Trans, useLingui } from '@lingui/react/macro';
import {
  episodePath,
  formatClockTime,
  episodeTrackIndexAt,
  REWIND_STEP_MS,
  resumePositionMs,
  showSlug,
  type Episode,
} from '@onair/core';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api-client.ts';
import { useEpisodePlayer } from '../../lib/player/index.ts';
import { shareLink } from '../../lib/share-link.ts';
import { readStored } from '../../lib/storage.ts';
import * as storedLater from '../../lib/stored-later.ts';
import { localCalendarDay } from '../../lib/i18n/dates.ts';
import { useStationClock } from '../../lib/station-clock.ts';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { ShowImage } from '../../ui/ShowImage.tsx';
import { useToast } from '../../ui/toast.tsx';
import '../../styles/listen-again.css';
import { formatLength, formatPosition } from './episode-format.ts';
import { fetchEpisode, useLoaded } from '../../lib/episodes-api.ts';

/** `?t=<seconds>` of a shared link, or null. */
function sharedStartMs(value: string | null): number | null {
  if (value === null || !/^\d{1,6}$/.test(value)) return null;
  return Number(value) * 1000;
}

/** An episode's page (route /episodes/:id): play and seek it, its tracklist, and a link to share. */
export function EpisodeScreen() {
  const { id = '' } = useParams();
  const [episode, retry] = useLoaded(`episode:${id}`, (signal) => fetchEpisode(id, signal));
  const { t } = useLingui();
  if (episode.state === 'loading')
    return (
      <section className="screen" aria-labelledby="screen-title">
        <ScreenHeader title={t`Episode`} />
        <p className="screen__note" role="status">
          <Trans>Loading the episode…</Trans>
        </p>
      </section>
    );
  if (episode.state === 'failed') {
    // 400: not an episode id; 404: none such, hidden or no longer public.
    const missing =
      episode.error instanceof ApiError && (episode.error.status === 404 || episode.error.status === 400);
    return (
      <section className="screen" aria-labelledby="screen-title">
        <ScreenHeader title={t`Episode`} />
        <div className="screen__note" role="alert">
          <p>
            {missing
              ? t`This episode is not available.`
              : t`Couldn’t load the episode. Check your connection and try again.`}
          </p>
          {missing ? (
            <Link to="/listen-again">
              <Trans>See all episodes</Trans>
            </Link>
          ) : (
            <button type="button" className="listen-again__retry" onClick={retry}>
              <Trans>Try again</Trans>
            </button>
          )}
        </div>
      </section>
    );
  }
  return <EpisodeView episode={episode.value} />;
}

function EpisodeView({ episode }: { episode: Episode }) {
  const { t } = useLingui();
  const stationClock = useStationClock();
  const aired = new Date(episode.startsAt);
  const player = useEpisodePlayer();
  const toast = useToast();
  const [search] = useSearchParams();
  const loaded = player.episode?.episode.id === episode.id ? player.episode : null;
  const shared = sharedStartMs(search.get('t'));
  // Before it plays here: the shared moment, else where this listener left it, else the start.
  const [idleAt, setIdleAt] = useState(
    () => shared ?? resumePositionMs(readStored(storedLater.episodeProgress), episode.id),
  );
  const positionMs = loaded ? loaded.positionMs : idleAt;
  const playing = loaded !== null && (loaded.state === 'playing' || loaded.state === 'loading');
  const title = episode.show || episode.artist;
  const position = formatPosition(positionMs);
  const length = formatPosition(episode.durationMs);
  const { show } = episode;
  const current = episodeTrackIndexAt(episode.tracks, episode.startsAt, positionMs);

  const seek = (ms: number) => {
    const clamped = Math.max(0, Math.min(ms, episode.durationMs));
    if (loaded) player.seek(clamped);
    else setIdleAt(clamped);
  };
  const playFrom = (ms: number) => player.play(episode, Math.max(0, Math.min(ms, episode.durationMs)));

  return (
    <section className="screen episode" aria-labelledby="screen-title">
      <ScreenHeader title={title} />
      <div className="home-card episode__card">
        <ShowImage slot={episode} className="episode__image" eager />
        <div className="episode__facts">
          {episode.show ? <p className="episode__artist">{episode.artist}</p> : null}
          <p className="episode__aired">
            {localCalendarDay(aired, stationClock.timeZone)}, {formatClockTime(aired, stationClock)} ·{' '}
            {formatLength(episode.durationMs)}
          </p>
          {episode.status === 'recording' ? (
            <p className="episode__note">
              <Trans>Still on air: recording now.</Trans>
            </p>
          ) : null}
          {episode.demo ? (
            <p className="episode__note">
              <Trans>
                A demo episode: the demo station’s own audio, generated at its first start, not a recording.
              </Trans>
            </p>
          ) : null}
          {episode.show ? (
            <Link className="episode__show-link" to={`/shows/${showSlug(episode.show)}`}>
              <Trans>More from {show}</Trans>
            </Link>
          ) : null}
        </div>
        <div className="episode__controls">
          <button
            type="button"
            className="episode__play"
            onClick={() => (playing ? player.pause() : playFrom(positionMs))}
          >
            {playing ? t`Pause episode` : t`Play episode`}
          </button>
          <button type="button" className="episode__button" onClick={() => seek(positionMs - REWIND_STEP_MS)}>
            <Trans>Back 30 seconds</Trans>
          </button>
          <button type="button" className="episode__button" onClick={() => seek(positionMs + REWIND_STEP_MS)}>
            <Trans>Forward 30 seconds</Trans>
          </button>
          <button
            type="button"
            className="episode__button"
            onClick={() =>
              void shareLink(
                window.location.origin + episodePath(episode.id, positionMs / 1000),
                title,
                toast.show,
              )
            }
          >
            {t`Share from ${position}`}
          </button>
        </div>
        <input
          className="episode__scrubber"
          type="range"
          min={0}
          max={Math.floor(episode.durationMs / 1000)}
          step={1}
          value={Math.floor(positionMs / 1000)}
          aria-label={t`Position in the episode`}
          aria-valuetext={t`${position} of ${length}`}
          onChange={(event) => seek(Number(event.currentTarget.value) * 1000)}
        />
        <p className="episode__time" aria-hidden="true">
          {formatPosition(positionMs)} / {formatPosition(episode.durationMs)}
        </p>
        {loaded?.error ? (
          <p className="episode__note" role="alert">
            {loaded.error}
          </p>
        ) : null}
      </div>
      {episode.tracks.length > 0 ? (
        <section className="home-card episode__tracks" aria-labelledby="tracklist-title">
          <h2 id="tracklist-title" className="listen-again__heading">
            <Trans>Tracklist</Trans>
          </h2>
          <ol className="episode__tracklist">
            {episode.tracks.map((track, index) => {
              const offset = Math.max(0, track.at - episode.startsAt);
              return (
                <li key={`${track.at}-${index}`}>
                  <button
                    type="button"
                    className="episode__track"
                    aria-current={index === current ? 'true' : undefined}
                    onClick={() => playFrom(offset)}
                  >
                    <span className="episode__track-time">{formatPosition(offset)}</span>
                    <span className="episode__track-title">{track.title || track.artist}</span>
                    {track.title ? <span className="episode__track-artist">{track.artist}</span> : null}
                  </button>
                </li>
              );
            })}
          </ol>
        </section>
      ) : null}
    </section>
  );
}
