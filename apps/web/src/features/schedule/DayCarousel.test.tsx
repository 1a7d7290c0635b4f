import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { Weekday } from '@onair/core';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bundledSchedule } from '../../lib/bundled-schedule.ts';
import { DayCarousel } from './DayCarousel.tsx';

// jsdom lays nothing out: the track is laid out here as a 390 px phone draws it, 300 px days 30 px
// apart, with side room that lets Monday and Sunday centre. Day i is centred at scrollLeft i × 330.
const TRACK_PX = 390;
const DAY_PX = 300;
const STEP_PX = DAY_PX + 30;
const SIDE_PX = (TRACK_PX - DAY_PX) / 2;
const DAYS: readonly Weekday[] = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
];
const centred = (day: Weekday) => DAYS.indexOf(day) * STEP_PX;

function layOutLikeAPhone() {
  const isDay = (element: Element) => element.classList.contains('day-slide');
  const isTrack = (element: Element) => element.classList.contains('day-carousel__track');
  const dayIndex = (element: Element) => [...(element.parentElement?.children ?? [])].indexOf(element);
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return isDay(this) ? DAY_PX : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'offsetLeft', 'get').mockImplementation(function (this: HTMLElement) {
    return isDay(this) ? SIDE_PX + dayIndex(this) * STEP_PX : 0;
  });
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockImplementation(function (this: Element) {
    return isTrack(this) ? TRACK_PX : 0;
  });
  vi.spyOn(Element.prototype, 'scrollWidth', 'get').mockImplementation(function (this: Element) {
    return isTrack(this) ? 2 * SIDE_PX + DAYS.length * DAY_PX + (DAYS.length - 1) * (STEP_PX - DAY_PX) : 0;
  });
}

/** A browser that does (or does not) scroll to `scroll-initial-target` on its first layout. */
function browserPlacesInitialTarget(places: boolean) {
  vi.stubGlobal('CSS', { supports: (property: string) => places && property === 'scroll-initial-target' });
}

function reducedMotion() {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)' }));
}

function carouselOpeningOn(openingDay: Weekday) {
  return (
    <I18nProvider i18n={i18n}>
      <DayCarousel
        schedule={bundledSchedule()}
        clock="24-hour"
        today={openingDay}
        openingDay={openingDay}
        onAir={null}
        favorites={[]}
        onToggleFavorite={() => undefined}
        onOpen={() => undefined}
        manage={null}
      />
    </I18nProvider>
  );
}

const current = () =>
  screen.getAllByRole('button').find((tab) => tab.getAttribute('aria-current') === 'true');
const track = () => document.querySelector<HTMLElement>('.day-carousel__track')!;
/** What the browser does as the listener swipes the track to `day`: it scrolls, then the scroll ends. */
function swipeTo(day: Weekday) {
  track().scrollLeft = centred(day);
  fireEvent.scroll(track());
  fireEvent(track(), new Event('scrollend'));
}

