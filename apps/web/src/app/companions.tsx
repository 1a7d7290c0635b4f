import { lazy, Suspense, useState } from 'react';
import { InstallModal } from '../features/install/index.ts';
import { NotificationsCompanion } from '../features/notifications/index.ts';
import { ServiceWorkerUpdater } from '../features/pwa/index.ts';
import { useSleepTimer } from '../features/sleep-timer/index.ts';
import { useListeningSessions } from '../features/stats/index.ts';
import { usePlayer } from '../lib/player/index.ts';
import { KeyboardShortcuts } from './keyboard-shortcuts/KeyboardShortcuts.tsx';
import { NOTIFICATIONS_DIALOG, SLEEP_TIMER_DIALOG, useDialogParam } from './dialog-param.ts';

/**
 * What the app runs beside the screens, none of it drawn on the first paint: the sleep timer and
 * listening sessions, reminders and the Notifications modal, the install offer, the service worker,
 * the keyboard shortcuts.
 * The layout loads this module once the prerendered screen is hydrated (its own chunk, off Home's
 * first paint); each part then starts from what the page holds (the URL's dialog, storage).
 */
export function Companions({ online }: { online: boolean }) {
  const notifications = useDialogParam(NOTIFICATIONS_DIALOG);
  return (
    <>
      <PlayerCompanions online={online} />
      <NotificationsCompanion open={notifications.open} onClose={notifications.close} />
      <InstallModal />
      <ServiceWorkerUpdater />
      <KeyboardShortcuts />
    </>
  );
}

/** The sleep timer's dialog: its own chunk, fetched the first time it opens (off Home's first paint). */
const SleepTimerModal = lazy(() =>
  import('../features/sleep-timer/SleepTimerModal.tsx').then(({ SleepTimerModal }) => ({
    default: SleepTimerModal,
  })),
);

/**
 * The features that follow the player — sleep timer and listening sessions — meet here, so neither
 * imports the player: they get its facts and controls as plain values and callbacks.
 */
function PlayerCompanions({ online }: { online: boolean }) {
  const player = usePlayer();
  const { open, close } = useDialogParam(SLEEP_TIMER_DIALOG);
  const playing = player.listening && player.state === 'playing';
  // Mounted from its first opening on, so that it also closes as a dialog does.
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);

  const timer = useSleepTimer({
    onExpire: () => {
      player.pause();
      if (open) close();
    },
    onFade: player.setFadeLevel,
  });
  useListeningSessions({ listening: player.listening, playing: player.state === 'playing', online });

  return opened ? (
    <Suspense fallback={null}>
      <SleepTimerModal open={open} onClose={close} playing={playing} timer={timer} />
    </Suspense>
  ) : null;
}
