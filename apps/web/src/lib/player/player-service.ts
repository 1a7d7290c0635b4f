import {
  bufferedEndAt,
  DEFAULT_ARTIST,
  displayTrack,
  listenerLagMs,
  nowPlayingFrameDataSchema,
  trackHistorySchema,
  tracksHeard,
  type AudioQuality,
  type NowPlaying,
  type TrackHistoryEntry,
} from '@onair/core';
import { getJson } from '../api-client.ts';
import type { CastEvent, CastMedia, CastService, CastSnapshot } from '../cast/cast-service.ts';
import { INITIAL_CAST_SNAPSHOT } from '../cast/initial-cast-snapshot.ts';
import { readStored, writeStored } from '../storage.ts';
import { stored } from '../stored.ts';
import { AudioEngine, type PlayerSnapshot, type StreamUrls } from './audio-engine.ts';
import {
  bindMediaSessionActions,
  clearMediaSession,
  updateMediaSession,
  type MediaSessionTrack,
} from './media-session.ts';
import { isNativeApp } from '../native/native-platform.ts';
import { loadNativeAudioPlugin, NativeAudioEngine, type NativeAudioPlugin } from './native-audio-engine.ts';
import { NowPlayingPoller, type NowPlayingSnapshot } from './now-playing-poller.ts';
import { airPlayCapable, castSupported } from './platform.ts';
import { storedAudioQuality } from './quality-store.ts';
import { TitleSync } from './title-sync.ts';
import type { StreamSourceFactory } from './stream-source.ts';

export interface PlayerStation {
  /** The station's name: the lock screen's title and album while the feed has none. */
  name: string;
  /** From /api/station; null until it arrived. */
  streams: StreamUrls | null;
}

export interface PlayerServiceOptions {
  fetchNowPlaying?: (signal: AbortSignal) => Promise<NowPlaying>;
  fetchTrackHistory?: () => Promise<TrackHistoryEntry[]>;
  createSource?: StreamSourceFactory;
  /** Where the listener's quality choice is kept (spec §5: `playfm_audio_quality`). */
  quality?: { read(): AudioQuality; write(quality: AudioQuality): void };
  /** What the server wrote into the page (index.html): shown from the first render, before any poll. */
  initialNowPlaying?: NowPlaying | null;
  /** The cast owner, fetched on demand (its own chunk: never on the first paint). */
  createCast?: () => Promise<CastService>;
}

/** AirPlay as the <audio> element reports it (webkitplaybacktargetavailabilitychanged). */
export type AirPlayAvailability = 'unsupported' | 'unavailable' | 'available';

export interface RemotePlaybackView {
  /** Cast is offered in this browser (Chromium, not iOS: spec §4). */
  castOffered: boolean;
  cast: CastSnapshot;
  airPlay: AirPlayAvailability;
}

/** Spec §8 AirPlay toasts. */
export const AIRPLAY_MESSAGES = {
  unsupported: 'AirPlay not supported on this device',
  unavailable: 'AirPlay not available',
} as const;

type AirPlayMedia = HTMLAudioElement & { webkitShowPlaybackTargetPicker?: () => void };

const storedQuality = {
  read: () => readStored(storedAudioQuality),
  write: (quality: AudioQuality) => void writeStored(storedAudioQuality, quality),
};

/**
 * The one owner of everything the player does to the page: the <audio> element and its engine,
 * the now-playing poller, the online/offline and visibility listeners, and the Media Session. Cast,
 * chat and notifications reach the player through it.
 *
 * Lifecycle (as Bluesky's Convo): the constructor does no work, start() creates and wires
 * everything, stop() removes all of it (element, timers, listeners, requests) and may be followed
 * by another start(), which is what React StrictMode does to the provider's effect.
 */
export class PlayerService {
  readonly #createSource: StreamSourceFactory | undefined;
  readonly #quality: NonNullable<PlayerServiceOptions['quality']>;
  readonly #poller: NowPlayingPoller;
  readonly #titles: TitleSync;
  readonly #fetchTrackHistory: () => Promise<TrackHistoryEntry[]>;
  readonly #listeners = new Set<() => void>();
  /** What the listener hears: the feed's value once its song reached their ears (TitleSync). */
  #heard: NowPlayingSnapshot = { nowPlaying: null, failed: false };
  /** The station's last tracks (newest first) from the socket or GET, null before either. */
  #tracks: TrackHistoryEntry[] | null = null;
  #recent: TrackHistoryEntry[] | null = null;
  #realtimeVersion: number | null = null;
  #trackWatchers = 0;
  /** The heard track the history was last read for: once per track, whatever the answer. */
  #tracksReadFor: string | null | undefined;
  #station: PlayerStation = { name: '', streams: null };
  /** AudioEngine on an <audio> element in browsers; the native player inside the iOS and Android apps. */
  #engine: AudioEngine | NativeAudioEngine | null = null;
  #media: HTMLAudioElement | null = null;
  /** The undo of everything start() wired up. */
  #teardown: Array<() => void> = [];
  /** What the player shows while it is not started; the settings carry over to the next start. */
  #idle: PlayerSnapshot | null = null;
  readonly #createCast: () => Promise<CastService>;
  #cast: Promise<CastService> | null = null;
  #castNow: CastService | null = null;
  #airPlay: AirPlayAvailability = 'unsupported';
  #remote: RemotePlaybackView | null = null;
  #casting: PlayerSnapshot | null = null;
  readonly #castEvents = new Set<(event: CastEvent) => void>();

