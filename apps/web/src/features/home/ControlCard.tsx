import { DEFAULT_ARTIST, displayTrack } from '@onair/core';
import { useStation } from '../../lib/station-context.tsx';
import { useToast } from '../../ui/toast.tsx';
import { shareNatively } from '../../lib/native/native-shell.ts';
import { isNativeApp } from '../../lib/native/native-platform.ts';
import { BatteryHint } from '../../lib/native/BatteryHint.tsx';
import {
  AirPlayButton,
  CastButton,
  MuteButton,
  PlayButton,
  QualityChoice,
  useNowPlaying,
  usePlayer,
  useRemotePlayback,
} from '../../lib/player/index.ts';

function statusText(state: string, listening: boolean, error: string | null): string {
  if (error) return error;
  if (!listening) return 'Tap play to listen live';
  return state === 'playing' ? 'Live now' : 'Connecting…';
}

/** Cast first: its failure (spec §8, until the fallback resets), or where the sound is playing. */
function castStatusText({ cast }: { cast: ReturnType<typeof useRemotePlayback>['cast'] }): string | null {
  if (cast.error) return cast.error.hint ? `${cast.error.text}. ${cast.error.hint}` : cast.error.text;
  return cast.state === 'connected' && cast.device ? `Playing on ${cast.device}` : null;
}

/** Spec §2 control card: play/pause, cast/AirPlay, mute, share and quality. */
export function ControlCard() {
  const { name, tagline } = useStation();
  const { state, listening, error } = usePlayer();
  const { nowPlaying } = useNowPlaying();
  const track = displayTrack(nowPlaying ?? { title: '', artist: '' }, {
    title: name,
    artist: DEFAULT_ARTIST,
  });
  const toast = useToast();
  const remote = useRemotePlayback();
  const castStatus = castStatusText(remote);

  const share = async () => {
    const url = window.location.origin + '/';
    // Inside the apps: the system share sheet. Checked without awaiting first, so a browser's
    // navigator.share below still runs inside the tap (Safari wants the user activation).
    if (isNativeApp()) return void (await shareNatively({ title: name, text: tagline, url }));
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: name, text: tagline, url });
        return;
      } catch (shareError) {
        // The listener closed the share sheet: nothing to say.
        if (shareError instanceof DOMException && shareError.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.show('Link copied to clipboard');
    } catch {
      toast.show(`Couldn’t copy the link: ${url}`);
    }
  };

  return (
    <section className="home-card home-controls" aria-label="Player">
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
        </p>
      </div>
      <div className="home-controls__row">
        <MuteButton />
        <PlayButton />
        {/* Share first: Cast and AirPlay join it once the browser says it can (after the prerender
            is drawn), so nothing already on screen moves. */}
        <div className="home-controls__more">
          <button type="button" className="player-icon-button" aria-label="Share" onClick={() => void share()}>
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
        </div>
      </div>
      <p className={`home-controls__status${error || remote.cast.error ? ' home-controls__status--error' : ''}`} role="status">
        {castStatus ?? statusText(state, listening, error)}
      </p>
      <QualityChoice />
      <BatteryHint appName={name} listening={listening} />
    </section>
  );
}
