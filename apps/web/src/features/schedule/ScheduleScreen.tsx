import {
  DEFAULT_STATION_TIME_ZONE,
  EMPTY_SLOT,
  findOnAir,
  NEW_SLOT_INDEX,
  scheduleOpeningDay,
  stationWallClock,
  type ShowSlot,
} from '@onair/core';
import { useCallback, useState, type ReactNode } from 'react';
import { toggleFavorite, useFavoriteIds } from '../../lib/favorites.ts';
import type { ScheduleSource } from '../../lib/schedule-store.ts';
import { useMinuteClock } from '../../lib/use-minute-clock.ts';
import { useSchedule } from '../../lib/use-schedule.tsx';
import { useStation } from '../../lib/station-context.tsx';
import { OnAirNow } from '../../ui/OnAirNow.tsx';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { ShowDialog, type ShowDialogSlot } from '../../ui/ShowDialog.tsx';
import '../../styles/schedule-screen.css';
import { DayCarousel, type SlotActions } from './DayCarousel.tsx';
import { EditSlotModal, type SlotDraft } from './EditSlotModal.tsx';
import type { WeekChange } from './schedule-edit-queue.ts';
import { SignInModal } from './SignInModal.tsx';
import { useAdminSession } from './use-admin-session.ts';
import { slotKey, useScheduleEditor } from './use-schedule-editor.ts';

const FALLBACK_NOTICES: Record<Exclude<ScheduleSource, 'server'>, string> = {
  cache: 'Can’t reach the station right now: showing the last schedule received.',
  bundled: 'Can’t load the latest schedule right now: showing the regular week.',
  none: 'Can’t load the schedule right now.',
};

/** What the sign-in dialog says when the server stopped taking us for the admin mid-edit. */
const SHOW_NOT_SAVED =
  'Your admin session has ended, so the show was not saved. Sign in again: your changes will be back in the form.';
const SESSION_ENDED_NOTICES: Record<WeekChange['kind'], string> = {
  add: SHOW_NOT_SAVED,
  save: SHOW_NOT_SAVED,
  delete: 'Your admin session has ended, so the show was not deleted. Sign in again to delete it.',
  replace: 'Your admin session has ended, so the schedule was not uploaded. Sign in again to upload it.',
};

