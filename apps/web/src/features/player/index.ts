// The player feature's public face: the app composes the provider, screens use the hooks.
export { PlayerProvider, usePlayer, useNowPlaying, type PlayerApi } from './PlayerProvider.tsx';
export type { PlayerState } from './audio-engine.ts';
export { PlayButton } from './components/PlayButton.tsx';
export { MuteButton } from './components/MuteButton.tsx';
export { QualityChoice } from './components/QualityChoice.tsx';
