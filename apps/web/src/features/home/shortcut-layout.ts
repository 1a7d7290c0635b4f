import { SHORTCUT_SLIDE_WIDTH_PX, SHORTCUT_SLIDES_VISIBLE } from '@onair/core';
import type { ReactNode } from 'react';

// What both shortcut rows share lives here, so the lazily loaded Swiper row never imports the plain
// row that loads it (an import cycle that also pulled ShortcutRow into the Swiper chunk's graph).

/** One shortcut: a stable key and its link. */
export interface ShortcutItem {
  key: string;
  node: ReactNode;
}

/** The row's maximum width: four 72 px slides and their gaps. */
export const SHORTCUT_ROW_MAX_WIDTH = `calc(${SHORTCUT_SLIDES_VISIBLE} * (${SHORTCUT_SLIDE_WIDTH_PX}px + 1.25rem))`;
