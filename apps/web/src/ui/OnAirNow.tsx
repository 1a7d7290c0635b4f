import { Trans, useLingui } from '@lingui/react/macro';
import { ON_AIR_BADGE, onAirBadge, splitGenres, type SlotRef } from '@onair/core';
import { useId } from 'react';
import { showLabel } from '../lib/favorites.ts';
import '../styles/on-air-now.css';
import { CardOpenButton } from './CardOpenButton.tsx';
import type { ShowDialogSlot } from './ShowDialog.tsx';
import { ShowImage } from './ShowImage.tsx';

/**
 * What is on air now (spec §2), the same card on Home and on the schedule: image, artist, show,
 * genres and the badge ('Now Playing' for the replays). `eager` for Home, where it is above the fold.
 */
export function OnAirNow({
  onAir,
  eager = false,
  onOpen,
}: {
  onAir: SlotRef | null;
  eager?: boolean;
  /** Makes the card open the show's details. */
  onOpen?: (show: ShowDialogSlot) => void;
}) {
  const { t } = useLingui();
  const titleId = useId();
  if (!onAir) {
    return (
      <section className="on-air-now on-air-now--empty" aria-labelledby={titleId}>
        <h2 id={titleId} className="on-air-now__artist">
          <Trans>No show currently on air</Trans>
        </h2>
        <p className="on-air-now__note">
          <Trans>Check the schedule for upcoming shows</Trans>
        </p>
      </section>
    );
  }
  const { slot } = onAir;
  const genres = splitGenres(slot.genre);
  return (
    <section className={`on-air-now${onOpen ? ' card-openable' : ''}`} aria-labelledby={titleId}>
      {onOpen ? (
        <CardOpenButton label={showLabel(slot)} onOpen={() => onOpen({ day: onAir.day, slot })} />
      ) : null}
      <ShowImage slot={slot} className="on-air-now__image" eager={eager} />
      <div className="on-air-now__text">
        <p className="on-air-now__badge">
          <span className="on-air-now__pulse" aria-hidden="true" />
          {onAirBadge(slot) === ON_AIR_BADGE ? t`On Air` : t`Now Playing`}
        </p>
        <h2 id={titleId} className="on-air-now__artist">
          {slot.artist}
        </h2>
        {slot.show ? <p className="on-air-now__show">{slot.show}</p> : null}
        {genres.length > 0 ? (
          <ul className="on-air-now__genres" aria-label={t`Genre`}>
            {genres.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
