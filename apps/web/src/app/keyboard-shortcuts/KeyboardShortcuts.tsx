import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  FOCUS_CHAT_STATE,
  findChatField,
  shortcutFor,
  VOLUME_STEP,
  type ShortcutAction,
} from '../../lib/keyboard-shortcuts.ts';
import { usePlayerService } from '../../lib/player/index.ts';
import * as stored from '../../lib/stored.ts';
import { useStored } from '../../lib/use-stored.ts';
import { SHORTCUTS_DIALOG, useDialogParam } from '../dialog-param.ts';

// The list of shortcuts is opened by a key press or a link: its own chunk.
const ShortcutsDialog = lazy(() =>
  import('./ShortcutsDialog.tsx').then(({ ShortcutsDialog }) => ({ default: ShortcutsDialog })),
);

/**
 * The keyboard shortcuts (issue 34) for every screen and width: one keydown listener on the window
 * while they are on, which leaves typing, modified keys and open dialogs alone (lib/keyboard-shortcuts.ts).
 * What a key did that shows nowhere on screen (mute, the volume) is said in a polite status.
 */
export function KeyboardShortcuts() {
  const [enabled] = useStored(stored.keyboardShortcuts);
  const player = usePlayerService();
  const navigate = useNavigate();
  const help = useDialogParam(SHORTCUTS_DIALOG);
  const showHelp = help.show;
  const [said, setSaid] = useState('');
  const { t } = useLingui();
  // Mounted from its first opening on, so that it also closes as a dialog does.
  const [helpOpened, setHelpOpened] = useState(help.open);
  if (help.open && !helpOpened) setHelpOpened(true);

  useEffect(() => {
    if (!enabled) return;
    const act = (action: ShortcutAction) => {
      switch (action) {
        case 'play-pause':
          if (player.snapshot.listening) player.pause();
          else player.play();
          return;
        case 'mute': {
          // Said from the state before: a Cast receiver reports its new state a moment later.
          const wasMuted = player.snapshot.muted;
          player.toggleMute();
          setSaid(wasMuted ? t`Sound on` : t`Muted`);
          return;
        }
        case 'volume-up':
        case 'volume-down': {
          const level = player.stepVolume(action === 'volume-up' ? VOLUME_STEP : -VOLUME_STEP);
          const percent = level === null ? 0 : Math.round(level * 100);
          setSaid(
            level === null ? t`While casting, the volume is set on the speaker` : t`Volume ${percent}%`,
          );
          return;
        }
        case 'focus-chat': {
          const field = findChatField();
          if (field) field.focus();
          else void navigate('/chat', { state: FOCUS_CHAT_STATE });
          return;
        }
        case 'show-help':
          showHelp();
          return;
      }
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const action = shortcutFor(event);
      if (!action) return;
      // The key is ours: Space and the arrows would otherwise scroll the page, `c` would type nothing.
      event.preventDefault();
      act(action);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled, player, navigate, showHelp, t]);

  return (
    <>
      <p className="visually-hidden" role="status">
        {said}
      </p>
      {helpOpened ? (
        <Suspense fallback={null}>
          <ShortcutsDialog open={help.open} onClose={help.close} />
        </Suspense>
      ) : null}
    </>
  );
}
