import {
  DEFAULT_AUDIO_QUALITY,
  type AudioQuality,
  type Episode,
  type RewindAction,
  type RewindWindow,
  type TrackHistoryEntry,
} from '@onair/core';
import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useRealtime } from '../realtime-context.tsx';
import { useStation } from '../station-context.tsx';
import type { PlayerSnapshot } from './audio-engine.ts';
import type { NowPlayingSnapshot } from './now-playing-poller.ts';
import type { EpisodeSnapshot } from './episode-playback.ts';
import { INITIAL_CAST_SNAPSHOT } from '../cast/initial-cast-snapshot.ts';
import type { PlayerService, RemotePlaybackView, TimeshiftView } from './player-service.ts';

/*
 * The player as the server's prerender draws it, and so as the browser's first render (the one that
 * hydrates that markup) must draw it too: stopped, at the default quality, no Cast or AirPlay. The
 * listener's own (a stored quality, Cast in Chromium) comes in the render right after.
 */
const PRERENDERED_PLAYER: PlayerSnapshot = {
  state: 'stopped',
  listening: false,
  error: null,
  muted: false,
  quality: DEFAULT_AUDIO_QUALITY,
  sourceKind: null,
};
const PRERENDERED_TIMESHIFT: TimeshiftView = { info: null, rewound: false };
const PRERENDERED_REMOTE: RemotePlaybackView = {
  castOffered: false,
  cast: INITIAL_CAST_SNAPSHOT,
  airPlay: 'unsupported',
};

const PlayerContext = createContext<PlayerService | null>(null);

/**
 * Hands the app's PlayerService to the screens. The service is created outside render (start-app.tsx,
 * or a test) and is started here on mount and stopped on unmount, so a StrictMode double mount or
 * a test leaves no <audio>, timer or listener behind.
 */
export function PlayerProvider({ service, children }: { service: PlayerService; children: ReactNode }) {
  const { station, name } = useStation();
  const realtime = useRealtime();
  useEffect(() => {
    service.start();
    return () => service.stop();
  }, [service]);
  // Live from the hub's now-playing topic where a socket is open; the poll carries on beneath it.
  useEffect(
    () =>
      realtime?.subscribe('now-playing', {
        currentVersion: () => service.realtimeVersion,
        onDocument: (version, data) => service.receiveRealtime(version, data),
      }),
    [realtime, service],
  );
  useEffect(() => service.setStation({ name, streams: station?.streams ?? null }), [service, name, station]);
  return <PlayerContext.Provider value={service}>{children}</PlayerContext.Provider>;
}

function useService(hook: string): PlayerService {
  const service = useContext(PlayerContext);
  if (!service) throw new Error(`${hook} must be used inside <PlayerProvider>`);
  return service;
}

/** The player itself, for what must watch it outside React's render (the service-worker updater). */
export function usePlayerService(): PlayerService {
  return useService('usePlayerService()');
}

export interface PlayerApi extends Omit<PlayerSnapshot, 'sourceKind'> {
  play(): void;
  /** Play is about to be pressed: starts the stream request a tap's length early. */
  prepare(): void;
  pause(): void;
  toggleMute(): void;
  setQuality(quality: AudioQuality): void;
  /** 0..1 multiplier on the volume (the sleep timer's fade-out); the saved volume is unchanged. */
  setFadeLevel(level: number): void;
  /** The keyboard's ↑/↓: the new volume (0..1), or null while casting. */
  stepVolume(step: number): number | null;
}

/** The player: its state and the listener's controls. */
export function usePlayer(): PlayerApi {
  const service = useService('usePlayer()');
  const snapshot = useSyncExternalStore(
    service.subscribe,
    () => service.snapshot,
    () => PRERENDERED_PLAYER,
  );
  return useMemo(
    () => ({
      state: snapshot.state,
      listening: snapshot.listening,
      error: snapshot.error,
      muted: snapshot.muted,
      quality: snapshot.quality,
      play: () => service.play(),
      prepare: () => service.prepare(),
      pause: () => service.pause(),
      toggleMute: () => service.toggleMute(),
      setQuality: (quality: AudioQuality) => service.setQuality(quality),
      setFadeLevel: (level: number) => service.setFadeLevel(level),
      stepVolume: (step: number) => service.stepVolume(step),
    }),
    [service, snapshot],
  );
}

