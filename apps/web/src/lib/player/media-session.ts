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
}

/** Lock screens, headsets and car displays: play/pause/stop go to the player. Returns the undo. */
export function bindMediaSessionActions(player: MediaSessionControls): () => void {
  const media = session();
  if (!media) return () => undefined;
  const actions: Array<[MediaSessionAction, () => void]> = [
    ['play', () => player.play()],
    ['pause', () => player.pause()],
    ['stop', () => player.stop()],
  ];
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

/** The player is gone: the lock screen stops showing it. */
export function clearMediaSession(): void {
  const media = session();
  if (!media) return;
  media.metadata = null;
  media.playbackState = 'none';
}
