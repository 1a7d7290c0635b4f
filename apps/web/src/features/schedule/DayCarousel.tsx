import { CAROUSEL_SPACE_BETWEEN_PX, CAROUSEL_SPEED_MS, favoriteId, type Schedule, type ShowSlot, type SlotRef, type Weekday } from '@onair/core';
import { useEffect, useRef, useState } from 'react';
import { A11y, EffectCoverflow, Keyboard } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Swiper as SwiperInstance } from 'swiper';
import 'swiper/css';
import 'swiper/css/a11y';
import 'swiper/css/effect-coverflow';
import { SlotCard } from './SlotCard.tsx';

export interface SlotActions {
  onEdit: (day: Weekday, index: number, slot: ShowSlot) => void;
  onDelete: (day: Weekday, index: number, slot: ShowSlot) => void;
  onAdd: (day: Weekday) => void;
  /** True while this slot's delete is queued or saving. */
  isDeleting: (day: Weekday, slot: ShowSlot) => boolean;
}

interface DayCarouselProps {
  schedule: Schedule;
  /** Today in station time: its tab and slide say so. */
  today: Weekday;
  /** The slide the carousel opens on (core's scheduleOpeningDay: the day listing the show on air). */
  openingDay: Weekday;
  onAir: SlotRef | null;
  favorites: readonly string[];
  onToggleFavorite: (slot: ShowSlot) => void;
  /** A tap on a slot: its details. */
  onOpen: (day: Weekday, slot: ShowSlot) => void;
  /** Set in the admin's Manage mode. */
  manage: SlotActions | null;
}

/**
 * With slidesPerView 'auto', Swiper updates itself — every slide measured, a forced layout — on each
 * image that loads inside it, in case a slide is sized by its content. Ours are sized by CSS
 * (`.day-slide` width), so each update only costs: one per show image, 15–25 ms each on this 2-core
 * machine, a long task each on a slow phone. Its listener (the instance's `onLoad`, on the
 * container in the capture phase, attached at init) is removed.
 */
function ignoreImageLoads(instance: SwiperInstance): void {
  const { onLoad } = instance as SwiperInstance & { onLoad?: EventListener };
  if (!onLoad) return;
  instance.el.removeEventListener('load', onLoad, { capture: true });
  instance.el.removeEventListener('error', onLoad, { capture: true });
}

/** One coverflow slide per weekday, Monday first (the schedule is stored Monday first). */
export function DayCarousel({ schedule, today, openingDay, onAir, favorites, onToggleFavorite, onOpen, manage }: DayCarouselProps) {
  const openingIndex = Math.max(0, schedule.findIndex((entry) => entry.day === openingDay));
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [active, setActive] = useState(openingIndex);
  /** The listener picked a day (tab, swipe, keys): the carousel then stays where they put it. */
  const chosen = useRef(false);
  const choose = () => {
    chosen.current = true;
  };

  // Until the listener picks a day, the carousel follows the opening day: it opens on the server's
  // day (the hydrated first render reads the server's clock) and moves to the device's in the render
  // after, and at midnight it moves on to the new day.
  useEffect(() => {
    if (swiper && !chosen.current && swiper.activeIndex !== openingIndex) swiper.slideTo(openingIndex, 0);
  }, [swiper, openingIndex]);

  return (
    <div className="day-carousel">
      <nav className="day-tabs" aria-label="Days">
        {schedule.map((entry, index) => (
          <button
            key={entry.day}
            type="button"
            className={`day-tabs__tab${index === active ? ' day-tabs__tab--active' : ''}`}
            aria-current={index === active ? 'true' : undefined}
            onClick={() => {
              choose();
              swiper?.slideTo(index);
            }}
          >
            {/* The visible text stays the start of the name (WCAG label-in-name): 'Mon', 'Mon (today)'. */}
            {entry.day.slice(0, 3)}
            {entry.day === today ? <span className="visually-hidden"> (today)</span> : null}
          </button>
        ))}
      </nav>
      <Swiper
        className="day-carousel__swiper"
        modules={[EffectCoverflow, Keyboard, A11y]}
        effect="coverflow"
        centeredSlides
        slidesPerView="auto"
        speed={CAROUSEL_SPEED_MS}
        spaceBetween={CAROUSEL_SPACE_BETWEEN_PX}
        initialSlide={openingIndex}
        keyboard={{ enabled: true }}
        coverflowEffect={{ rotate: 24, stretch: 0, depth: 140, modifier: 1, slideShadows: false }}
        // slideLabelMessage '' keeps each slide named by its day (Swiper would rename them '1 / 7').
        a11y={{ prevSlideMessage: 'Previous day', nextSlideMessage: 'Next day', slideRole: 'group', slideLabelMessage: '' }}
        onSwiper={(instance) => {
          ignoreImageLoads(instance);
          setSwiper(instance);
        }}
        onSliderFirstMove={choose}
        onKeyPress={choose}
        onSlideChange={(instance) => setActive(instance.activeIndex)}
      >
        {schedule.map((entry) => (
          <SwiperSlide key={entry.day} className="day-slide" aria-label={entry.day}>
            <h2 className="day-slide__title">
              {entry.day}
              {entry.day === today ? <span className="day-slide__today">Today</span> : null}
            </h2>
            {entry.shows.length === 0 ? <p className="day-slide__empty">No shows this day.</p> : null}
            <ul className="day-slide__slots">
              {entry.shows.map((slot, index) => (
                <SlotCard
                  key={`${index}-${slot.time}-${slot.artist}`}
                  slot={slot}
                  onAir={onAir !== null && onAir.day === entry.day && onAir.index === index}
                  favorite={favorites.includes(favoriteId(slot))}
                  onToggleFavorite={() => onToggleFavorite(slot)}
                  onOpen={() => onOpen(entry.day, slot)}
                  admin={
                    manage
                      ? {
                          onEdit: () => manage.onEdit(entry.day, index, slot),
                          onDelete: () => manage.onDelete(entry.day, index, slot),
                          deleting: manage.isDeleting(entry.day, slot),
                        }
                      : undefined
                  }
                />
              ))}
            </ul>
            {manage ? (
              <button
                type="button"
                className="pill-button pill-button--add"
                onClick={() => manage.onAdd(entry.day)}
                aria-label={`Add New Show on ${entry.day}`}
              >
                Add New Show
              </button>
            ) : null}
          </SwiperSlide>
        ))}
      </Swiper>
    </div>
  );
}