/** The weekly schedule (spec §2): on-air card, one coverflow slide per day, favourites, admin editing. */
export function ScheduleScreen() {
  const state = useSchedule();
  const { station, status: stationStatus } = useStation();
  const timeZone = station?.timeZone ?? DEFAULT_STATION_TIME_ZONE;
  const now = useMinuteClock();
  const favorites = useFavoriteIds();
  const { auth, signIn, signOut, expired } = useAdminSession();
  const [managing, setManaging] = useState(false);
  const [draft, setDraft] = useState<SlotDraft | null>(null);
  const [savingDraft, setSavingDraft] = useState(false);
  const [details, setDetails] = useState<ShowDialogSlot | null>(null);
  const [signInPrompt, setSignInPrompt] = useState<{ notice: string | null; resume: SlotDraft | null } | null>(null);
  const isAdmin = auth.role === 'admin';

  const onSignedOut = useCallback(
    (change: WeekChange) => {
      expired();
      setManaging(false);
      setDraft(null);
      // A save's typed values come back in the form after sign-in; a delete or upload is one click to redo.
      const resume: SlotDraft | null =
        change.kind === 'add'
          ? { day: change.day, index: NEW_SLOT_INDEX, original: null, slot: change.slot }
          : change.kind === 'save'
            ? { day: change.day, index: change.index, original: change.original, slot: change.slot }
            : null;
      setSignInPrompt({ notice: SESSION_ENDED_NOTICES[change.kind], resume });
    },
    [expired],
  );
  const editor = useScheduleEditor(onSignedOut);

  // The carousel opens on today in *station* time, so it waits for the station's zone.
  if (state.status === 'loading' || stationStatus === 'loading') {
    return (
      <ScreenFrame>
        <p className="screen__note" role="status">
          Loading schedule...
        </p>
      </ScreenFrame>
    );
  }

  const { schedule, source, error } = state;
  const today = stationWallClock(now, timeZone).weekday;
  const onAir = findOnAir(schedule, now, timeZone);
  const empty = schedule.every((day) => day.shows.length === 0);

  const saveDraft = async (slot: ShowSlot) => {
    if (!draft) return;
    setSavingDraft(true);
    const outcome = await editor.save(
      draft.original === null
        ? { kind: 'add', day: draft.day, slot }
        : { kind: 'save', day: draft.day, index: draft.index, original: draft.original, slot },
    );
    setSavingDraft(false);
    if (outcome.kind === 'saved') setDraft(null);
  };
  const manage: SlotActions | null =
    isAdmin && managing
      ? {
          onEdit: (day, index, slot) => setDraft({ day, index, original: slot, slot }),
          onAdd: (day) => setDraft({ day, index: NEW_SLOT_INDEX, original: null, slot: EMPTY_SLOT }),
          onDelete: (day, index, slot) => void editor.remove({ kind: 'delete', day, index, original: slot }),
          isDeleting: (day, slot) => editor.deleting.has(slotKey(day, slot)),
        }
      : null;

  const signInAgain = async (username: string, password: string) => {
    await signIn(username, password);
    const resume = signInPrompt?.resume ?? null;
    if (resume) {
      setManaging(true);
      setDraft(resume);
    }
  };

  return (
    <ScreenFrame>
      {source !== 'server' ? (
        <p className="schedule-notice" role="status">
          {FALLBACK_NOTICES[source]}
          {error ? <span className="schedule-notice__reason">{error}</span> : null}
        </p>
      ) : null}
      <OnAirNow onAir={onAir} onOpen={setDetails} />
      {isAdmin ? (
        <AdminBar
          managing={managing}
          busy={editor.busy}
          onToggleManage={() => setManaging((value) => !value)}
          onUpload={() => void editor.upload()}
          onSignOut={() => {
            setManaging(false);
            void signOut();
          }}
        />
      ) : null}
      {empty && !manage ? (
        <p className="screen__note">No schedule data available.</p>
      ) : (
        <>
          <DayCarousel
            schedule={schedule}
            today={today}
            openingDay={scheduleOpeningDay(schedule, now, timeZone) ?? today}
            onAir={onAir}
            favorites={favorites}
            onToggleFavorite={(slot) => void toggleFavorite(slot)}
            onOpen={(day, slot) => setDetails({ day, slot })}
            manage={manage}
          />
          <p className="schedule-hint" aria-hidden="true">
            Swipe for more
          </p>
        </>
      )}
      {!isAdmin && auth.signInEnabled ? (
        <footer className="schedule-footer">
          <button type="button" className="link-button" onClick={() => setSignInPrompt({ notice: null, resume: null })}>
            Admin
          </button>
        </footer>
      ) : null}
      <SignInModal open={signInPrompt !== null} notice={signInPrompt?.notice ?? null} onClose={() => setSignInPrompt(null)} onSignIn={signInAgain} />
      <ShowDialog show={details} timeZone={timeZone} onClose={() => setDetails(null)} />
      <EditSlotModal edit={draft} saving={savingDraft} onSave={(slot) => void saveDraft(slot)} onClose={() => setDraft(null)} />
    </ScreenFrame>
  );
}

function ScreenFrame({ children }: { children: ReactNode }) {
  return (
    <section className="screen schedule-screen" aria-labelledby="screen-title">
      <ScreenHeader title="Today's Schedule" />
      {children}
    </section>
  );
}

interface AdminBarProps {
  managing: boolean;
  /** A save is queued or running: shown, never blocking (the queue keeps every click). */
  busy: boolean;
  onToggleManage: () => void;
  onUpload: () => void;
  onSignOut: () => void;
}

function AdminBar({ managing, busy, onToggleManage, onUpload, onSignOut }: AdminBarProps) {
  return (
    <div className="admin-bar" role="toolbar" aria-label="Schedule management" aria-busy={busy}>
      <button type="button" className="pill-button pill-button--primary" onClick={onToggleManage}>
        {managing ? 'Done' : 'Manage'}
      </button>
      <button type="button" className="pill-button" onClick={onUpload}>
        Upload
      </button>
      <button type="button" className="pill-button admin-bar__sign-out" onClick={onSignOut}>
        Sign out
      </button>
    </div>
  );
}
