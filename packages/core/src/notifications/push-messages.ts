import * as z from 'zod/mini';
import type { Episode } from '../archive/episode.ts';
import type { ClockStyle } from '../clock/clock-style.ts';
import { DAYS_PER_WEEK } from '../constants.ts';
import { favoriteId } from '../schedule/favorites.ts';
import { MAX_SHOWS_PER_DAY, SLOT_TEXT_MAX_CHARS } from '../schedule/schedule-schema.ts';
import { displaySlotTime } from '../schedule/slot-time.ts';
import type { Schedule, ShowSlot, Weekday } from '../schedule/types.ts';
import type { PushMessage } from './push-subscription.ts';
import type { PushTexts } from './push-texts.ts';

/** The icon every push shows (the app's home-screen icon). */
export const PUSH_ICON_PATH = '/images/icon-192.png';
const SCHEDULE_LINK = '/schedule';

function showName(slot: Pick<ShowSlot, 'show'>, texts: PushTexts): string {
  return slot.show.trim() === '' ? texts.untitledShow : slot.show;
}

function withImage(slot: ShowSlot): Pick<PushMessage['notification'], 'image' | 'icon'> {
  return { icon: PUSH_ICON_PATH, ...(slot.image.trim() === '' ? {} : { image: slot.image }) };
}

/**
 * A slot's times as a push writes them: on the station's `clock` (README "One clock"), as the app
 * shows them, with the every-other-week marker in the push's language; as typed when they do not read.
 */
function slotTime(slot: ShowSlot, texts: PushTexts, clock: ClockStyle): string {
  return displaySlotTime(slot.time, clock, texts.biWeekly);
}

/**
 * The reminder for a favourite show starting in `minutesToStart` minutes (spec §4 'Show reminder'),
 * in the language of `texts` (pushTexts), its times on the station's `clock`.
 */
export function reminderMessage(
  slot: ShowSlot,
  minutesToStart: number,
  texts: PushTexts,
  clock: ClockStyle,
): PushMessage {
  const minutes = Math.max(1, Math.round(minutesToStart));
  return {
    notification: {
      title: texts.startsIn(showName(slot, texts), minutes),
      body: `${slot.artist} · ${slotTime(slot, texts, clock)}`,
      ...withImage(slot),
    },
    data: { link: SCHEDULE_LINK, analyticsLabel: 'show_reminder' },
  };
}

/** The alert for a show added to the schedule (spec §1 'new-show alerts'), its times on the station's `clock`. */
export function newShowMessage(
  slot: ShowSlot,
  day: Weekday,
  texts: PushTexts,
  clock: ClockStyle,
): PushMessage {
  return {
    notification: {
      title: texts.newShow(showName(slot, texts)),
      body: `${slot.artist} · ${texts.weekdays[day]} ${slotTime(slot, texts, clock)}`,
      ...withImage(slot),
    },
    data: { link: SCHEDULE_LINK, analyticsLabel: 'new_show' },
  };
}

/** A show the week gained, with the first day it is on (what a new-show alert names). */
export interface AddedShow {
  id: string;
  day: Weekday;
  slot: ShowSlot;
}

/**
 * The slots of `next` whose show (favourite id) is not anywhere in `previous`, each once, with the
 * first day it is on. A show moved to another day or time is not new.
 */
export function addedShows(previous: Schedule, next: Schedule): AddedShow[] {
  return showsNotIn(new Set(showIds(previous)), next);
}

/** Every show id of the week, each once, in schedule order. */
export function showIds(schedule: Schedule): string[] {
  return [...new Set(schedule.flatMap((entry) => entry.shows.map(favoriteId)))];
}

function showsNotIn(known: ReadonlySet<string>, next: Schedule): AddedShow[] {
  const added = new Map<string, AddedShow>();
  for (const entry of next) {
    for (const slot of entry.shows) {
      const id = favoriteId(slot);
      if (!known.has(id) && !added.has(id)) added.set(id, { id, day: entry.day, slot });
    }
  }
  return [...added.values()];
}

/** The week an app last compared for new shows: its document version and its show ids. */
export interface SeenWeek {
  version: number;
  ids: string[];
}

/**
 * As kept in the browser (`playfm_new_shows_seen`). An older copy can add its ids to a newer week's,
 * so room for two full weeks; an id is an artist and a show name joined by '-'.
 */
export const seenWeekSchema = z.object({
  version: z.int().check(z.nonnegative()),
  ids: z
    .array(z.string().check(z.maxLength(2 * SLOT_TEXT_MAX_CHARS + 1)))
    .check(z.maxLength(2 * DAYS_PER_WEEK * MAX_SHOWS_PER_DAY)),
});

