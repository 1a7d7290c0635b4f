import { Trans } from '@lingui/react/macro';
import type { SlotRef } from '@onair/core';
import { localSlotTime } from '../../lib/i18n/dates.ts';
import { showLabel } from '../../lib/favorites.ts';
import { useStationClock } from '../../lib/station-clock.ts';
import { CardOpenButton } from '../../ui/CardOpenButton.tsx';
import type { ShowDialogSlot } from '../../ui/ShowDialog.tsx';
import { ShowImage } from '../../ui/ShowImage.tsx';

/** The 'Up next from:' card (spec §2): time, artist, show, genre. */
export function UpNext({ next, onOpen }: { next: SlotRef | null; onOpen: (show: ShowDialogSlot) => void }) {
  const { clock } = useStationClock();
  if (!next) return null;
  const { slot } = next;
  return (
    <section className="home-card home-up-next card-openable" aria-labelledby="home-up-next-title">
      <CardOpenButton label={showLabel(slot)} onOpen={() => onOpen({ day: next.day, slot })} />
      <ShowImage slot={slot} className="home-up-next__image" eager />
      <div className="home-up-next__text">
        <h2 id="home-up-next-title" className="home-up-next__label">
          <Trans>
            Up next from: <span className="home-up-next__time">{localSlotTime(slot.time, clock)}</span>
          </Trans>
        </h2>
        <p className="home-up-next__artist">{slot.artist}</p>
        <p className="home-muted home-up-next__meta">{[slot.show, slot.genre].filter(Boolean).join(' · ')}</p>
      </div>
    </section>
  );
}
