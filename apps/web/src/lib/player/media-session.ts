import type { PlayerState } from '@onair/core';

export interface MediaSessionTrack {
  title: string;
  artist: string;
  album: string;
  /** Absolute or same-origin image URL. */
  artwork: string;
}

/** Artwork sizes offered to lock screens when the feed has no artwork of its own. */
const FALLBACK_ARTWORK = [
  { src: '/images/icon-192.png', sizes: '192x192', type: 'image/png' },
  { src: '/images/icon-512.png', sizes: '512x512', type: 'image/png' },
];

function session(): MediaSession | null {
  return typeof navigator !== 'undefined' && 'mediaSession' in navigator ? navigator.mediaSession : null;
}

export interface MediaSessionControls {
  play(): void;
  pause(): void;
  stop(): void;
  /** Live rewind: back or forward by the lock screen's offset (its own default when it sends none). */
  seekBackward?(offsetMs: number | undefined): void;
  seekForward?(offsetMs: number | undefined): void;
  /** To a position of the window, ms from its start. */
  seekTo?(positionMs: number): void;
}

const secondsToMs = (seconds: number | undefined) =>
  seconds === undefined || !Number.isFinite(seconds) ? undefined : Math.round(seconds * 1000);

/** Lock screens, headsets and car displays: play/pause/stop and the seeks go to the player. Returns the undo. */
export function bindMediaSessionActions(player: MediaSessionControls): () => void {
  const media = session();
  if (!media) return () => undefined;
  const actions: Array<[MediaSessionAction, MediaSessionActionHandler]> = [
    ['play', () => player.play()],
    ['pause', () => player.pause()],
    ['stop', () => player.stop()],
  ];
  const { seekBackward, seekForward, seekTo } = player;
  if (seekBackward)
    actions.push(['seekbackward', (details) => seekBackward.call(player, secondsToMs(details.seekOffset))]);
  if (seekForward)
    actions.push(['seekforward', (details) => seekForward.call(player, secondsToMs(details.seekOffset))]);
  if (seekTo)
    actions.push([
      'seekto',
      (details) => {
        const position = secondsToMs(details.seekTime);
        if (position !== undefined) seekTo.call(player, position);
      },
    ]);
  for (const [action, handler] of actions) {
    try {
      media.setActionHandler(action, handler);
    } catch {
      // An action this browser does not know ('stop' on older Safari) is simply not offered.
    }
  }
  return () => {
    for (const [action] of actions) {
      try {
        media.setActionHandler(action, null);
      } catch {
        // see above
      }
    }
  };
}

export function updateMediaSession(track: MediaSessionTrack, state: PlayerState, listening: boolean): void {
  const media = session();
  if (!media || typeof MediaMetadata === 'undefined') return;
  const artwork = track.artwork ? [{ src: track.artwork }] : FALLBACK_ARTWORK;
  media.metadata = new MediaMetadata({
    title: track.title,
    artist: track.artist,
    album: track.album,
    artwork,
  });
  media.playbackState =
    state === 'playing' || (listening && state === 'loading') ? 'playing' : listening ? 'paused' : 'none';
}

/**
 * The lock screen's seek bar over the live rewind window (null: none, as on a plain live stream).
 * Its end is the live edge; it is set again as the window and the position move.
 */
export function showMediaSessionPosition(
  position: { window: { from: number; to: number }; at: number } | null,
): void {
  const media = session();
  if (!media || typeof media.setPositionState !== 'function') return;
  try {
    if (!position) return void media.setPositionState();
    const duration = (position.window.to - position.window.from) / 1000;
    const at = Math.min(duration, Math.max(0, (position.at - position.window.from) / 1000));
    media.setPositionState({ duration, position: at, playbackRate: 1 });
  } catch {
    // A browser that refuses a state (a zero duration) keeps showing none.
  }
}

/** The player is gone: the lock screen stops showing it. */
export function clearMediaSession(): void {
  const media = session();
  if (!media) return;
  media.metadata = null;
  media.playbackState = 'none';
}
