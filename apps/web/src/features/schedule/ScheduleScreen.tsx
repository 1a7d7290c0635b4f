import { DEFAULT_STATION_TIME_ZONE, findOnAir, stationWallClock, type ShowSlot } from '@onair/core';
import { useState, type ReactNode } from 'react';
import { toggleFavorite, useFavoriteIds } from '../../lib/favorites.ts';
import type { ScheduleSource } from '../../lib/schedule-store.ts';
import { useMinuteClock } from '../../lib/use-minute-clock.ts';
import { useSchedule } from '../../lib/use-schedule.tsx';
import { useStation } from '../../lib/station-context.tsx';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import '../../styles/schedule-screen.css';
import { DayCarousel, type SlotActions } from './DayCarousel.tsx';
import { EditSlotModal, type SlotEdit } from './EditSlotModal.tsx';
import { OnAirCard } from './OnAirCard.tsx';
import { EMPTY_SLOT, NEW_SLOT_INDEX, withoutSlot, withSlot } from './schedule-edits.ts';
import { SignInModal } from './SignInModal.tsx';
import { useAdminSession } from './use-admin-session.ts';
import { useScheduleEditor } from './use-schedule-editor.ts';

const FALLBACK_NOTICES: Record<Exclude<ScheduleSource, 'server'>, string> = {
  cache: 'Can’t reach the station right now: showing the last schedule received.',
  bundled: 'Can’t load the latest schedule right now: showing the regular week.',
};

/** The weekly schedule (spec §2): on-air card, one coverflow slide per day, favourites, admin editing. */
export function ScheduleScreen() {
  const state = useSchedule();
  const { station, status: stationStatus } = useStation();
  const timeZone = station?.timeZone ?? DEFAULT_STATION_TIME_ZONE;
  const now = useMinuteClock();
  const favorites = useFavoriteIds();
  const { auth, signIn, signOut } = useAdminSession();
  const editor = useScheduleEditor();
  const [managing, setManaging] = useState(false);
  const [edit, setEdit] = useState<SlotEdit | null>(null);
  const [signInOpen, setSignInOpen] = useState(false);
  const isAdmin = auth.role === 'admin';

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

  const { schedule, source } = state;
  const today = stationWallClock(now, timeZone).weekday;
  const onAir = findOnAir(schedule, now, timeZone);
  const empty = schedule.every((day) => day.shows.length === 0);

  const saveSlot = async (slot: ShowSlot) => {
    if (!edit) return;
    if (await editor.save(withSlot(schedule, edit.day, edit.index, slot))) setEdit(null);
  };
  const manage: SlotActions | null =
    isAdmin && managing
      ? {
          onEdit: (day, index, slot) => setEdit({ day, index, slot }),
          onAdd: (day) => setEdit({ day, index: NEW_SLOT_INDEX, slot: EMPTY_SLOT }),
          onDelete: (day, index) => void editor.remove(withoutSlot(schedule, day, index)),
        }
      : null;

  return (
    <ScreenFrame>
      {source !== 'server' ? (
        <p className="schedule-notice" role="status">
          {FALLBACK_NOTICES[source]}
        </p>
      ) : null}
      <OnAirCard onAir={onAir} />
      {isAdmin ? (
        <AdminBar
          managing={managing}
          busy={editor.saving}
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
            onAir={onAir}
            favorites={favorites}
            onToggleFavorite={(slot) => void toggleFavorite(slot)}
            manage={manage}
          />
          <p className="schedule-hint" aria-hidden="true">
            Swipe for more
          </p>
        </>
      )}
      {!isAdmin && auth.signInEnabled ? (
        <footer className="schedule-footer">
          <button type="button" className="link-button" onClick={() => setSignInOpen(true)}>
            Admin
          </button>
        </footer>
      ) : null}
      <SignInModal open={signInOpen} onClose={() => setSignInOpen(false)} onSignIn={signIn} />
      <EditSlotModal edit={edit} saving={editor.saving} onSave={(slot) => void saveSlot(slot)} onClose={() => setEdit(null)} />
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
  busy: boolean;
  onToggleManage: () => void;
  onUpload: () => void;
  onSignOut: () => void;
}

function AdminBar({ managing, busy, onToggleManage, onUpload, onSignOut }: AdminBarProps) {
  return (
    <div className="admin-bar" role="toolbar" aria-label="Schedule management">
      <button type="button" className="pill-button pill-button--primary" onClick={onToggleManage}>
        {managing ? 'Done' : 'Manage'}
      </button>
      <button type="button" className="pill-button" onClick={onUpload} disabled={busy}>
        Upload
      </button>
      <button type="button" className="pill-button admin-bar__sign-out" onClick={onSignOut}>
        Sign out
      </button>
    </div>
  );
}
