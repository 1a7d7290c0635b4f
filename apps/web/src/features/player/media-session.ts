import type { AudioEngine, PlayerState } from './audio-engine.ts';

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

/** Lock screens, headsets and car displays: play/pause/stop go to the engine. Returns the undo. */
export function bindMediaSessionActions(engine: AudioEngine): () => void {
  const media = session();
  if (!media) return () => undefined;
  const actions: Array<[MediaSessionAction, () => void]> = [
    ['play', () => engine.play()],
    ['pause', () => engine.pause()],
    ['stop', () => engine.stop()],
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
