import { favoriteId, nextReminderAt, parseSlotTime, splitGenres, type ShowSlot, type Weekday } from '@onair/core';
import { showLabel, toggleFavorite, useFavoriteIds } from '../lib/favorites.ts';
import { stored } from '../lib/stored.ts';
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
  timeZone: string;
  onClose: () => void;
  /** Injectable for tests: the moment "next" is counted from, and the listener's own zone. */
  now?: () => Date;
  listenerTimeZone?: string;
}

const MS_PER_MINUTE = 60_000;

function timeFormat(timeZone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(undefined, { weekday: 'short', hour: 'numeric', minute: '2-digit', timeZone });
}

/**
 * A slot's details (the spec's "another schedule-related dialog fed from local schedule data"),
 * opened from Home and from the schedule: image, time in station time and — when the listener's
 * clock reads differently — in their own zone, artist, show, genre, the favourite heart and
 * whether a reminder will come for it.
 */
export function ShowDialog({
  show,
  timeZone,
  onClose,
  now = () => new Date(),
  listenerTimeZone,
}: ShowDialogProps) {
  const favorites = useFavoriteIds();
  const [settings] = useStored(stored.notificationSettings);
  if (!show) return null;
  // Read only once a show is open: the screen's first use of Intl loads ICU's locale data (~50 ms
  // here), which a closed dialog on the schedule's first render must not pay.
  const listenerZone = listenerTimeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const { day, slot } = show;
  const label = showLabel(slot);
  const favorite = favorites.includes(favoriteId(slot));
  const nextStart = nextReminderAt(slot, day, now(), timeZone, 0);
  const local = nextStart ? listenerTime(slot, nextStart, timeZone, listenerZone) : null;
  const genres = splitGenres(slot.genre);

  return (
    <Modal open onClose={onClose} title={label} className="show-dialog">
      <div className="show-dialog__body">
        <ShowImage slot={slot} className="show-dialog__image" />
        <dl className="show-dialog__facts">
          <dt>Station time</dt>
          <dd>
            {day} {slot.time}
          </dd>
          {local ? (
            <>
              <dt>Your time</dt>
              <dd>{local}</dd>
            </>
          ) : null}
          <dt>Artist</dt>
          <dd>{slot.artist}</dd>
          {slot.show ? (
            <>
              <dt>Show</dt>
              <dd>{slot.show}</dd>
            </>
          ) : null}
          {genres.length > 0 ? (
            <>
              <dt>Genre</dt>
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
          {favorite ? '♥ Favorite' : '♡ Favorite'}
        </button>
        <p className="show-dialog__reminder" role="status">
          {reminderText(favorite, settings, nextStart, timeZone)}
        </p>
      </div>
    </Modal>
  );
}

/** The slot's next start and end on the listener's clock, or null when it reads as the station's. */
function listenerTime(slot: ShowSlot, start: Date, stationZone: string, listenerZone: string): string | null {
  const station = timeFormat(stationZone);
  const listener = timeFormat(listenerZone);
  if (station.format(start) === listener.format(start)) return null;
  const time = parseSlotTime(slot.time);
  if (!time) return listener.format(start);
  const minutes = (time.endMinutes - time.startMinutes + 24 * 60) % (24 * 60);
  const end = new Date(start.getTime() + minutes * MS_PER_MINUTE);
  return `${listener.format(start)} – ${new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', timeZone: listenerZone }).format(end)}`;
}

function reminderText(
  favorite: boolean,
  settings: { enabled: boolean; showScheduleReminders: boolean; reminderTime: number },
  nextStart: Date | null,
  timeZone: string,
): string {
  if (!favorite) return 'Add this show to your favorites to get a reminder before it starts.';
  if (!settings.enabled) return 'No reminder: notifications are off. Turn them on with the bell at the top.';
  if (!settings.showScheduleReminders) return 'No reminder: Show Reminders are off in Notifications.';
  if (!nextStart) return `Reminder set: ${settings.reminderTime} minutes before it starts.`;
  const at = new Date(nextStart.getTime() - settings.reminderTime * MS_PER_MINUTE);
  return `Reminder set: ${settings.reminderTime} minutes before it starts (next on ${timeFormat(timeZone).format(at)}, station time).`;
}
