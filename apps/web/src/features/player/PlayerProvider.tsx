import { DEFAULT_ARTIST, displayTrack, type AudioQuality } from '@onair/core';
import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { readStored, writeStored } from '../../lib/storage.ts';
import { useStation } from '../../lib/station-context.tsx';
import { AudioEngine, type PlayerSnapshot } from './audio-engine.ts';
import { bindMediaSessionActions, updateMediaSession } from './media-session.ts';
import { NowPlayingPoller, type NowPlayingSnapshot } from './now-playing-poller.ts';
import { storedAudioQuality } from './quality-store.ts';

interface PlayerServices {
  engine: AudioEngine;
  poller: NowPlayingPoller;
}

const PlayerContext = createContext<PlayerServices | null>(null);

function createServices(): PlayerServices {
  // In the document (hidden) rather than detached, so devtools and tests can find the one element.
  const media = document.createElement('audio');
  media.hidden = true;
  media.dataset['testid'] = 'player-audio';
  document.body.append(media);
  const engine = new AudioEngine(media, {
    streams: null,
    quality: readStored(storedAudioQuality),
    online: navigator.onLine,
  });
  const poller = new NowPlayingPoller({ isPlaying: () => engine.snapshot.listening });
  return { engine, poller };
}

/** Owns the audio engine and the now-playing poller for the whole app; one per page. */
export function PlayerProvider({ children }: { children: ReactNode }) {
  const [services] = useState(createServices);
  const { engine, poller } = services;
  const { station, name } = useStation();

  useEffect(() => engine.setStreams(station?.streams ?? null), [engine, station]);

  useEffect(() => {
    const online = () => engine.setOnline(true);
    const offline = () => engine.setOnline(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }, [engine]);

  useEffect(() => poller.start(), [poller]);
  useEffect(() => engine.subscribe(() => poller.playingChanged()), [engine, poller]);
  useEffect(() => bindMediaSessionActions(engine), [engine]);

  const player = useSyncExternalStore(
    (listener) => engine.subscribe(listener),
    () => engine.snapshot,
  );
  const { nowPlaying } = useSyncExternalStore(
    (listener) => poller.subscribe(listener),
    () => poller.snapshot,
  );
  useEffect(() => {
    const track = displayTrack(nowPlaying ?? { title: '', artist: '' }, {
      title: name,
      artist: DEFAULT_ARTIST,
    });
    updateMediaSession(
      { ...track, album: nowPlaying?.album || name, artwork: nowPlaying?.artwork ?? '' },
      player.state,
      player.listening,
    );
  }, [nowPlaying, name, player.state, player.listening]);

  return <PlayerContext.Provider value={services}>{children}</PlayerContext.Provider>;
}

function useServices(hook: string): PlayerServices {
  const services = useContext(PlayerContext);
  if (!services) throw new Error(`${hook} must be used inside <PlayerProvider>`);
  return services;
}

export interface PlayerApi extends Omit<PlayerSnapshot, 'sourceKind'> {
  play(): void;
  pause(): void;
  toggleMute(): void;
  setQuality(quality: AudioQuality): void;
  /** 0..1 multiplier on the volume (the sleep timer's fade-out); the saved volume is unchanged. */
  setFadeLevel(level: number): void;
}

/** The player: its state and the listener's controls. */
export function usePlayer(): PlayerApi {
  const { engine } = useServices('usePlayer()');
  const snapshot = useSyncExternalStore(
    (listener) => engine.subscribe(listener),
    () => engine.snapshot,
  );
  return useMemo(
    () => ({
      state: snapshot.state,
      listening: snapshot.listening,
      error: snapshot.error,
      muted: snapshot.muted,
      quality: snapshot.quality,
      play: () => engine.play(),
      pause: () => engine.pause(),
      toggleMute: () => engine.toggleMute(),
      setQuality: (quality: AudioQuality) => {
        writeStored(storedAudioQuality, quality);
        engine.setQuality(quality);
      },
      setFadeLevel: (level: number) => engine.setFadeLevel(level),
    }),
    [engine, snapshot],
  );
}

/** What is playing, from /api/now-playing (null until the first answer). */
export function useNowPlaying(): NowPlayingSnapshot {
  const { poller } = useServices('useNowPlaying()');
  return useSyncExternalStore(
    (listener) => poller.subscribe(listener),
    () => poller.snapshot,
  );
}
