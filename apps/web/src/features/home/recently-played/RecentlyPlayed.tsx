import { Trans, useLingui } from '@lingui/react/macro';
import { isTrackSaved, MUSIC_SERVICES, toggleSavedTrack, type SavedTrack } from '@onair/core';
import { useState } from 'react';
import { useRecentTracks, useTimeshift } from '../../../lib/player/index.ts';
import { useMinuteClock } from '../../../lib/use-minute-clock.ts';
import { useStation } from '../../../lib/station-context.tsx';
import { useStationClock } from '../../../lib/station-clock.ts';
import * as storedLater from '../../../lib/stored-later.ts';
import { useStored } from '../../../lib/use-stored.ts';
import { Modal } from '../../../ui/Modal.tsx';
import '../../../styles/recently-played.css';
import { TrackRow } from './TrackRow.tsx';

/** Rows under Home's track line; the rest open in the full list. */
export const RECENTLY_PLAYED_COMPACT_ROWS = 3;

/**
 * Recently played on Home: the last songs as the listener heard them (the current one first), each
 * with its time on the station's clock, search links on the station's music services and a heart.
 * Saved songs live in this browser (`playfm_saved_tracks`), so saving and the saved list work offline.
 */
export default function RecentlyPlayed() {
  const { t } = useLingui();
  const { station } = useStation();
  const stationClock = useStationClock();
  const tracks = useRecentTracks();
  const [saved, setSaved] = useStored(storedLater.savedTracks);
  const [open, setOpen] = useState(false);
  const services = station?.musicLinks ?? MUSIC_SERVICES;
  const timeshift = useTimeshift();
  const rewindWindow = timeshift.rewindWindow(useMinuteClock().getTime());
  /** A song the rewind window still holds from its start can be played from there. */
  const playFrom = (startedAt: string) => {
    const at = Date.parse(startedAt);
    if (!rewindWindow || !(at >= rewindWindow.from)) return undefined;
    return () => timeshift.seekTo(at, 'play_from_here');
  };

  const toggle = (track: { title: string; artist: string; playedAt: string }) => {
    const entry: SavedTrack = { ...track, savedAt: new Date().toISOString() };
    setSaved(toggleSavedTrack(saved, entry));
  };
  const rows = (list: NonNullable<typeof tracks>) =>
    list.map((track, index) => (
      <TrackRow
        key={`${track.startedAt}-${track.title}`}
        title={track.title}
        artist={track.artist}
        playedAt={track.startedAt}
        stationClock={stationClock}
        current={index === 0}
        services={services}
        saved={isTrackSaved(saved, track)}
        onToggleSaved={() => toggle({ title: track.title, artist: track.artist, playedAt: track.startedAt })}
        onPlayFromHere={playFrom(track.startedAt)}
      />
    ));

  const hasTracks = tracks !== null && tracks.length > 0;
  const savedCount = saved.length;
  if (!hasTracks && saved.length === 0) return null;
  return (
    <section className="home-card recently-played" aria-labelledby="recently-played-title">
      <h2 id="recently-played-title" className="recently-played__title">
        <Trans>Recently played</Trans>
      </h2>
      {hasTracks ? (
        <ul className="recently-played__list">{rows(tracks.slice(0, RECENTLY_PLAYED_COMPACT_ROWS))}</ul>
      ) : null}
      <button type="button" className="recently-played__more" onClick={() => setOpen(true)}>
        {saved.length > 0 ? t`All songs and saved (${savedCount})` : t`All recently played`}
      </button>
      <Modal
        open={open}
        title={t`Recently played`}
        onClose={() => setOpen(false)}
        className="recently-played-modal"
      >
        {hasTracks ? <ul className="recently-played__list">{rows(tracks)}</ul> : null}
        <h3 className="recently-played__subtitle">
          <Trans>Saved songs</Trans>
        </h3>
        {saved.length === 0 ? (
          <p className="recently-played__empty">
            <Trans>No saved songs yet. Tap a heart to keep a song here.</Trans>
          </p>
        ) : (
          <ul className="recently-played__list" aria-label={t`Saved songs`}>
            {saved.map((track) => (
              <TrackRow
                key={`${track.savedAt}-${track.title}`}
                title={track.title}
                artist={track.artist}
                playedAt={track.playedAt}
                stationClock={stationClock}
                services={services}
                saved
                onToggleSaved={() => toggle(track)}
              />
            ))}
          </ul>
        )}
      </Modal>
    </section>
  );
}
