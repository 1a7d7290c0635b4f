import { t } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { BrowserOnly } from '../../ui/BrowserOnly.tsx';
import { useStation } from '../../lib/station-context.tsx';
import { useToast } from '../../ui/toast.tsx';
import { shareLink } from '../../lib/share-link.ts';
import { BatteryHint } from '../../lib/native/BatteryHint.tsx';
import { closePopOut, openPopOut, usePopOutSupported, usePopOutWindow } from '../../lib/pop-out.ts';
import { useDisplayTrack } from './use-display-track.ts';
import {
  AirPlayButton,
  CastButton,
  MuteButton,
  PlayButton,
  QualityChoice,
  usePlayer,
  usePublicListeners,
  useRemotePlayback,
  useTimeshift,
} from '../../lib/player/index.ts';

// The rewind timeline asks the server for its window after first paint: its code is a chunk of its own.
const RewindTimeline = lazy(() => import('./rewind/RewindTimeline.tsx'));

function statusText(state: string, listening: boolean, error: string | null, rewound: boolean): string {
  if (error) return error;
  if (!listening) return rewound ? t`Paused. Tap play to carry on` : t`Tap play to listen live`;
  if (state !== 'playing') return t`Connecting…`;
  return rewound ? t`Playing from earlier` : t`Live now`;
}

/** Cast first: its failure (spec §8, until the fallback resets), or where the sound is playing. */
function castStatusText({ cast }: { cast: ReturnType<typeof useRemotePlayback>['cast'] }): string | null {
  if (cast.error) return cast.error.hint ? `${cast.error.text}. ${cast.error.hint}` : cast.error.text;
  const device = cast.device;
  return cast.state === 'connected' && device ? t`Playing on ${device}` : null;
}

/** Spec §2 control card: play/pause, cast/AirPlay, mute, share and quality. */
export function ControlCard() {
  const { t } = useLingui();
  const { name, tagline } = useStation();
  const { state, listening, error } = usePlayer();
  const { rewound } = useTimeshift();
  const track = useDisplayTrack();
  const listeners = usePublicListeners();
  const toast = useToast();
  const popOutSupported = usePopOutSupported();
  const popOutWindow = usePopOutWindow();
  const popOutPlayer = () =>
    // The browser's refusal (a DOMException) always says why.
    openPopOut().catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      toast.show(t`Couldn’t pop out the player: ${reason}`);
    });
  const remote = useRemotePlayback();
  const castStatus = castStatusText(remote);

  // Inside the apps: the system share sheet; in a browser its own, else the clipboard.
  const share = () => shareLink(window.location.origin + '/', name, toast.show, tagline);

  return (
    <section className="home-card home-controls" aria-label={t`Player`}>
      <div className="home-track" data-testid="now-playing">
        <span
          className={`home-track__eq${state === 'playing' ? ' home-track__eq--on' : ''}`}
          aria-hidden="true"
        >
          <i />
          <i />
          <i />
        </span>
        <p className="home-track__text">
          <span className="home-track__title">{track.title}</span>
          <span className="home-track__artist">{track.artist}</span>
          {listeners !== null && (
            <span className="home-track__listeners" data-testid="listener-count">
              <Plural value={listeners} one="# listening" other="# listening" />
            </span>
          )}
        </p>
      </div>
      {popOutWindow ? (
        // The controls are in the small window now (app/layout.tsx draws them there); closing it
        // brings them back here.
        <div className="home-controls__popped">
          <p>
            <Trans>The player is in its own small window.</Trans>
          </p>
          <button type="button" className="home-controls__return" onClick={closePopOut}>
            <Trans>Bring the player back</Trans>
          </button>
        </div>
      ) : (
        <div className="home-controls__row">
          <MuteButton />
          <PlayButton />
          {/* Share first: Cast and AirPlay join it once the browser says it can (after the prerender
              is drawn), so nothing already on screen moves. */}
          <div className="home-controls__more">
            <button
              type="button"
              className="player-icon-button"
              aria-label={t`Share`}
              onClick={() => void share()}
            >
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                <path
                  d="M12 3v12M7.5 7.5L12 3l4.5 4.5M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  fill="none"
                />
              </svg>
            </button>
            <CastButton />
            <AirPlayButton />
            {popOutSupported ? (
              <button
                type="button"
                className="player-icon-button"
                aria-label={t`Pop out player`}
                onClick={() => void popOutPlayer()}
              >
                <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                  <path
                    d="M4 6.5A1.5 1.5 0 0 1 5.5 5h13A1.5 1.5 0 0 1 20 6.5v11a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 17.5z"
                    stroke="currentColor"
                    strokeWidth="2"
                    fill="none"
                  />
                  <rect x="11.5" y="11.5" width="6" height="5" rx="0.8" fill="currentColor" />
                </svg>
              </button>
            ) : null}
          </div>
        </div>
      )}
      <p
        className={`home-controls__status${error || remote.cast.error ? ' home-controls__status--error' : ''}`}
        role="status"
      >
        {castStatus ?? statusText(state, listening, error, rewound)}
      </p>
      <BrowserOnly>
        <Suspense fallback={null}>
          <RewindTimeline />
        </Suspense>
      </BrowserOnly>
      <QualityChoice />
      <BatteryHint appName={name} listening={listening} />
    </section>
  );
}
