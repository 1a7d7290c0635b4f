import { DEFAULT_ARTIST, displayTrack } from '@onair/core';
import { useStation } from '../../lib/station-context.tsx';
import { useToast } from '../../ui/toast.tsx';
import { MuteButton, PlayButton, QualityChoice, useNowPlaying, usePlayer } from '../player/index.ts';

function statusText(state: string, listening: boolean, error: string | null): string {
  if (error) return error;
  if (!listening) return 'Tap play to listen live';
  return state === 'playing' ? 'Live now' : 'Connecting…';
}

/** Spec §2 control card: play/pause, mute, share and quality; cast/AirPlay join when they exist. */
export function ControlCard() {
  const { name, tagline } = useStation();
  const { state, listening, error } = usePlayer();
  const { nowPlaying } = useNowPlaying();
  const track = displayTrack(nowPlaying ?? { title: '', artist: '' }, {
    title: name,
    artist: DEFAULT_ARTIST,
  });
  const toast = useToast();

  const share = async () => {
    const url = window.location.origin + '/';
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
      </div>
      <p className={`home-controls__status${error ? ' home-controls__status--error' : ''}`} role="status">
        {statusText(state, listening, error)}
      </p>
      <QualityChoice />
    </section>
  );
}
