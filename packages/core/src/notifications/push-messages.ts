import { favoriteId } from '../schedule/favorites.ts';
import type { Schedule, ShowSlot, Weekday } from '../schedule/types.ts';
import type { PushMessage } from './push-subscription.ts';

/** The icon every push shows (the app's home-screen icon). */
export const PUSH_ICON_PATH = '/images/icon-192.png';
const SCHEDULE_LINK = '/schedule';

function showName(slot: Pick<ShowSlot, 'show'>): string {
  return slot.show.trim() === '' ? 'Show' : slot.show;
}

function withImage(slot: ShowSlot): Pick<PushMessage['notification'], 'image' | 'icon'> {
  return { icon: PUSH_ICON_PATH, ...(slot.image.trim() === '' ? {} : { image: slot.image }) };
}

/** The reminder for a favourite show starting in `minutesToStart` minutes (spec §4 'Show reminder'). */
export function reminderMessage(slot: ShowSlot, minutesToStart: number): PushMessage {
  const minutes = Math.max(1, Math.round(minutesToStart));
  return {
    notification: {
      title: `${showName(slot)} starts in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`,
      body: `${slot.artist} · ${slot.time}`,
      ...withImage(slot),
    },
    data: { link: SCHEDULE_LINK, analyticsLabel: 'show_reminder' },
  };
}

/** The alert for a show added to the schedule (spec §1 'new-show alerts'). */
export function newShowMessage(slot: ShowSlot, day: Weekday): PushMessage {
  return {
    notification: {
      title: `New show: ${showName(slot)}`,
      body: `${slot.artist} · ${day} ${slot.time}`,
      ...withImage(slot),
    },
    data: { link: SCHEDULE_LINK, analyticsLabel: 'new_show' },
  };
}

/**
 * The slots of `next` whose show (favourite id) is not anywhere in `previous`, each once, with the
 * first day it is on. A show moved to another day or time is not new.
 */
export function addedShows(previous: Schedule, next: Schedule): { id: string; day: Weekday; slot: ShowSlot }[] {
  const known = new Set(previous.flatMap((entry) => entry.shows.map(favoriteId)));
  const added = new Map<string, { id: string; day: Weekday; slot: ShowSlot }>();
  for (const entry of next) {
    for (const slot of entry.shows) {
      const id = favoriteId(slot);
      if (!known.has(id) && !added.has(id)) added.set(id, { id, day: entry.day, slot });
    }
  }
  return [...added.values()];
}
