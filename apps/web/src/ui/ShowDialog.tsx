import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { localSlotTime, localWeekdayTime } from '../lib/i18n/dates.ts';
import { weekdayName } from '../lib/i18n/weekday.ts';
import {
  favoriteId,
  formatClockTime,
  nextReminderAt,
  parseSlotTime,
  showSlug,
  splitGenres,
  type ClockSetting,
  type ShowSlot,
  type Weekday,
} from '@onair/core';
import { Link } from 'react-router';
import { showLabel, toggleFavorite, useFavoriteIds } from '../lib/favorites.ts';
import { listenerTimeZone as readListenerTimeZone } from '../lib/station-clock.ts';
import * as stored from '../lib/stored.ts';
import { useStored } from '../lib/use-stored.ts';
import '../styles/show-dialog.css';
import { Modal } from './Modal.tsx';
import { ShowImage } from './ShowImage.tsx';

export interface ShowDialogSlot {
  day: Weekday;
  slot: ShowSlot;
}

interface ShowDialogProps {
  /** The slot to show; null keeps the dialog closed. */
  show: ShowDialogSlot | null;
  /** The station's clock (lib/station-clock.ts `useStationClock`). */
  stationClock: ClockSetting;
  onClose: () => void;
  /** Injectable for tests: the moment "next" is counted from, and the listener's own zone. */
  now?: () => Date;
  listenerTimeZone?: string;
}

const MS_PER_MINUTE = 60_000;

/**
 * A slot's details (the spec's "another schedule-related dialog fed from local schedule data"),
 * opened from Home and from the schedule: image, time in station time and — when the listener's
 * clock reads differently — in their own zone, artist, show, genre, the favourite heart and
 * whether a reminder will come for it.
 */
export function ShowDialog({
  show,
  stationClock,
  onClose,
  now = () => new Date(),
  listenerTimeZone,
}: ShowDialogProps) {
  const { t } = useLingui();
  const favorites = useFavoriteIds();
  const [settings] = useStored(stored.notificationSettings);
  if (!show) return null;
  // Read only once a show is open: where the engine has no Temporal, the first use of Intl loads
  // ICU's locale data (~50 ms here), which a closed dialog on the schedule's first render must not pay.
  const listener: ClockSetting = {
    timeZone: listenerTimeZone ?? readListenerTimeZone(),
    clock: stationClock.clock,
  };
  const { day, slot } = show;
  const label = showLabel(slot);
  const favorite = favorites.includes(favoriteId(slot));
  const nextStart = nextReminderAt(slot, day, now(), stationClock.timeZone, 0);
  const local = nextStart ? listenerTime(slot, nextStart, stationClock, listener) : null;
  const genres = splitGenres(slot.genre);

  return (
    <Modal open onClose={onClose} title={label} className="show-dialog">
      <div className="show-dialog__body">
        <ShowImage slot={slot} className="show-dialog__image" />
        <dl className="show-dialog__facts">
          <dt>
            <Trans>Station time</Trans>
          </dt>
          <dd>
            {weekdayName(day)} {localSlotTime(slot.time, stationClock.clock)}
          </dd>
          {local ? (
            <>
              <dt>
                <Trans>Your time</Trans>
              </dt>
              <dd>{local}</dd>
            </>
          ) : null}
          <dt>
            <Trans>Artist</Trans>
          </dt>
          <dd>{slot.artist}</dd>
          {slot.show ? (
            <>
              <dt>
                <Trans>Show</Trans>
              </dt>
              <dd>{slot.show}</dd>
            </>
          ) : null}
          {genres.length > 0 ? (
            <>
              <dt>
                <Trans>Genre</Trans>
              </dt>
              <dd>{genres.join(' · ')}</dd>
            </>
          ) : null}
        </dl>
        <button
          type="button"
          className="show-dialog__heart"
          aria-pressed={favorite}
          onClick={() => void toggleFavorite(slot)}
        >
          {favorite ? t`♥ Favorite` : t`♡ Favorite`}
        </button>
        <p className="show-dialog__reminder" role="status">
          {reminderText(favorite, settings, nextStart, stationClock)}
        </p>
        {showSlug(label) ? (
          <Link className="show-dialog__episodes" to={`/shows/${showSlug(label)}`}>
            <Trans>Episodes of {label}</Trans>
          </Link>
        ) : null}
      </div>
    </Modal>
  );
}

/**
 * The slot's next start and end in the listener's zone (on the station's 24- or 12-hour clock, like
 * every time the app shows), or null when their wall clock reads as the station's.
 */
function listenerTime(
  slot: ShowSlot,
  start: Date,
  station: ClockSetting,
  listener: ClockSetting,
): string | null {
  const startText = localWeekdayTime(start, listener);
  if (localWeekdayTime(start, station) === startText) return null;
  const time = parseSlotTime(slot.time);
  if (!time) return startText;
  const minutes = (time.endMinutes - time.startMinutes + 24 * 60) % (24 * 60);
  const end = new Date(start.getTime() + minutes * MS_PER_MINUTE);
  return `${startText} – ${formatClockTime(end, listener)}`;
}

function reminderText(
  favorite: boolean,
  settings: { enabled: boolean; showScheduleReminders: boolean; reminderTime: number },
  nextStart: Date | null,
  stationClock: ClockSetting,
): string {
  if (!favorite) return t`Add this show to your favorites to get a reminder before it starts.`;
  if (!settings.enabled) return t`No reminder: notifications are off. Turn them on with the bell at the top.`;
  if (!settings.showScheduleReminders) return t`No reminder: Show Reminders are off in Notifications.`;
  const minutes = settings.reminderTime;
  if (!nextStart) return t`Reminder set: ${minutes} minutes before it starts.`;
  const at = localWeekdayTime(new Date(nextStart.getTime() - minutes * MS_PER_MINUTE), stationClock);
  return t`Reminder set: ${minutes} minutes before it starts (next on ${at}, station time).`;
}