/** Cast and AirPlay: their state and the listener's two buttons. */
export function useRemotePlayback(): RemotePlaybackView & { toggleCast(): void; showAirPlayPicker(): void } {
  const service = useService('useRemotePlayback()');
  const remote = useSyncExternalStore(
    service.subscribe,
    () => service.remote,
    () => PRERENDERED_REMOTE,
  );
  return useMemo(
    () => ({
      ...remote,
      toggleCast: () => service.toggleCast(),
      showAirPlayPicker: () => service.showAirPlayPicker(),
    }),
    [service, remote],
  );
}

/** What is playing, from /api/now-playing (null until the first answer). */
export function useNowPlaying(): NowPlayingSnapshot {
  const service = useService('useNowPlaying()');
  return useSyncExternalStore(
    service.subscribe,
    () => service.nowPlaying,
    () => service.nowPlaying,
  );
}

/** The public listener count to show, or null (the station does not show it, or it is below its minimum). */
export function usePublicListeners(): number | null {
  const service = useService('usePublicListeners()');
  return useSyncExternalStore(
    service.subscribe,
    () => service.listeners,
    () => service.listeners,
  );
}

/** The tracks played before, newest first, as the listener heard them (null until the first answer). */
export function useRecentTracks(): TrackHistoryEntry[] | null {
  const service = useService('useRecentTracks()');
  useEffect(() => service.watchTracks(), [service]);
  return useSyncExternalStore(
    service.subscribe,
    () => service.recentTracks,
    () => service.recentTracks,
  );
}

export interface TimeshiftApi extends TimeshiftView {
  /** The reachable window at `now`, null where live rewind is not offered (yet). */
  rewindWindow(now: number): RewindWindow | null;
  /** The instant heard at `now` (epoch ms); null while stopped at the live edge. */
  heardAt(now: number): number | null;
  seekTo(at: number, action: RewindAction): void;
  back(): void;
  goLive(): void;
}

/** Live rewind: what the window reaches, where the listener is in it, and the moves. Asks the server for the window on mount. */
export function useTimeshift(): TimeshiftApi {
  const service = useService('useTimeshift()');
  const view = useSyncExternalStore(
    service.subscribe,
    () => service.timeshift,
    () => PRERENDERED_TIMESHIFT,
  );
  useEffect(() => service.watchTimeshift(), [service]);
  return useMemo(
    () => ({
      ...view,
      rewindWindow: (now: number) => service.rewindWindow(now),
      heardAt: (now: number) => service.heardAt(now),
      seekTo: (at: number, action: RewindAction) => service.seekTo(at, action),
      back: () => service.back(),
      goLive: () => service.goLive(),
    }),
    [service, view],
  );
}

export interface EpisodePlayerApi {
  /** The episode loaded and where its playhead is; null while none is. */
  episode: EpisodeSnapshot | null;
  /** Plays `episode` from `positionMs`, by default where the listener left it; the live stream stops. */
  play(episode: Episode, positionMs?: number): void;
  pause(): void;
  seek(positionMs: number): void;
}

/** Listen again's player: the same service, an episode instead of the live stream. */
export function useEpisodePlayer(): EpisodePlayerApi {
  const service = useService('useEpisodePlayer()');
  const episode = useSyncExternalStore(
    service.subscribe,
    () => service.episode,
    () => null,
  );
  useEffect(() => void service.prepareEpisodes(), [service]);
  return useMemo(
    () => ({
      episode,
      play: (next: Episode, positionMs?: number) => service.playEpisode(next, positionMs),
      pause: () => service.pauseEpisode(),
      seek: (positionMs: number) => service.seekEpisode(positionMs),
    }),
    [service, episode],
  );
}
