import { useRef, useState, type RefObject } from 'react';
import { prefersReducedMotion } from './reduced-motion.ts';

/**
 * Where the scroller's scrollLeft stands when page `index` is in place (the browser clamps it). Right
 * to left, the row starts at the right: scrollLeft is 0 there and goes negative towards the left.
 */
export type PageOffset<E extends HTMLElement> = (scroller: E, index: number) => number;

export interface SnapPager<E extends HTMLElement> {
  /** The page in view, or the one a `goTo` is on its way to. */
  current: number;
  /** Scrolls to `index`: smoothly unless the listener asked for less motion, or at once with `instant`. */
  goTo: (index: number, instant?: boolean) => void;
  /** The page nearest to where the scroller stands now (null before it is drawn). */
  inView: () => number | null;
  /** Makes the page in view current (a scroll the pager did not see, e.g. before the app ran). */
  sync: () => void;
  /** For the scroller element. */
  scroller: {
    ref: RefObject<E | null>;
    onScroll: () => void;
    onScrollEnd: () => void;
    onPointerDown: () => void;
    onWheel: () => void;
  };
}

/**
 * A row that the browser pages by its own scroll snapping (CSS `scroll-snap-type` on the scroller),
 * told to the controls beside it (dots, day tabs): which page is current, and a page to go to. The
 * swipe itself is the browser's; the scroll events only name the page in view, moving nothing.
 *
 * A `goTo` marks its page current at once, and the pages a smooth scroll passes on its way are not
 * (the dots or tabs would flicker through them); the listener's own scroll, wheel or touch takes over.
 */
/** 1 when `element` runs left to right, -1 right to left (`dir="rtl"`): the sign of its scrollLeft. */
export function inlineSign(element: Element): 1 | -1 {
  return getComputedStyle(element).direction === 'rtl' ? -1 : 1;
}

export function useSnapPager<E extends HTMLElement>(
  pages: number,
  initial: number,
  offsetOf: PageOffset<E>,
): SnapPager<E> {
  const ref = useRef<E>(null);
  const [current, setCurrent] = useState(initial);
  /** The page a smooth goTo is scrolling to, until it gets there or the listener takes over. */
  const heading = useRef<number | null>(null);

  const inView = (): number | null => {
    const scroller = ref.current;
    if (!scroller || pages === 0) return null;
    const end = (scroller.scrollWidth - scroller.clientWidth) * inlineSign(scroller);
    const [first, last] = end < 0 ? [end, 0] : [0, end];
    let nearest = 0;
    let nearestDistance = Number.POSITIVE_INFINITY;
    for (let index = 0; index < pages; index++) {
      // Clamped as the browser clamps it: a short last page is in view at the end of the row.
      const offset = Math.min(Math.max(offsetOf(scroller, index), first), last);
      const distance = Math.abs(offset - scroller.scrollLeft);
      if (distance < nearestDistance) {
        nearest = index;
        nearestDistance = distance;
      }
    }
    return nearest;
  };

  const follow = () => {
    const index = inView();
    if (index === null) return;
    if (heading.current !== null) {
      if (index !== heading.current) return;
      heading.current = null;
    }
    setCurrent(index);
  };

  const goTo = (index: number, instant = false) => {
    const scroller = ref.current;
    if (!scroller || pages === 0) return;
    const target = Math.min(Math.max(index, 0), pages - 1);
    setCurrent(target);
    heading.current = null;
    const smooth = !instant && !prefersReducedMotion();
    if (smooth && target !== inView()) heading.current = target;
    scroller.scrollTo({
      left: offsetOf(scroller, target),
      behavior: instant ? 'instant' : smooth ? 'smooth' : 'auto',
    });
  };

  const takeOver = () => {
    heading.current = null;
  };

  return {
    current,
    goTo,
    inView,
    sync: follow,
    scroller: {
      ref,
      onScroll: follow,
      onScrollEnd: () => {
        takeOver();
        follow();
      },
      onPointerDown: takeOver,
      onWheel: takeOver,
    },
  };
}
