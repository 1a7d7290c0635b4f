import { SHORTCUT_SLIDES_VISIBLE } from '@onair/core';
import { A11y, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/pagination';
import { SHORTCUT_ROW_MAX_WIDTH, type ShortcutItem } from './shortcut-layout.ts';

/** The shortcut row as Swiper pages of four with clickable dots (loaded after the first paint). */
export default function SwipeableShortcuts({ items }: { items: ShortcutItem[] }) {
  return (
    <Swiper
      modules={[Pagination, A11y]}
      slidesPerView={SHORTCUT_SLIDES_VISIBLE}
      slidesPerGroup={SHORTCUT_SLIDES_VISIBLE}
      style={{ maxWidth: SHORTCUT_ROW_MAX_WIDTH }}
      pagination={{ clickable: true }}
      a11y={{ paginationBulletMessage: 'Shortcuts page {{index}}' }}
    >
      {items.map((item) => (
        <SwiperSlide key={item.key}>{item.node}</SwiperSlide>
      ))}
    </Swiper>
  );
}
