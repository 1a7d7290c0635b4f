import { useEffect, useState } from 'react';

/**
 * The current time, re-rendered on every whole minute. Slot times are minute-grained, so on-air
 * and up-next flip exactly at a slot boundary without a reload, and nothing renders in between.
 */
export function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      const msToNextMinute = 60_000 - (Date.now() % 60_000);
      timer = setTimeout(() => {
        setNow(new Date());
        schedule();
      }, msToNextMinute + 5);
    };
    schedule();
    // A tab coming back from the background catches up at once rather than at the next minute.
    const onVisible = () => {
      if (!document.hidden) setNow(new Date());
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
  return now;
}
