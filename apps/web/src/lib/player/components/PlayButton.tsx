import { useLingui } from '@lingui/react/macro';
import { ariaShortcut } from '../../keyboard-shortcuts.ts';
import * as stored from '../../stored.ts';
import { useStored } from '../../use-stored.ts';
import { usePlayer } from '../PlayerProvider.tsx';

/** The big round button. Its name says what a press does now: 'Play' or 'Pause'. */
export function PlayButton() {
  const { t } = useLingui();
  const { listening, state, play, prepare, pause } = usePlayer();
  const label = listening ? t`Pause` : t`Play`;
  const [shortcutsOn] = useStored(stored.keyboardShortcuts);
  return (
    <button
      type="button"
      className="player-play"
      data-state={state}
      aria-label={label}
      aria-busy={listening && state === 'loading'}
      aria-keyshortcuts={ariaShortcut('play-pause', shortcutsOn)}
      onClick={listening ? pause : play}
      // The stream opens when the finger lands, ~100 ms before the click: that much sooner sound.
      onPointerDown={listening ? undefined : prepare}
      onKeyDown={(event) => {
        if (!listening && (event.key === 'Enter' || event.key === ' ')) prepare();
      }}
    >
      <svg viewBox="0 0 24 24" width="34" height="34" aria-hidden="true" focusable="false">
        {listening ? (
          <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" fill="currentColor" />
        ) : (
          <path
            d="M8 5.2v13.6a.8.8 0 0 0 1.2.7l10.4-6.8a.8.8 0 0 0 0-1.4L9.2 4.5A.8.8 0 0 0 8 5.2z"
            fill="currentColor"
          />
        )}
      </svg>
      {listening && state === 'loading' ? <span className="player-play__ring" aria-hidden="true" /> : null}
    </button>
  );
}
