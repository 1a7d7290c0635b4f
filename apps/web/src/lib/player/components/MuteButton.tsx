import { useLingui } from '@lingui/react/macro';
import { ariaShortcut } from '../../keyboard-shortcuts.ts';
import * as stored from '../../stored.ts';
import { useStored } from '../../use-stored.ts';
import { usePlayer } from '../PlayerProvider.tsx';

export function MuteButton() {
  const { t } = useLingui();
  const { muted, toggleMute } = usePlayer();
  const [shortcutsOn] = useStored(stored.keyboardShortcuts);
  return (
    <button
      type="button"
      className="player-icon-button"
      aria-label={muted ? t`Unmute` : t`Mute`}
      aria-keyshortcuts={ariaShortcut('mute', shortcutsOn)}
      onClick={toggleMute}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4z" fill="currentColor" />
        {muted ? (
          <path
            d="M16 9.5l5 5M21 9.5l-5 5"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            fill="none"
          />
        ) : (
          <path
            d="M15.5 9a4 4 0 0 1 0 6M18 6.5a7.5 7.5 0 0 1 0 11"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            fill="none"
          />
        )}
      </svg>
    </button>
  );
}