describe('DayCarousel', () => {
  let scrollTo: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    layOutLikeAPhone();
    browserPlacesInitialTarget(false);
    scrollTo = vi.spyOn(Element.prototype, 'scrollTo');
  });
  afterEach(() => vi.unstubAllGlobals());

  describe('opens on the opening day', () => {
    let root: Root | null = null;
    afterEach(() => {
      act(() => root?.unmount());
      root = null;
      document.body.replaceChildren();
    });

    /** The server's markup of the carousel in the page, as the browser first lays it out. */
    function prerendered(openingDay: Weekday): HTMLElement {
      const container = document.createElement('div');
      container.innerHTML = renderToString(carouselOpeningOn(openingDay));
      document.body.append(container);
      return container;
    }

    it("in the server's markup: its tab is current and its slide the one the browser scrolls to first", () => {
      prerendered('Thursday');
      expect(current()).toHaveTextContent('Thu');
      expect(
        [...document.querySelectorAll('.day-slide--opening')].map((slide) =>
          slide.getAttribute('aria-label'),
        ),
      ).toEqual(['Thursday']);
    });

    it('centred at once when the app starts, where the browser cannot do it itself', () => {
      const container = prerendered('Thursday');
      act(() => {
        root = hydrateRoot(container, carouselOpeningOn('Thursday'));
      });
      expect(scrollTo).toHaveBeenCalledExactlyOnceWith({ left: centred('Thursday'), behavior: 'instant' });
      expect(track().scrollLeft).toBe(centred('Thursday'));
      expect(current()).toHaveTextContent('Thu');
    });

    it('left where the browser put it, and a swipe made before the app ran is kept', () => {
      browserPlacesInitialTarget(true);
      const container = prerendered('Thursday');
      track().scrollLeft = centred('Thursday');
      act(() => {
        root = hydrateRoot(container, carouselOpeningOn('Thursday'));
      });
      expect(scrollTo).not.toHaveBeenCalled();
      act(() => root?.unmount());

      // The listener swiped to Saturday while the app was still on its way.
      const swiped = prerendered('Thursday');
      track().scrollLeft = centred('Saturday');
      act(() => {
        root = hydrateRoot(swiped, carouselOpeningOn('Thursday'));
      });
      expect(scrollTo).not.toHaveBeenCalled();
      expect(current()).toHaveTextContent('Sat');
      // Saturday is theirs: the opening day moving on (the device's clock) leaves it there.
      act(() => root?.render(carouselOpeningOn('Friday')));
      expect(scrollTo).not.toHaveBeenCalled();
      expect(current()).toHaveTextContent('Sat');
    });
  });

  it('follows the opening day until the listener picks one (the server drew its own clock first, or midnight passed)', () => {
    const { rerender } = render(carouselOpeningOn('Wednesday'));
    expect(current()).toHaveTextContent('Wed');
    rerender(carouselOpeningOn('Monday'));
    expect(current()).toHaveTextContent('Mon');
    expect(track().scrollLeft).toBe(centred('Monday'));
    fireEvent.click(screen.getByRole('button', { name: 'Fri' }));
    expect(current()).toHaveTextContent('Fri');
    rerender(carouselOpeningOn('Tuesday'));
    expect(current()).toHaveTextContent('Fri');
  });

  it('a swipe to another day is the listener picking it', () => {
    const { rerender } = render(carouselOpeningOn('Wednesday'));
    swipeTo('Thursday');
    expect(current()).toHaveTextContent('Thu');
    rerender(carouselOpeningOn('Tuesday'));
    expect(current()).toHaveTextContent('Thu');
    expect(track().scrollLeft).toBe(centred('Thursday'));
  });

  it("a day's tab scrolls its day to the centre, smoothly unless the listener asked for less motion", () => {
    render(carouselOpeningOn('Monday'));
    scrollTo.mockClear();
    fireEvent.click(screen.getByRole('button', { name: 'Fri' }));
    expect(scrollTo).toHaveBeenLastCalledWith({ left: centred('Friday'), behavior: 'smooth' });
    expect(current()).toHaveTextContent('Fri');
    reducedMotion();
    fireEvent.click(screen.getByRole('button', { name: 'Tue' }));
    expect(scrollTo).toHaveBeenLastCalledWith({ left: centred('Tuesday'), behavior: 'auto' });
    expect(current()).toHaveTextContent('Tue');
  });

  it('a tab marks its day at once, not the days the smooth scroll passes on its way', () => {
    render(carouselOpeningOn('Monday'));
    scrollTo.mockImplementation(() => undefined); // the browser scrolls over the frames that follow
    fireEvent.click(screen.getByRole('button', { name: 'Fri' }));
    for (const day of ['Tuesday', 'Wednesday', 'Thursday'] as const) {
      track().scrollLeft = centred(day);
      fireEvent.scroll(track());
      expect(current()).toHaveTextContent('Fri');
    }
    track().scrollLeft = centred('Friday');
    fireEvent.scroll(track());
    // Arrived: the listener's own scrolling is followed again.
    swipeTo('Saturday');
    expect(current()).toHaveTextContent('Sat');
  });

  it('the arrow keys move between days, from the day a quick press is already heading to', () => {
    render(carouselOpeningOn('Wednesday'));
    scrollTo.mockImplementation(() => undefined);
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(current()).toHaveTextContent('Thu');
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(current()).toHaveTextContent('Fri');
    expect(scrollTo).toHaveBeenLastCalledWith({ left: centred('Friday'), behavior: 'smooth' });
    fireEvent.keyDown(screen.getByRole('button', { name: 'Mon' }), { key: 'ArrowLeft' });
    expect(current()).toHaveTextContent('Thu');
  });

  it('the arrow keys stop at Monday and Sunday', () => {
    render(carouselOpeningOn('Sunday'));
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(current()).toHaveTextContent('Sun');
    fireEvent.click(screen.getByRole('button', { name: 'Mon' }));
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(current()).toHaveTextContent('Mon');
  });

  it('leaves the arrow keys to a text field, an open dialog and shortcuts with modifiers', () => {
    render(
      <>
        {carouselOpeningOn('Wednesday')}
        <input aria-label="Artist" />
        <dialog open>
          <button type="button">Close</button>
        </dialog>
      </>,
    );
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Artist' }), { key: 'ArrowRight' });
    fireEvent.keyDown(screen.getByRole('button', { name: 'Close' }), { key: 'ArrowRight' });
    fireEvent.keyDown(document.body, { key: 'ArrowRight', altKey: true });
    expect(current()).toHaveTextContent('Wed');
  });
});
