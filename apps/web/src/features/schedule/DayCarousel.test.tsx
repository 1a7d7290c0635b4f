import { fireEvent, render, screen } from '@testing-library/react';
import type { Weekday } from '@onair/core';
import Swiper from 'swiper';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bundledSchedule } from '../../lib/schedule-store.ts';
import { DayCarousel } from './DayCarousel.tsx';

describe('DayCarousel', () => {
  afterEach(() => vi.restoreAllMocks());

  it('does not re-measure every slide when a show image loads: the slides are sized by CSS', () => {
    const update = vi.spyOn(Swiper.prototype, 'update');
    const week = bundledSchedule();
    const { container } = render(
      <DayCarousel
        schedule={week}
        today="Monday"
        openingDay="Monday"
        onAir={null}
        favorites={[]}
        onToggleFavorite={() => undefined}
        onOpen={() => undefined}
        manage={null}
      />,
    );
    const images = container.querySelectorAll('img');
    expect(images.length).toBeGreaterThan(0);
    update.mockClear();
    for (const image of images) {
      image.dispatchEvent(new Event('load'));
      image.dispatchEvent(new Event('error'));
    }
    expect(update).not.toHaveBeenCalled();
  });

  function carouselOpeningOn(openingDay: Weekday) {
    return (
      <DayCarousel
        schedule={bundledSchedule()}
        today={openingDay}
        openingDay={openingDay}
        onAir={null}
        favorites={[]}
        onToggleFavorite={() => undefined}
        onOpen={() => undefined}
        manage={null}
      />
    );
  }
  const current = () => screen.getAllByRole('button').find((tab) => tab.getAttribute('aria-current') === 'true');

  it('follows the opening day until the listener picks one (the server drew its own clock first, or midnight passed)', () => {
    const { rerender } = render(carouselOpeningOn('Wednesday'));
    expect(current()).toHaveTextContent('Wed');
    rerender(carouselOpeningOn('Monday'));
    expect(current()).toHaveTextContent('Mon');
    fireEvent.click(screen.getByRole('button', { name: 'Fri' }));
    expect(current()).toHaveTextContent('Fri');
    rerender(carouselOpeningOn('Tuesday'));
    expect(current()).toHaveTextContent('Fri');
  });
});
