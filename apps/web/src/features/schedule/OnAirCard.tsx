import type { SlotRef } from '@onair/core';
import { ShowImage } from '../../ui/ShowImage.tsx';

/** What is on air right now, by station time; re-rendered by the screen's minute clock. */
export function OnAirCard({ onAir }: { onAir: SlotRef | null }) {
  if (!onAir) {
    return (
      <section className="on-air-card on-air-card--empty" aria-label="On air now">
        <p className="on-air-card__artist">No show currently on air</p>
        <p className="on-air-card__meta">Check the schedule for upcoming shows</p>
      </section>
    );
  }
  const { slot } = onAir;
  return (
    <section className="on-air-card" aria-label="On air now">
      <ShowImage slot={slot} className="on-air-card__image" />
      <div className="on-air-card__text">
        <p className="on-air-card__badge">
          <span className="on-air-card__pulse" aria-hidden="true" />
          On Air
        </p>
        <p className="on-air-card__artist">{slot.artist}</p>
        <p className="on-air-card__meta">{[slot.show, slot.genre].filter(Boolean).join(' · ')}</p>
        <p className="on-air-card__time">{slot.time}</p>
      </div>
    </section>
  );
}