  constructor(options: PlayerServiceOptions = {}) {
    this.#createSource = options.createSource;
    this.#quality = options.quality ?? storedQuality;
    this.#createCast =
      options.createCast ?? (() => import('../cast/create-cast-service.ts').then((m) => m.createCastService()));
    this.#heard = { nowPlaying: options.initialNowPlaying ?? null, failed: false };
    this.#poller = new NowPlayingPoller({
      isPlaying: () => this.snapshot.listening,
      ...(options.fetchNowPlaying ? { fetchNowPlaying: options.fetchNowPlaying } : {}),
    });
    this.#titles = new TitleSync({ lagMs: () => this.lagMs, onChange: () => this.#heardChanged() });
    this.#fetchTrackHistory =
      options.fetchTrackHistory ??
      (async () => (await getJson('/api/now-playing/history', trackHistorySchema)).tracks);
  }

  get snapshot(): PlayerSnapshot {
    const cast = this.#castNow?.snapshot;
    if (cast?.state === 'connected') return this.#castingSnapshot(cast);
    if (this.#engine) return this.#engine.snapshot;
    // Read once, on first use, rather than in the constructor (which does no work).
    this.#idle ??= {
      state: 'stopped',
      listening: false,
      error: null,
      muted: false,
      quality: this.#quality.read(),
      sourceKind: null,
    };
    return this.#idle;
  }

  /** Cast and AirPlay, for the control card. */
  get remote(): RemotePlaybackView {
    const cast = this.#castNow?.snapshot ?? INITIAL_CAST_SNAPSHOT;
    const last = this.#remote;
    if (last && last.cast === cast && last.airPlay === this.#airPlay) return last;
    // No navigator while the server prerenders the page: the button comes with the browser's render.
    const castOffered = typeof navigator === 'object' && castSupported();
    this.#remote = { castOffered, cast, airPlay: this.#airPlay };
    return this.#remote;
  }

  /** Cast's toasts and its connect/disconnect, for whoever shows them. */
  onCastEvent(listener: (event: CastEvent) => void): () => void {
    this.#castEvents.add(listener);
    return () => this.#castEvents.delete(listener);
  }

  /** The Cast button: loads the framework on first use, then connects or stops casting. */
  toggleCast(): void {
    void this.#loadCast().then((cast) => cast.toggle(this.#castMedia()));
  }

  /** The AirPlay button: the system picker when a target exists, else why not (spec §8). */
  showAirPlayPicker(): void {
    const media = this.#media as AirPlayMedia | null;
    if (!media || typeof media.webkitShowPlaybackTargetPicker !== 'function')
      this.#emitCast({ type: 'toast', text: AIRPLAY_MESSAGES.unsupported });
    else if (this.#airPlay !== 'available') this.#emitCast({ type: 'toast', text: AIRPLAY_MESSAGES.unavailable });
    else media.webkitShowPlaybackTargetPicker();
  }

  /** What is playing as the listener hears it: a new title waits until its song reaches their ears. */
  get nowPlaying(): NowPlayingSnapshot {
    return this.#heard;
  }

  /**
   * How far behind live the listener hears (ms): the audio buffered ahead of the playhead, which
   * holds Icecast's burst and the player's own buffer. 0 while nothing plays.
   */
  get lagMs(): number {
    const media = this.#media;
    if (!media || this.snapshot.state !== 'playing') return 0;
    return listenerLagMs({ currentTimeS: media.currentTime, bufferedEndS: bufferedEndAt(media.buffered, media.currentTime) });
  }

  /** The tracks played before (newest first), none the listener has not heard begin yet; null before the first answer. */
  get recentTracks(): TrackHistoryEntry[] | null {
    return this.#recent;
  }

  /** The socket's `now-playing` version held, so a reconnect is sent only what changed. */
  get realtimeVersion(): number | null {
    return this.#realtimeVersion;
  }

  /** A `now-playing` frame from the realtime socket: live track and history, no poll needed. */
  receiveRealtime(version: number, data: unknown): void {
    const parsed = nowPlayingFrameDataSchema.safeParse(data);
    if (!parsed.success) return;
    this.#realtimeVersion = version;
    this.#tracks = parsed.data.tracks;
    this.#poller.accept(parsed.data.nowPlaying);
    this.#heardChanged();
  }

  /**
   * Recently played wants the history while it is on screen: it is read at once and again at each
   * heard track it does not list yet (when no socket brought it). Returns the unwatch.
   */
  watchTracks(): () => void {
    this.#trackWatchers += 1;
    if (this.#tracks === null) void this.#loadTracks(this.#heard.nowPlaying?.updatedAt ?? null);
    return () => {
      this.#trackWatchers -= 1;
    };
  }

  /** For useSyncExternalStore: called on any change of the player or of what is playing. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  start(): void {
    if (this.#engine) return;
    const engine = isNativeApp() ? this.#createNativeEngine() : this.#createWebEngine();
    this.#engine = engine;

    const online = () => engine.setOnline(true);
    const offline = () => engine.setOnline(false);
    const visibility = () => {
      if (document.visibilityState === 'visible') engine.pageVisible();
    };
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    document.addEventListener('visibilitychange', visibility);
    this.#teardown = [
      () => window.removeEventListener('online', online),
      () => window.removeEventListener('offline', offline),
      () => document.removeEventListener('visibilitychange', visibility),
      engine.subscribe(() => {
        this.#poller.playingChanged();
        this.#changed();
      }),
      this.#poller.subscribe(() => {
        this.#titles.receive(this.#poller.snapshot.nowPlaying);
        this.#heardChanged();
      }),
      this.#poller.start(),
      // Inside the apps the native player owns the lock screen and its controls.
      // Play/pause/stop go through the service, so that while casting they reach the receiver.
      engine instanceof NativeAudioEngine
        ? () => undefined
        : bindMediaSessionActions({ play: () => this.play(), pause: () => this.pause(), stop: () => this.pause() }),
      this.#watchAirPlay(),
    ];
    // A session saved within 30 min (spec §9) is rejoined; only then is the framework fetched at start.
    if (readStored(stored.castSession)?.isConnected) void this.#loadCast().then((cast) => cast.resume());
    this.#changed();
  }

  stop(): void {
    const engine = this.#engine;
    if (!engine) return;
    for (const undo of this.#teardown.splice(0)) undo();
    this.#titles.stop();
    const { muted, quality } = engine.snapshot;
    engine.destroy();
    this.#media?.remove();
    this.#media = null;
    this.#engine = null;
    this.#idle = { state: 'stopped', listening: false, error: null, muted, quality, sourceKind: null };
    clearMediaSession();
    for (const listener of this.#listeners) listener();
  }

  setStation(station: PlayerStation): void {
    this.#station = station;
    this.#engine?.setStreams(station.streams);
    this.#showOnLockScreen();
  }

  // While casting, play/pause and mute act on the receiver.
  play(): void {
    if (this.#castConnected()) this.#castNow?.play();
    else this.#engine?.play();
  }

  /** Play is about to be pressed (pointerdown): the stream request may start now. Not while casting. */
  prepare(): void {
    if (!this.#castConnected()) this.#engine?.prepare();
  }

  pause(): void {
    if (this.#castConnected()) this.#castNow?.pause();
    else this.#engine?.pause();
  }

  toggleMute(): void {
    if (this.#castConnected()) this.#castNow?.toggleMute();
    else this.#engine?.toggleMute();
  }

  setQuality(quality: AudioQuality): void {
    this.#quality.write(quality);
    if (this.#engine) this.#engine.setQuality(quality);
    else this.#idle = { ...this.snapshot, quality };
    this.#castChanged();
  }

  /** 0..1 multiplier on the volume (the sleep timer's fade-out); the saved volume is unchanged. */
  setFadeLevel(level: number): void {
    this.#engine?.setFadeLevel(level);
  }

  #createWebEngine(): AudioEngine {
    const settings = this.snapshot;
    // In the document (hidden) rather than detached, so devtools and tests can find the one element.
    const media = document.createElement('audio');
    media.hidden = true;
    media.dataset['testid'] = 'player-audio';
    document.body.append(media);
    this.#media = media;
    return new AudioEngine(media, {
      streams: this.#station.streams,
      quality: settings.quality,
      muted: settings.muted,
      online: navigator.onLine,
      ...(this.#createSource ? { createSource: this.#createSource } : {}),
    });
  }

  #createNativeEngine(): NativeAudioEngine {
    const settings = this.snapshot;
    const plugin = loadNativeAudioPlugin().then(
      (found): NativeAudioPlugin | Promise<never> => found ?? Promise.reject(new Error('no native player')),
    );
    return new NativeAudioEngine(plugin, {
      streams: this.#station.streams,
      quality: settings.quality,
      muted: settings.muted,
      online: navigator.onLine,
      track: this.#lockScreenTrack(),
    });
  }

  async #loadTracks(heardAt: string | null): Promise<void> {
    if (this.#tracksReadFor === heardAt) return;
    this.#tracksReadFor = heardAt;
    try {
      this.#tracks = await this.#fetchTrackHistory();
    } catch {
      return; // Recently played keeps what it has; the next heard track tries again
    }
    this.#heardChanged();
  }

  #heardChanged(): void {
    const nowPlaying = this.#titles.heard;
    const { failed } = this.#poller.snapshot;
    if (nowPlaying !== this.#heard.nowPlaying || failed !== this.#heard.failed) this.#heard = { nowPlaying, failed };
    const heardAt = nowPlaying?.updatedAt ?? null;
    const recent = this.#tracks === null ? null : tracksHeard(this.#tracks, heardAt);
    if (JSON.stringify(recent) !== JSON.stringify(this.#recent)) this.#recent = recent;
    const listed = heardAt === null || (this.#tracks ?? []).some((track) => track.startedAt === heardAt);
    if (this.#trackWatchers > 0 && this.#tracks !== null && !listed) void this.#loadTracks(heardAt);
    this.#changed();
  }

  #castConnected(): boolean {
    return this.#castNow?.snapshot.state === 'connected';
  }

  /** While casting the receiver is the player: its play/mute state is the listener's. */
  #castingSnapshot(cast: CastSnapshot): PlayerSnapshot {
    const next: PlayerSnapshot = {
      state: cast.paused ? 'stopped' : 'playing',
      listening: !cast.paused,
      error: null,
      muted: cast.muted,
      quality: (this.#engine?.snapshot ?? this.#idle)?.quality ?? this.#quality.read(),
      sourceKind: null,
    };
    const last = this.#casting;
    const same = last && (Object.keys(next) as Array<keyof PlayerSnapshot>).every((key) => last[key] === next[key]);
    if (same) return last;
    this.#casting = next;
    return next;
  }

  #loadCast(): Promise<CastService> {
    this.#cast ??= this.#createCast().then((cast) => {
      this.#castNow = cast;
      cast.subscribe(() => this.#changed());
      cast.on((event) => {
        // The receiver plays the station now: the local stream stops (and is not downloaded twice).
        if (event.type === 'connected') this.#engine?.pause();
        this.#emitCast(event);
      });
      return cast;
    });
    return this.#cast;
  }

  /** The receiver gets the plain stream URL of the chosen quality (never the MediaSource blob) and the track. */
  #castMedia(): CastMedia {
    const track = this.#lockScreenTrack();
    return {
      ...track,
      url: this.#station.streams?.[this.snapshot.quality] ?? '',
      artwork: track.artwork ? new URL(track.artwork, window.location.href).href : '',
    };
  }

  /** A new track or quality reaches the receiver too. */
  #castChanged(): void {
    if (this.#castConnected()) void this.#castNow?.setMedia(this.#castMedia());
  }

  #emitCast(event: CastEvent): void {
    for (const listener of this.#castEvents) listener(event);
  }

  /** AirPlay-capable WebKit tells the element whether playback targets exist. */
  #watchAirPlay(): () => void {
    const media = this.#media;
    if (!media || !airPlayCapable(window)) return () => undefined;
    this.#airPlay = 'unavailable';
    const targets = (event: Event) => {
      const { availability } = event as Event & { availability?: string };
      this.#airPlay = availability === 'available' ? 'available' : 'unavailable';
      this.#changed();
    };
    media.addEventListener('webkitplaybacktargetavailabilitychanged', targets);
    return () => media.removeEventListener('webkitplaybacktargetavailabilitychanged', targets);
  }

  #changed(): void {
    this.#castChanged();
    this.#showOnLockScreen();
    for (const listener of this.#listeners) listener();
  }

  #showOnLockScreen(): void {
    const engine = this.#engine;
    if (!engine) return;
    const track = this.#lockScreenTrack();
    if (engine instanceof NativeAudioEngine) engine.showTrack(track);
    else updateMediaSession(track, engine.snapshot.state, engine.snapshot.listening);
  }

  #lockScreenTrack(): MediaSessionTrack {
    const { nowPlaying } = this.#heard;
    const { name } = this.#station;
    const track = displayTrack(nowPlaying ?? { title: '', artist: '' }, {
      title: name,
      artist: DEFAULT_ARTIST,
    });
    return { ...track, album: nowPlaying?.album || name, artwork: nowPlaying?.artwork ?? '' };
  }
}
