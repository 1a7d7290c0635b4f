import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  EMPTY_SLOT,
  findOnAir,
  NEW_SLOT_INDEX,
  scheduleOpeningDay,
  stationWallClock,
  type ShowSlot,
} from '@onair/core';
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { fetchRecentEpisodes, pastWeekEpisodes, useLoaded } from '../../lib/episodes-api.ts';
import { toggleFavorite, useFavoriteIds } from '../../lib/favorites.ts';
import type { ScheduleSource } from '../../lib/schedule-store.ts';
import { useMediaQuery, WIDE_SCREEN_QUERY } from '../../lib/use-media-query.ts';
import { useMinuteClock } from '../../lib/use-minute-clock.ts';
import { useSchedule } from '../../lib/use-schedule.tsx';
import { useStation } from '../../lib/station-context.tsx';
import { useStationClock } from '../../lib/station-clock.ts';
import { OnAirNow } from '../../ui/OnAirNow.tsx';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import type { ShowDialogSlot } from '../../ui/ShowDialog.tsx';
import '../../styles/schedule-screen.css';
import { DayCarousel, type SlotActions } from './DayCarousel.tsx';
import type { SlotDraft } from './EditSlotModal.tsx';
import type { WeekChange } from './schedule-edit-queue.ts';
import { useAdminSession } from './use-admin-session.ts';
import { slotKey, useScheduleEditor } from './use-schedule-editor.ts';

// The dialogs are fetched when first opened, as on Home: none of them is part of the screen's first paint.
const ShowDialog = lazy(() =>
  import('../../ui/ShowDialog.tsx').then(({ ShowDialog }) => ({ default: ShowDialog })),
);
const SignInModal = lazy(() =>
  import('./SignInModal.tsx').then(({ SignInModal }) => ({ default: SignInModal })),
);
const EditSlotModal = lazy(() =>
  import('./EditSlotModal.tsx').then(({ EditSlotModal }) => ({ default: EditSlotModal })),
);

// The week grid is for wide screens only: a phone never fetches it.
const WeekGrid = lazy(() => import('./WeekGrid.tsx').then(({ WeekGrid }) => ({ default: WeekGrid })));

const FALLBACK_NOTICES: Record<Exclude<ScheduleSource, 'server'>, MessageDescriptor> = {
  cache: msg`Can’t reach the station right now: showing the last schedule received.`,
  bundled: msg`Can’t load the latest schedule right now: showing the regular week.`,
  none: msg`Can’t load the schedule right now.`,
};

/** What the sign-in dialog says when the server stopped taking us for the admin mid-edit. */
const SHOW_NOT_SAVED = msg`Your admin session has ended, so the show was not saved. Sign in again: your changes will be back in the form.`;
const SESSION_ENDED_NOTICES: Record<WeekChange['kind'], MessageDescriptor> = {
  add: SHOW_NOT_SAVED,
  save: SHOW_NOT_SAVED,
  delete: msg`Your admin session has ended, so the show was not deleted. Sign in again to delete it.`,
  replace: msg`Your admin session has ended, so the schedule was not uploaded. Sign in again to upload it.`,
};

