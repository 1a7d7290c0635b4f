import { Trans, useLingui } from '@lingui/react/macro';
import { weekdayName } from '../../lib/i18n/weekday.ts';
import {
  CAROUSEL_SPACE_BETWEEN_PX,
  favoriteId,
  type ClockStyle,
  type Schedule,
  type ShowSlot,
  type SlotRef,
  type Weekday,
} from '@onair/core';
import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { inlineSign, useSnapPager } from '../../ui/use-snap-pager.ts';
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
  /** The station's clock (lib/station-clock.ts): slot times are written on it. */
  clock: ClockStyle;
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
  /** The episode of each slot aired in the past week, where there is one (Listen again). */
  pastEpisodes?: ReadonlyMap<ShowSlot, { id: string }> | null;
}

/**
 * The scrollLeft that centres day `index` (the track's side padding lets Monday and Sunday centre too).
 * Right to left too: offsetLeft and scrollLeft are both counted from where the row starts.
 */
function centred(track: HTMLElement, index: number): number {
  const slide = track.children[index];
  return slide instanceof HTMLElement ? slide.offsetLeft + slide.offsetWidth / 2 - track.clientWidth / 2 : 0;
}

/**
 * Whether the browser scrolled the opening day into view itself on the track's first layout (CSS
 * `scroll-initial-target`, Chromium 133+), so it is in place in the prerendered page's first paint.
 * Elsewhere the app puts it there when it starts.
 */
function browserPlacesOpeningDay(): boolean {
  return (
    typeof CSS !== 'undefined' &&
    typeof CSS.supports === 'function' &&
    CSS.supports('scroll-initial-target', 'nearest')
  );
}

/** Keys that belong to what has the focus: arrows there move a caret or a choice, not the days. */
const KEYS_KEPT_BY = 'input, textarea, select, [contenteditable]:not([contenteditable="false"]), dialog';
/** Left to right; right to left (`dir="rtl"`) Monday is at the right, so the arrows step the other way. */
const ARROW_STEPS: Readonly<Record<string, number>> = { ArrowLeft: -1, ArrowRight: 1 };

/**
 * One slide per weekday, Monday first (the schedule is stored Monday first), in a row the browser
 * pages by its own scroll snapping: a swipe is native touch scrolling, the day tabs and the arrow keys
 * scroll to a day. The coverflow (neighbours turned and smaller) is a scroll-driven CSS animation where
 * the browser has one, flat paging elsewhere and under reduced motion (schedule-screen.css): no
 * script runs while the listener swipes.
 */
export function DayCarousel({
  schedule,
  clock,
  today,
  openingDay,
  onAir,
  favorites,
  onToggleFavorite,
  onOpen,
  manage,
  pastEpisodes = null,
}: DayCarouselProps) {
  const { t } = useLingui();
  const openingIndex = Math.max(
    0,
    schedule.findIndex((entry) => entry.day === openingDay),
  );
  /** The slide the browser scrolls to on the track's first layout: fixed, so the markup never moves it. */
  const [firstOpening] = useState(openingIndex);
  const pager = useSnapPager<HTMLDivElement>(schedule.length, openingIndex, centred);
  /** The listener picked a day (tab, swipe, keys): the carousel then stays where they put it. */
  const chosen = useRef(false);
  const started = useRef(false);

  // Until the listener picks a day, the carousel follows the opening day: it opens on the server's
  // day (the hydrated first render reads the server's clock) and moves to the device's in the render
  // after, and at midnight it moves on to the new day. At once, before the frame is drawn.
  useLayoutEffect(() => {
    const first = !started.current;
    started.current = true;
    const shown = pager.inView();
    if (chosen.current || shown === null) return;
    if (first && shown !== openingIndex && browserPlacesOpeningDay()) {
      // The browser had opened on this day: the listener swiped away before the app ran.
      chosen.current = true;
      pager.sync();
    } else if (shown !== openingIndex || pager.current !== openingIndex) {
      pager.goTo(openingIndex, true);
    }
    // Only a new opening day moves the carousel; the pager is new each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [openingIndex]);

  const goTo = (index: number) => {
    chosen.current = true;
    pager.goTo(index);
  };

  // The arrow keys move between days wherever the focus is on the page, as they did with Swiper.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const step = ARROW_STEPS[event.key];
      if (!step || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey)
        return;
      if (event.target instanceof Element && event.target.closest(KEYS_KEPT_BY)) return;
      event.preventDefault();
      const track = pager.scroller.ref.current;
      goTo(pager.current + step * (track ? inlineSign(track) : 1));
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  });

  return (
    <div className="day-carousel" style={{ '--day-gap': `${CAROUSEL_SPACE_BETWEEN_PX}px` } as CSSProperties}>
      <nav className="day-tabs" aria-label={t`Days`}>
        {schedule.map((entry, index) => (
          <button
            key={entry.day}
            type="button"
            className={`day-tabs__tab${index === pager.current ? ' day-tabs__tab--active' : ''}`}
            aria-current={index === pager.current ? 'true' : undefined}
            onClick={() => goTo(index)}
          >
            {/* The visible text stays the start of the name (WCAG label-in-name): 'Mon', 'Mon (today)'. */}
            {weekdayName(entry.day, 'short')}
            {entry.day === today ? (
              <span className="visually-hidden">
                {' '}
                <Trans>(today)</Trans>
              </span>
            ) : null}
          </button>
        ))}
      </nav>
      <div
        {...pager.scroller}
        className="day-carousel__track"
        onScroll={() => {
          pager.scroller.onScroll();
          // A swipe (or a focus moving into another day) that lands away from the opening day picks it.
          if (pager.inView() !== openingIndex) chosen.current = true;
        }}
      >
        {schedule.map((entry, index) => (
          <div
            key={entry.day}
            role="group"
            aria-label={weekdayName(entry.day)}
            className={`day-slide${index === firstOpening ? ' day-slide--opening' : ''}`}
          >
            {/* The card turns in the coverflow; the slide around it stays put, so the browser snaps to where it lies. */}
            <div className="day-slide__card">
              <h2 className="day-slide__title">
                {weekdayName(entry.day)}
                {entry.day === today ? (
                  <span className="day-slide__today">
                    <Trans>Today</Trans>
                  </span>
                ) : null}
              </h2>
              {entry.shows.length === 0 ? (
                <p className="day-slide__empty">
                  <Trans>No shows this day.</Trans>
                </p>
              ) : null}
              <ul className="day-slide__slots">
                {entry.shows.map((slot, index) => (
                  <SlotCard
                    key={`${index}-${slot.time}-${slot.artist}`}
                    slot={slot}
                    clock={clock}
                    onAir={onAir !== null && onAir.day === entry.day && onAir.index === index}
                    favorite={favorites.includes(favoriteId(slot))}
                    onToggleFavorite={() => onToggleFavorite(slot)}
                    onOpen={() => onOpen(entry.day, slot)}
                    episodeId={pastEpisodes?.get(slot)?.id}
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
                  aria-label={t`Add New Show on ${weekdayName(entry.day)}`}
                >
                  <Trans>Add New Show</Trans>
                </button>
              ) : null}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
