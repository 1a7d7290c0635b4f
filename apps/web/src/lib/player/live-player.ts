/**
 * What playing the live stream takes beyond the player's face: the engines (an <audio> element's, or
 * the native player's inside the apps), the lock screen's Media Session and the listening-session
 * report. Its own chunk: PlayerService fetches it at start(), once the app has taken over the
 * prerendered screen, so the first paint never waits for it (bench:bundle).
 */
export { AudioEngine } from './audio-engine.ts';
export { loadNativeAudioPlugin, NativeAudioEngine } from './native-audio-engine.ts';
export { NativeAudioCalls } from './native-audio-calls.ts';
export {
  bindMediaSessionActions,
  clearMediaSession,
  showMediaSessionPosition,
  updateMediaSession,
} from './media-session.ts';
export { ListeningSessionReporter } from './listening-session.ts';