/** The weekly schedule (spec §2): on-air card, one coverflow slide per day, favourites, admin editing. */
export function ScheduleScreen() {
  const { i18n } = useLingui();
  const state = useSchedule();
  const { status: stationStatus } = useStation();
  const stationClock = useStationClock();
  const { timeZone } = stationClock;
  const now = useMinuteClock();
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);
  // The week's past slots link to their episodes, where the station publishes them.
  const [episodes] = useLoaded('recent-episodes', fetchRecentEpisodes);
  const favorites = useFavoriteIds();
  const { auth, signIn, signOut, expired } = useAdminSession();
  const [managing, setManaging] = useState(false);
  const [draft, setDraft] = useState<SlotDraft | null>(null);
  const [savingDraft, setSavingDraft] = useState(false);
  const [details, setDetails] = useState<ShowDialogSlot | null>(null);
  const [signInPrompt, setSignInPrompt] = useState<{
    notice: string | null;
    resume: SlotDraft | null;
  } | null>(null);
  const isAdmin = auth.role === 'admin';
  // Each admin dialog is mounted from its first opening on, so that it also closes as a dialog does.
  const signInOpened = useOpenedOnce(signInPrompt !== null);
  const editOpened = useOpenedOnce(draft !== null);

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
      setSignInPrompt({ notice: i18n._(SESSION_ENDED_NOTICES[change.kind]), resume });
    },
    [expired, i18n],
  );
  const editor = useScheduleEditor(onSignedOut);

  // The carousel opens on today in *station* time, so it waits for the station's zone.
  if (state.status === 'loading' || stationStatus === 'loading') {
    return (
      <ScreenFrame>
        <p className="screen__note" role="status">
          <Trans>Loading schedule...</Trans>
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

  const carousel = (
    <DayCarousel
      schedule={schedule}
      clock={stationClock.clock}
      today={today}
      openingDay={scheduleOpeningDay(schedule, now, timeZone) ?? today}
      onAir={onAir}
      favorites={favorites}
      onToggleFavorite={(slot) => void toggleFavorite(slot)}
      onOpen={(day, slot) => setDetails({ day, slot })}
      manage={manage}
      pastEpisodes={
        episodes.state === 'ready'
          ? pastWeekEpisodes(schedule, episodes.value, now.getTime(), timeZone)
          : null
      }
    />
  );

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
          {i18n._(FALLBACK_NOTICES[source])}
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
        <p className="screen__note">
          <Trans>No schedule data available.</Trans>
        </p>
      ) : wide && !manage ? (
        // Manage mode keeps the day cards, which carry the admin's buttons, on every width.
        <Suspense fallback={carousel}>
          <WeekGrid
            schedule={schedule}
            now={now}
            stationClock={stationClock}
            onOpen={(day, slot) => setDetails({ day, slot })}
          />
        </Suspense>
      ) : (
        <>
          {carousel}
          <p className="schedule-hint" aria-hidden="true">
            <Trans>Swipe for more</Trans>
          </p>
        </>
      )}
      {!isAdmin && auth.signInEnabled ? (
        <footer className="schedule-footer">
          <button
            type="button"
            className="link-button"
            onClick={() => setSignInPrompt({ notice: null, resume: null })}
          >
            <Trans>Admin</Trans>
          </button>
        </footer>
      ) : null}
      {signInOpened ? (
        <Suspense fallback={null}>
          <SignInModal
            open={signInPrompt !== null}
            notice={signInPrompt?.notice ?? null}
            onClose={() => setSignInPrompt(null)}
            onSignIn={signInAgain}
          />
        </Suspense>
      ) : null}
      {details ? (
        <Suspense fallback={null}>
          <ShowDialog show={details} stationClock={stationClock} onClose={() => setDetails(null)} />
        </Suspense>
      ) : null}
      {editOpened ? (
        <Suspense fallback={null}>
          <EditSlotModal
            edit={draft}
            saving={savingDraft}
            onSave={(slot) => void saveDraft(slot)}
            onClose={() => setDraft(null)}
          />
        </Suspense>
      ) : null}
    </ScreenFrame>
  );
}

/** True from the first render where `open` is, on: a dialog that closes stays mounted to close as one. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

function ScreenFrame({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  return (
    <section className="screen schedule-screen" aria-labelledby="screen-title">
      <ScreenHeader title={t`Today's Schedule`} />
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
  const { t } = useLingui();
  return (
    <div className="admin-bar" role="toolbar" aria-label={t`Schedule management`} aria-busy={busy}>
      <button type="button" className="pill-button pill-button--primary" onClick={onToggleManage}>
        {managing ? t`Done` : t`Manage`}
      </button>
      <button type="button" className="pill-button" onClick={onUpload}>
        <Trans>Upload</Trans>
      </button>
      <button type="button" className="pill-button admin-bar__sign-out" onClick={onSignOut}>
        <Trans>Sign out</Trans>
      </button>
    </div>
  );
}
