import { render } from '@testing-library/react';
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
});
