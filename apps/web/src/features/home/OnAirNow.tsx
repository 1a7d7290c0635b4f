import { isReplaySlot, type SlotRef } from '@onair/core';
import { ShowImage } from '../../ui/ShowImage.tsx';

function Genres({ genre }: { genre: string }) {
  const genres = genre
    .split('/')
    .map((part) => part.trim())
    .filter(Boolean);
  if (genres.length === 0) return null;
  return (
    <ul className="home-genres" aria-label="Genre">
      {genres.map((name) => (
        <li key={name}>{name}</li>
      ))}
    </ul>
  );
}

/** Spec §2: image, artist, show, genre and the badge; the replay filler reads 'Now Playing'. */
export function OnAirNow({ onAir }: { onAir: SlotRef | null }) {
  if (!onAir) {
    return (
      <section className="home-card home-on-air home-on-air--empty" aria-labelledby="home-on-air-title">
        <h2 id="home-on-air-title" className="home-on-air__artist">
          No show currently on air
        </h2>
        <p className="home-muted">Check the schedule for upcoming shows</p>
      </section>
    );
  }
  const { slot } = onAir;
  return (
    <section className="home-card home-on-air" aria-labelledby="home-on-air-title">
      <ShowImage slot={slot} className="home-on-air__image" eager />
      <div className="home-on-air__text">
        <p className="home-badge">
          <span className="home-badge__pulse" aria-hidden="true" />
          {isReplaySlot(slot) ? 'Now Playing' : 'On Air'}
        </p>
        <h2 id="home-on-air-title" className="home-on-air__artist">
          {slot.artist}
        </h2>
        {slot.show ? <p className="home-on-air__show">{slot.show}</p> : null}
        <Genres genre={slot.genre} />
      </div>
    </section>
  );
}

export function UpNext({ next }: { next: SlotRef | null }) {
  if (!next) return null;
  const { slot } = next;
  return (
    <section className="home-card home-up-next" aria-labelledby="home-up-next-title">
      <ShowImage slot={slot} className="home-up-next__image" eager />
      <div className="home-up-next__text">
        <h2 id="home-up-next-title" className="home-up-next__label">
          Up next from: <span className="home-up-next__time">{slot.time}</span>
        </h2>
        <p className="home-up-next__artist">{slot.artist}</p>
        <p className="home-muted home-up-next__meta">{[slot.show, slot.genre].filter(Boolean).join(' · ')}</p>
      </div>
    </section>
  );
}
