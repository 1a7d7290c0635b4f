import { Trans, useLingui } from '@lingui/react/macro';
import { type ClockStyle, type ShowSlot } from '@onair/core';
import { localSlotTime } from '../../lib/i18n/dates.ts';
import { showLabel } from '../../lib/favorites.ts';
import { Link } from 'react-router';
import { CardOpenButton } from '../../ui/CardOpenButton.tsx';
import { ShowImage } from '../../ui/ShowImage.tsx';

interface SlotCardProps {
  slot: ShowSlot;
  /** The station's clock: the slot's time is written on it. */
  clock: ClockStyle;
  onAir: boolean;
  favorite: boolean;
  onToggleFavorite: () => void;
  /** Opens the slot's details (the whole card is the target). */
  onOpen: () => void;
  /** Present only in the admin's Manage mode; `deleting` while this slot's delete is queued or saving. */
  admin?: { onEdit: () => void; onDelete: () => void; deleting: boolean } | undefined;
  /** This week's airing was kept as an episode: the card links to it. */
  episodeId?: string | undefined;
}

export function SlotCard({
  slot,
  clock,
  onAir,
  favorite,
  onToggleFavorite,
  onOpen,
  admin,
  episodeId,
}: SlotCardProps) {
  const { t } = useLingui();
  const label = showLabel(slot);
  return (
    <li className={`slot-card card-openable${onAir ? ' slot-card--on-air' : ''}`}>
      <CardOpenButton label={label} onOpen={onOpen} />
      <ShowImage slot={slot} className="slot-card__image" />
      <div className="slot-card__text">
        <p className="slot-card__time">
          {localSlotTime(slot.time, clock)}
          {/* The slide marks the current slot 'On Air' whatever it is (spec §2); the card above says 'Now Playing' for replays. */}
          {onAir ? <span className="slot-card__badge">{t`On Air`}</span> : null}
        </p>
        <p className="slot-card__artist">{slot.artist}</p>
        {slot.show ? <p className="slot-card__show">{slot.show}</p> : null}
        {slot.genre ? <p className="slot-card__genre">{slot.genre}</p> : null}
        {episodeId ? (
          <Link
            className="pill-button slot-card__episode"
            to={`/episodes/${encodeURIComponent(episodeId)}`}
            aria-label={t`Listen again: ${label}`}
          >
            <Trans>Listen again</Trans>
          </Link>
        ) : null}
        {admin ? (
          <div className="slot-card__admin">
            <button
              type="button"
              className="pill-button"
              onClick={admin.onEdit}
              aria-label={t`Edit ${label}`}
            >
              <Trans>Edit</Trans>
            </button>
            <button
              type="button"
              className="pill-button pill-button--danger"
              onClick={admin.onDelete}
              aria-label={t`Delete ${label}`}
              aria-busy={admin.deleting}
              disabled={admin.deleting}
            >
              {admin.deleting ? t`Deleting…` : t`Delete`}
            </button>
          </div>
        ) : null}
      </div>
      <button
        type="button"
        className={`heart-button${favorite ? ' heart-button--on' : ''}`}
        onClick={onToggleFavorite}
        aria-label={favorite ? t`Remove ${label} from favourites` : t`Add ${label} to favourites`}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path
            d="M12 20.5s-7.5-4.6-9.3-9.2C1.5 8 3.6 4.5 7.1 4.5c2 0 3.6 1.1 4.9 2.9 1.3-1.8 2.9-2.9 4.9-2.9 3.5 0 5.6 3.5 4.4 6.8-1.8 4.6-9.3 9.2-9.3 9.2z"
            fill={favorite ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
      </button>
    </li>
  );
}
