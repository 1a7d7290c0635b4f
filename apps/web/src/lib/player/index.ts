// The player's public face, shared by the screens (Home), the app shell (sleep timer, stats) and,
// later, cast: it lives in lib/ because features never import each other.
export {
  PlayerProvider,
  usePlayer,
  usePlayerService,
  useNowPlaying,
  usePublicListeners,
  useRecentTracks,
  type PlayerApi,
} from './PlayerProvider.tsx';
export { PlayerService, type PlayerServiceOptions } from './player-service.ts';
export type { PlayerState } from './audio-engine.ts';
export { PlayButton } from './components/PlayButton.tsx';
export { MuteButton } from './components/MuteButton.tsx';
export { QualityChoice } from './components/QualityChoice.tsx';
export { AirPlayButton, CastButton, RemotePlaybackToasts } from './components/RemotePlaybackButtons.tsx';
export {
  useEpisodePlayer,
  useRemotePlayback,
  useTimeshift,
  type EpisodePlayerApi,
  type TimeshiftApi,
} from './PlayerProvider.tsx';
export type { EpisodeSnapshot } from './episode-playback.ts';