/**
 * New Show Alerts made by the app itself (where no server push reaches: the native apps, iOS Safari
 * in a tab, a browser whose push subscription failed), from the week it receives and the last one
 * it saw:
 * - nothing seen yet: no alert (a newcomer has missed nothing), the week is remembered;
 * - a newer version: its shows not in the last week seen are new, and it becomes the week seen;
 * - the same version: nothing;
 * - an older version (the service worker's older copy of the page, or a store reset): no alert, and
 *   its shows join the ones seen, so the newer week arriving next alerts about nothing twice.
 */
export function newShowsSince(
  seen: SeenWeek | null,
  week: { version: number; schedule: Schedule },
): { added: AddedShow[]; seen: SeenWeek } {
  const ids = showIds(week.schedule);
  if (!seen) return { added: [], seen: { version: week.version, ids } };
  if (week.version === seen.version) return { added: [], seen };
  if (week.version < seen.version)
    return { added: [], seen: { version: week.version, ids: [...new Set([...seen.ids, ...ids])] } };
  return { added: showsNotIn(new Set(seen.ids), week.schedule), seen: { version: week.version, ids } };
}

/** What a new-episode push names: the episode as `GET /api/episodes` gives it. */
export type AnnouncedEpisode = Pick<Episode, 'id' | 'show' | 'artist' | 'image'>;

/** The push for a favourite show's episode that is ready to listen again (opt-in in Notifications). */
export function newEpisodeMessage(episode: AnnouncedEpisode, texts: PushTexts): PushMessage {
  return {
    notification: {
      title: texts.newEpisode(showName(episode, texts)),
      body: `${episode.artist} · ${texts.listenAgainNow}`,
      icon: PUSH_ICON_PATH,
      ...(episode.image.trim() === '' ? {} : { image: episode.image }),
    },
    data: { link: `/episodes/${episode.id}`, analyticsLabel: 'new_episode' },
  };
}

/** A new-episode push still unsent this long after the show ended is old news (server and app alike). */
export const NEW_EPISODE_ALERT_TTL_MS = 12 * 60 * 60 * 1_000;

/**
 * As kept in the browser (`playfm_new_episodes_seen`): the end (epoch ms) of the newest ready
 * episode the app has compared.
 */
export const seenEpisodesSchema = z.object({ until: z.number().check(z.nonnegative()) });
export type SeenEpisodes = z.infer<typeof seenEpisodesSchema>;

/**
 * New-episode alerts made by the app itself (the native apps, and wherever no server push reaches),
 * from the episodes it receives and the last one it saw:
 * - nothing seen yet: no alert (a newcomer has missed nothing), the newest ready end is remembered;
 * - otherwise each ready episode of a favourite show that ended after the one seen last, and less
 *   than NEW_EPISODE_ALERT_TTL_MS ago, is new, once; episodes still recording wait until they end.
 */
export function newEpisodesSince(
  seen: SeenEpisodes | null,
  episodes: readonly Episode[],
  favorites: readonly string[],
  nowMs: number,
): { added: Episode[]; seen: SeenEpisodes } {
  const ready = episodes.filter((episode) => episode.status === 'ready');
  const until = Math.max(seen?.until ?? 0, ...ready.map((episode) => episode.endsAt));
  if (!seen) return { added: [], seen: { until } };
  const wanted = new Set(favorites);
  const added = ready
    .filter(
      (episode) =>
        episode.endsAt > seen.until &&
        episode.endsAt > nowMs - NEW_EPISODE_ALERT_TTL_MS &&
        wanted.has(favoriteId(episode)),
    )
    .sort((a, b) => a.endsAt - b.endsAt);
  return { added, seen: { until } };
}

/** Longest reason a pause push carries (a push's body takes 500 characters). */
const PAUSED_REASON_MAX_CHARS = 300;

/**
 * The push to the admin when an integration has paused itself, in the language of `texts`, saying
 * why (the reason is the delivery log's own words; the log has the rest).
 */
export function integrationPausedMessage(name: string, reason: string, texts: PushTexts): PushMessage {
  const why =
    reason.length > PAUSED_REASON_MAX_CHARS ? `${reason.slice(0, PAUSED_REASON_MAX_CHARS - 1)}…` : reason;
  return {
    notification: { title: texts.integrationPaused(name), body: why, icon: PUSH_ICON_PATH },
    data: { link: '/integrations' },
  };
}
