import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  AUDIO_DEFAULT_VOLUME,
  bufferedEndAt,
  clampToWindow,
  DEFAULT_ARTIST,
  displayTrack,
  isAtLiveEdge,
  sameTrack,
  REWIND_STEP_MS,
  rewindUrl,
  REWIND_WINDOW_PATH,
  rewindWindowAt,
  rewindWindowSchema,
  stepBack,
  stepForward,
  trackPlayingAt,
  type Episode,
  type RewindAction,
  type RewindWindow,
  type RewindWindowInfo,
  listenerLagMs,
  nowPlayingFrameDataSchema,
  trackHistorySchema,
  tracksHeard,
  type AudioQuality,
  type NowPlaying,
  type TrackHistoryEntry,
} from '@onair/core';
import { track as trackEvent } from '../analytics.ts';
import { getJson } from '../api-client.ts';
import type { CastEvent, CastMedia, CastService, CastSnapshot } from '../cast/cast-service.ts';
import { INITIAL_CAST_SNAPSHOT } from '../cast/initial-cast-snapshot.ts';
import { readStored, writeStored } from '../storage.ts';
import * as stored from '../stored.ts';
import type { AudioEngine, PlayerSnapshot, StreamUrls } from './audio-engine.ts';
import type { MediaSessionTrack } from './media-session.ts';
import { loadNativeAirPlay, type NativeAirPlay } from '../native/native-airplay.ts';
import { isNativeApp } from '../native/native-platform.ts';
import type { NativeAudioEngine, NativeAudioPlugin } from './native-audio-engine.ts';
import type { NativeAudioCalls } from './native-audio-calls.ts';
import type { EpisodePlayback, EpisodeSnapshot } from './episode-playback.ts';
import type { EpisodePlayer } from './episode-player.ts';
import type { NativeEpisodePlayer } from './native-episode-player.ts';
import type * as LivePlayerModule from './live-player.ts';
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

/** The engines, the lock screen and the session report (live-player.ts). */
export type LivePlayer = typeof LivePlayerModule;

export interface PlayerServiceOptions {
  /**
   * The engines' module when it is already loaded (tests): start() then wires the player at once.
   * By default it is its own chunk, fetched at start(), so the first paint never waits for it.
   */
  livePlayer?: LivePlayer;
  fetchNowPlaying?: (signal: AbortSignal) => Promise<NowPlaying>;
  fetchTrackHistory?: () => Promise<TrackHistoryEntry[]>;
  createSource?: StreamSourceFactory;
  /** Where the listener's quality choice is kept (spec §5: `playfm_audio_quality`). */
  quality?: { read(): AudioQuality; write(quality: AudioQuality): void };
  /** What the server wrote into the page (index.html): shown from the first render, before any poll. */
  initialNowPlaying?: NowPlaying | null;
  /** The cast owner, fetched on demand (its own chunk: never on the first paint). */
  createCast?: () => Promise<CastService>;
  /** What live rewind can reach (`GET /api/rewind/window`); rejects where the server keeps no archive. */
  fetchRewindWindow?: () => Promise<RewindWindowInfo>;
  now?: () => number;
}

/** Live rewind as the timeline reads it; the position itself moves every second (heardAt). */
export interface TimeshiftView {
  /** The server's answer; null before it (or where the server has no archive). */
  info: RewindWindowInfo | null;
  /** The listener plays (or paused at) an instant behind live. */
  rewound: boolean;
}

/** How often the rewound position is read to switch the title and Recently played, and the window asked again while nothing is recorded. */
const REWIND_TICK_MS = 1_000;
const REWIND_WINDOW_RETRY_MS = 60_000;

/** AirPlay as the <audio> element reports it (webkitplaybacktargetavailabilitychanged), or the iOS app's plugin. */
export type AirPlayAvailability = 'unsupported' | 'unavailable' | 'available';

export interface RemotePlaybackView {
  /** Cast is offered in this browser (Chromium, not iOS, not inside the apps: spec §4). */
  castOffered: boolean;
  cast: CastSnapshot;
  airPlay: AirPlayAvailability;
}

/** Spec §8 AirPlay toasts. */
export const AIRPLAY_MESSAGES = {
  unsupported: msg`AirPlay not supported on this device`,
  unavailable: msg`AirPlay not available`,
} satisfies Record<string, MessageDescriptor>;

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
  /** The engines' chunk, once loaded (or given). */
  #live: LivePlayer | null;
  #liveLoad: Promise<LivePlayer> | null = null;
  /** Between start() and stop(), whether or not the engines' chunk has arrived yet. */
  #started = false;
  /** Play pressed (or about to be) before the engines' chunk arrived: done as soon as it is there. */
  #intent: 'play' | 'prepare' | null = null;
  #media: HTMLAudioElement | null = null;
  /** The listener's volume (keyboard ↑/↓) for this visit; carried to the next engine. */
  #level = AUDIO_DEFAULT_VOLUME;
  /** The undo of everything start() wired up. */
  #teardown: Array<() => void> = [];
  /** What the player shows while it is not started; the settings carry over to the next start. */
  #idle: PlayerSnapshot | null = null;
  readonly #createCast: () => Promise<CastService>;
  #cast: Promise<CastService> | null = null;
  #castNow: CastService | null = null;
  #airPlay: AirPlayAvailability = 'unsupported';
  /** Inside the iOS app: the system route picker, for the native player (null elsewhere). */
  #nativeAirPlay: NativeAirPlay | null = null;
  #remote: RemotePlaybackView | null = null;
  #casting: PlayerSnapshot | null = null;
  readonly #castEvents = new Set<(event: CastEvent) => void>();
  readonly #fetchRewindWindow: () => Promise<RewindWindowInfo>;
  readonly #now: () => number;
  #rewindInfo: RewindWindowInfo | null = null;
  #rewindAskedAt = Number.NEGATIVE_INFINITY;
  #timeshift: TimeshiftView = { info: null, rewound: false };
  #rewindTicker: ReturnType<typeof setInterval> | undefined;
  #timeshiftWatchers = 0;
  #rewindRetry: ReturnType<typeof setInterval> | undefined;
  /** EpisodePlayer on its own <audio> in browsers; NativeEpisodePlayer inside the apps. */
  #episodes: EpisodePlayback | null = null;
  /** Makes the episode player, once its code (its own chunk) is here: prepareEpisodes fetches it. */
  #createEpisodes: ((live: LivePlayer) => EpisodePlayback) | null = null;
  #episodeModuleLoad: Promise<void> | null = null;
  #episodeMedia: HTMLAudioElement | null = null;
  /** Inside the apps: the native player's calls, in one queue for the live engine and the episodes. */
  #nativeAudio: NativeAudioCalls | null = null;

  /** What the page was served with, until the first read of /api/now-playing. */
  readonly #initialNowPlaying: NowPlaying | null;

  constructor(options: PlayerServiceOptions = {}) {
    this.#createSource = options.createSource;
    this.#live = options.livePlayer ?? null;
    this.#quality = options.quality ?? storedQuality;
    this.#createCast =
      options.createCast ??
      (() => import('../cast/create-cast-service.ts').then((m) => m.createCastService()));
    this.#initialNowPlaying = options.initialNowPlaying ?? null;
    this.#heard = { nowPlaying: this.#initialNowPlaying, failed: false };
    this.#poller = new NowPlayingPoller({
      isPlaying: () => this.snapshot.listening,
      ...(options.fetchNowPlaying ? { fetchNowPlaying: options.fetchNowPlaying } : {}),
    });
    this.#titles = new TitleSync({ lagMs: () => this.lagMs, onChange: () => this.#heardChanged() });
    this.#fetchTrackHistory =
      options.fetchTrackHistory ??
      (async () => (await getJson('/api/now-playing/history', trackHistorySchema)).tracks);
    this.#fetchRewindWindow =
      options.fetchRewindWindow ?? (() => getJson(REWIND_WINDOW_PATH, rewindWindowSchema));
    this.#now = options.now ?? Date.now;
  }

  /** Live rewind: whether the server offers it and whether the listener is behind live. */
  get timeshift(): TimeshiftView {
    const rewound = (this.#engine?.heardAt ?? null) !== null;
    const last = this.#timeshift;
    if (last.info === this.#rewindInfo && last.rewound === rewound) return last;
    this.#timeshift = { info: this.#rewindInfo, rewound };
    return this.#timeshift;
  }

  /** The reachable window now, or null where there is none (no archive, nothing recorded yet). */
  rewindWindow(now: number = this.#now()): RewindWindow | null {
    return this.#rewindInfo ? rewindWindowAt(this.#rewindInfo, now) : null;
  }

  /**
   * The instant the listener hears (epoch ms): the rewound position, or the live edge less the
   * buffer while live. A paused rewound listener stays where they paused; null while stopped live.
   */
  heardAt(now: number = this.#now()): number | null {
    const rewound = this.#engine?.heardAt ?? null;
    if (rewound !== null) return rewound;
    return this.snapshot.listening ? now - this.lagMs : null;
  }

  /**
   * The timeline is on screen: the window is asked for now, and again each minute while the server
   * has not answered or has recorded nothing yet. Returns the unwatch.
   */
  watchTimeshift(): () => void {
    this.#timeshiftWatchers += 1;
    this.#askRewindWindow();
    this.#rewindRetry ??= setInterval(() => this.#askRewindWindow(), REWIND_WINDOW_RETRY_MS);
    return () => {
      this.#timeshiftWatchers -= 1;
      if (this.#timeshiftWatchers > 0) return;
      clearInterval(this.#rewindRetry);
      this.#rewindRetry = undefined;
    };
  }

  #askRewindWindow(): void {
    const info = this.#rewindInfo;
    const now = this.#now();
    if (info && info.earliestAt !== null) {
      clearInterval(this.#rewindRetry);
      this.#rewindRetry = undefined;
      return;
    }
    if (now - this.#rewindAskedAt < REWIND_WINDOW_RETRY_MS / 2) return;
    this.#rewindAskedAt = now;
    this.#fetchRewindWindow().then(
      (answer) => {
        this.#rewindInfo = answer;
        this.#changed();
      },
      () => undefined, // no archive here (or not now): the live card stays as it was
    );
  }

  /**
   * Plays from `at` (clamped to the window), or live when that is the live edge. Called inside the
   * listener's tap, so a stopped player may start.
   */
  seekTo(at: number, action: RewindAction): void {
    const window = this.rewindWindow();
    const engine = this.#engine;
    if (!window || !engine) return;
    this.#episodes?.stop();
    trackEvent('rewind_used', { action });
    const target = isAtLiveEdge(at, window) ? null : clampToWindow(at, window);
    // While casting the receiver plays it (the archive's absolute URL); the local stream stays off.
    if (this.#castConnected()) engine.setStartAt(target);
    else engine.seek(target);
    this.#heardChanged();
    this.#changed();
  }

  /** The episode loaded (Listen again), or null: what its page and the lock screen show. */
  get episode(): EpisodeSnapshot | null {
    return this.#episodes?.snapshot ?? null;
  }

  /** Plays an episode from `positionMs` (by default where the listener left it); the live stream stops. */
  playEpisode(episode: Episode, positionMs?: number): void {
    const engine = this.#engine;
    const live = this.#live;
    if (!engine || !live) return;
    const create = this.#createEpisodes;
    // Only if the screen's prefetch has not come yet: played as soon as the code is here.
    if (!create) return void this.prepareEpisodes().then(() => this.playEpisode(episode, positionMs));
    const episodes = (this.#episodes ??= create(live));
    engine.pause();
    if (this.#castConnected()) {
      // The receiver plays it (#castMedia: the episode's absolute URL, from its place); nothing here.
      const loaded = episodes.snapshot?.episode.id === episode.id;
      episodes.cue(episode, positionMs);
      // The receiver already has this episode: Play after a pause plays it on.
      if (loaded) this.#castNow?.play();
      return;
    }
    // The native player has one lock-screen source: the live stream's goes before the episode's comes.
    if (engine instanceof live.NativeAudioEngine) engine.releaseNotification();
    episodes.play(episode, positionMs);
  }

  /** A Listen again screen is open: the episode player's code is fetched now, so a tap on Play needs no wait. */
  prepareEpisodes(): Promise<void> {
    this.#episodeModuleLoad ??= (
      isNativeApp()
        ? import('./native-episode-player.ts').then(
            ({ NativeEpisodePlayer }) =>
              (live: LivePlayer) =>
                this.#createNativeEpisodePlayer(NativeEpisodePlayer, live),
          )
        : import('./episode-player.ts').then(
            ({ EpisodePlayer }) =>
              () =>
                this.#createEpisodePlayer(EpisodePlayer),
          )
    ).then((create) => {
      this.#createEpisodes = create;
    });
    return this.#episodeModuleLoad;
  }

  /** The episodes' own element, made on the first episode played: a live listener never has it. */
  #createEpisodePlayer(Player: typeof EpisodePlayer): EpisodePlayer {
    const media = document.createElement('audio');
    media.hidden = true;
    media.dataset['testid'] = 'episode-audio';
    document.body.append(media);
    this.#episodeMedia = media;
    return new Player(media, { onChange: () => this.#changed(), now: this.#now });
  }

  /** Inside the apps: episodes play in the native player, in the live engine's queue of calls. */
  #createNativeEpisodePlayer(Player: typeof NativeEpisodePlayer, live: LivePlayer): NativeEpisodePlayer {
    return new Player(this.#nativeAudioCalls(live), {
      onChange: () => this.#changed(),
      now: this.#now,
      track: (episode) => this.#episodeTrack(episode),
    });
  }

  #nativeAudioCalls(live: LivePlayer): NativeAudioCalls {
    this.#nativeAudio ??= new live.NativeAudioCalls(
      live
        .loadNativeAudioPlugin()
        .then(
          (found): NativeAudioPlugin | Promise<never> =>
            found ?? Promise.reject(new Error('no native player')),
        ),
    );
    return this.#nativeAudio;
  }

  pauseEpisode(): void {
    if (this.#castConnected()) return void this.#castNow?.pause();
    this.#episodes?.pause();
  }

  /** To `positionMs` into the loaded episode. */
  seekEpisode(positionMs: number): void {
    this.#episodes?.seek(positionMs);
  }

  /** **Go live**: back to the live edge, playing. */
  goLive(): void {
    this.#episodes?.stop();
    if (this.#castConnected()) this.#engine?.setStartAt(null);
    else this.#engine?.seek(null);
    this.#heardChanged();
    this.#changed();
  }

  /** **Back 30 seconds** (or `ms`) from what is heard now. */
  back(ms: number = REWIND_STEP_MS, action: RewindAction = 'back'): void {
    const window = this.rewindWindow();
    const heard = this.heardAt() ?? this.#now();
    if (window) this.seekTo(stepBack(heard, window, ms), action);
  }

  /** Forward by `ms`, live when that reaches the edge. */
  forward(ms: number = REWIND_STEP_MS, action: RewindAction = 'forward'): void {
    const window = this.rewindWindow();
    const heard = this.heardAt();
    if (!window || heard === null || this.timeshift.rewound === false) return;
    const next = stepForward(heard, window, ms);
    if (next === null) this.goLive();
    else this.seekTo(next, action);
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
    const native = this.#nativeAirPlay;
    if (native) {
      if (this.#airPlay !== 'available')
        this.#emitCast({ type: 'toast', text: i18n._(AIRPLAY_MESSAGES.unavailable) });
      else
        void native
          .showRoutePicker()
          .catch(() => this.#emitCast({ type: 'toast', text: i18n._(AIRPLAY_MESSAGES.unsupported) }));
      return;
    }
    const media = this.#media as AirPlayMedia | null;
    if (!media || typeof media.webkitShowPlaybackTargetPicker !== 'function')
      this.#emitCast({ type: 'toast', text: i18n._(AIRPLAY_MESSAGES.unsupported) });
    else if (this.#airPlay !== 'available')
      this.#emitCast({ type: 'toast', text: i18n._(AIRPLAY_MESSAGES.unavailable) });
    else media.webkitShowPlaybackTargetPicker();
  }

  /**
   * The public listener count as last read (not delayed like the title: it is about now), or null
   * when the station does not show it or it is below the station's minimum.
   */
  get listeners(): number | null {
    const read = this.#poller.snapshot.nowPlaying ?? this.#initialNowPlaying;
    return read?.listeners ?? null;
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
    return listenerLagMs({
      currentTimeS: media.currentTime,
      bufferedEndS: bufferedEndAt(media.buffered, media.currentTime),
    });
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
    if (this.#started) return;
    this.#started = true;
    if (this.#live) return this.#wire(this.#live);
    this.#liveLoad ??= import('./live-player.ts').then((live) => (this.#live = live));
    void this.#liveLoad.then((live) => {
      if (this.#started && !this.#engine) this.#wire(live);
    });
  }

  /** start()'s work once the engines are here: the engine, its listeners, the poller, the lock screen. */
  #wire(live: LivePlayer): void {
    const engine = isNativeApp() ? this.#createNativeEngine(live) : this.#createWebEngine(live);
    this.#engine = engine;
    engine.setLevel(this.#level);

    const online = () => engine.setOnline(true);
    const offline = () => engine.setOnline(false);
    const visibility = () => {
      if (document.visibilityState === 'visible') engine.pageVisible();
    };
    const sessions = new live.ListeningSessionReporter();
    const pollerChanged = () => {
      this.#titles.receive(this.#poller.snapshot.nowPlaying);
      this.#heardChanged();
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
        sessions.update({
          playing: engine.snapshot.state === 'playing',
          listening: engine.snapshot.listening,
        });
        this.#changed();
      }),
      () => sessions.dispose(),
      this.#poller.subscribe(pollerChanged),
      this.#poller.start(),
      // Inside the apps the native player owns the lock screen and its controls.
      // Play/pause/stop go through the service, so that while casting they reach the receiver.
      engine instanceof live.NativeAudioEngine
        ? () => undefined
        : live.bindMediaSessionActions({
            // An episode loaded answers the lock screen; else the live stream does.
            play: () => {
              const episode = this.episode;
              if (episode) this.playEpisode(episode.episode, episode.positionMs);
              else this.play();
            },
            pause: () => (this.episode ? this.pauseEpisode() : this.pause()),
            stop: () => (this.episode ? this.pauseEpisode() : this.pause()),
            seekBackward: (offsetMs) => {
              const episode = this.episode;
              if (episode) this.seekEpisode(episode.positionMs - (offsetMs ?? REWIND_STEP_MS));
              else this.back(offsetMs, 'lock_screen');
            },
            seekForward: (offsetMs) => {
              const episode = this.episode;
              if (episode) this.seekEpisode(episode.positionMs + (offsetMs ?? REWIND_STEP_MS));
              else this.forward(offsetMs, 'lock_screen');
            },
            seekTo: (positionMs) => {
              const window = this.rewindWindow();
              if (this.episode) this.seekEpisode(positionMs);
              else if (window) this.seekTo(window.from + positionMs, 'lock_screen');
            },
          }),
      this.#watchAirPlay(),
      () => {
        this.#episodes?.destroy();
        this.#episodes = null;
        this.#episodeMedia?.remove();
        this.#episodeMedia = null;
      },
    ];
    // A session saved within 30 min (spec §9) is rejoined; only then is the framework fetched at start.
    if (readStored(stored.castSession)?.isConnected) void this.#loadCast().then((cast) => cast.resume());
    // A track the socket brought while the engines' chunk was loading is in the poller already.
    pollerChanged();
    const intent = this.#intent;
    this.#intent = null;
    if (intent === 'play') this.play();
    else if (intent === 'prepare') this.prepare();
  }

  stop(): void {
    this.#started = false;
    this.#intent = null;
    const engine = this.#engine;
    if (!engine) return;
    for (const undo of this.#teardown.splice(0)) undo();
    this.#titles.stop();
    this.#followRewound(false);
    clearInterval(this.#rewindRetry);
    this.#rewindRetry = undefined;
    const { muted, quality } = engine.snapshot;
    engine.destroy();
    this.#media?.remove();
    this.#media = null;
    this.#engine = null;
    this.#idle = { state: 'stopped', listening: false, error: null, muted, quality, sourceKind: null };
    this.#live?.clearMediaSession();
    for (const listener of this.#listeners) listener();
  }

  setStation(station: PlayerStation): void {
    this.#station = station;
    this.#engine?.setStreams(station.streams);
    this.#showOnLockScreen();
  }

  // While casting, play/pause and mute act on the receiver.
  play(): void {
    if (this.#castConnected()) return void this.#castNow?.play();
    const engine = this.#engine;
    if (!engine) return void (this.#started && (this.#intent = 'play'));
    this.#episodes?.stop();
    // A place kept at pause is played while the window still reaches it; else live.
    const paused = engine.heardAt;
    const window = this.rewindWindow();
    if (paused !== null && !engine.snapshot.listening) {
      const within = window !== null && paused >= window.from && !isAtLiveEdge(paused, window);
      engine.setStartAt(within ? paused : null);
      if (within) trackEvent('rewind_used', { action: 'resume' });
    }
    engine.play();
    this.#heardChanged();
  }

  /** Play is about to be pressed (pointerdown): the stream request may start now. Not while casting. */
  prepare(): void {
    if (this.#castConnected()) return;
    if (this.#engine) this.#engine.prepare();
    else if (this.#started) this.#intent ??= 'prepare';
  }

  /** Pausing live keeps the place heard (where the archive reaches), so play resumes there. */
  pause(): void {
    if (this.#castConnected()) return void this.#castNow?.pause();
    const engine = this.#engine;
    if (!engine) return void (this.#intent = null);
    const liveHeard = engine.heardAt === null && engine.snapshot.listening ? this.heardAt() : null;
    engine.pause();
    if (liveHeard !== null && this.rewindWindow() !== null) engine.setStartAt(liveHeard);
    this.#changed();
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

  /**
   * The keyboard's ↑/↓: moves this device's volume by `step` (0..1 scale, clamped) and returns the new
   * level, or null while casting (the receiver's volume is the speaker's own). Raising it unmutes.
   */
  stepVolume(step: number): number | null {
    if (this.#castConnected()) return null;
    this.#level = Math.round(Math.min(1, Math.max(0, this.#level + step)) * 100) / 100;
    this.#engine?.setLevel(this.#level);
    if (step > 0 && this.snapshot.muted) this.toggleMute();
    return this.#level;
  }

  /** 0..1 multiplier on the volume (the sleep timer's fade-out); the saved volume is unchanged. */
  setFadeLevel(level: number): void {
    this.#engine?.setFadeLevel(level);
  }

  #createWebEngine(live: LivePlayer): AudioEngine {
    const settings = this.snapshot;
    // In the document (hidden) rather than detached, so devtools and tests can find the one element.
    const media = document.createElement('audio');
    media.hidden = true;
    media.dataset['testid'] = 'player-audio';
    document.body.append(media);
    this.#media = media;
    return new live.AudioEngine(media, {
      streams: this.#station.streams,
      quality: settings.quality,
      muted: settings.muted,
      online: navigator.onLine,
      ...(this.#createSource ? { createSource: this.#createSource } : {}),
    });
  }

  #createNativeEngine(live: LivePlayer): NativeAudioEngine {
    const settings = this.snapshot;
    return new live.NativeAudioEngine(this.#nativeAudioCalls(live), {
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
    const rewoundAt = this.#engine?.heardAt ?? null;
    const nowPlaying = rewoundAt === null ? this.#titles.heard : this.#trackHeardAt(rewoundAt);
    const { failed } = this.#poller.snapshot;
    if (nowPlaying !== this.#heard.nowPlaying || failed !== this.#heard.failed)
      this.#heard = { nowPlaying, failed };
    const heardAt = nowPlaying?.updatedAt ?? null;
    const tracks = this.#tracks;
    // Rewound, Recently played is what had played by the instant heard.
    const recent =
      tracks === null
        ? null
        : rewoundAt === null
          ? tracksHeard(tracks, heardAt)
          : tracks.filter((entry) => Date.parse(entry.startedAt) <= rewoundAt);
    if (JSON.stringify(recent) !== JSON.stringify(this.#recent)) this.#recent = recent;
    const listed = heardAt === null || (tracks ?? []).some((entry) => entry.startedAt === heardAt);
    if (rewoundAt === null && this.#trackWatchers > 0 && tracks !== null && !listed)
      void this.#loadTracks(heardAt);
    this.#followRewound(rewoundAt !== null);
    this.#changed();
  }

  /** The song of the history playing at an archive instant, as the title shows it (same object while unchanged). */
  #trackHeardAt(at: number): NowPlaying | null {
    const entry = trackPlayingAt(this.#tracks ?? [], at);
    if (!entry) return null;
    const shown = this.#heard.nowPlaying;
    if (shown && shown.updatedAt === entry.startedAt && sameTrack(shown, entry)) return shown;
    const { title, artist, album, artwork, startedAt } = entry;
    return { title, artist, album, artwork, updatedAt: startedAt };
  }

  /**
   * While rewound, the position moves through the archive with no feed to say so: it is read each
   * second, and the title, Recently played and the lock screen follow when another song begins.
   */
  #followRewound(rewound: boolean): void {
    if (rewound && this.#rewindTicker === undefined) {
      this.#rewindTicker = setInterval(() => {
        const at = this.#engine?.heardAt ?? null;
        const shown = this.#heard.nowPlaying;
        if (at === null || this.#trackHeardAt(at) !== shown) this.#heardChanged();
        this.#showPosition();
      }, REWIND_TICK_MS);
    } else if (!rewound && this.#rewindTicker !== undefined) {
      clearInterval(this.#rewindTicker);
      this.#rewindTicker = undefined;
    }
  }

  /** The lock screen's seek bar: the window, and where in it the listener is. */
  #showPosition(): void {
    const live = this.#live;
    if (!live || this.#onNativePlayer() || this.episode) return;
    const now = this.#now();
    const window = this.rewindWindow(now);
    const heard = this.heardAt(now);
    live.showMediaSessionPosition(window && heard !== null ? { window, at: heard } : null);
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
    const same =
      last && (Object.keys(next) as Array<keyof PlayerSnapshot>).every((key) => last[key] === next[key]);
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
        if (event.type === 'connected') {
          this.#engine?.pause();
          this.#episodes?.pause();
        }
        this.#emitCast(event);
      });
      return cast;
    });
    return this.#cast;
  }

  /**
   * The receiver gets the plain stream URL of the chosen quality (never the MediaSource blob) and the
   * track. Both absolute: a station's URLs may be paths of this server (the demo station's
   * `/demo/live`), which a receiver, with no page of its own, could not resolve.
   */
  #castMedia(): CastMedia {
    const absolute = (path: string) => (path ? new URL(path, window.location.href).href : '');
    const episode = this.episode;
    if (episode) {
      // An episode is a file with byte ranges: the receiver starts where the listener is and seeks.
      return {
        url: absolute(episode.episode.audioUrl),
        title: episode.episode.show || episode.episode.artist,
        artist: episode.episode.artist,
        album: this.#station.name,
        artwork: absolute(episode.episode.image),
        buffered: true,
        startSeconds: Math.floor(episode.positionMs / 1000),
      };
    }
    const track = this.#lockScreenTrack();
    // Rewound (or paused at a place the window holds): the archive's stream from there.
    const rewoundAt = this.#engine?.heardAt ?? null;
    const url =
      rewoundAt !== null
        ? rewindUrl(rewoundAt, this.snapshot.quality)
        : this.#station.streams?.[this.snapshot.quality];
    return { ...track, url: absolute(url ?? ''), artwork: absolute(track.artwork) };
  }

  /** A new track or quality reaches the receiver too. */
  #castChanged(): void {
    if (this.#castConnected()) void this.#castNow?.setMedia(this.#castMedia());
  }

  #emitCast(event: CastEvent): void {
    for (const listener of this.#castEvents) listener(event);
  }

  /** AirPlay-capable WebKit tells the element whether playback targets exist; the iOS app's plugin tells the page. */
  #watchAirPlay(): () => void {
    const media = this.#media;
    if (this.#onNativePlayer()) return this.#watchNativeAirPlay();
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

  /** Inside the iOS app (with the plugin): the button appears, and follows the routes the system sees. */
  #watchNativeAirPlay(): () => void {
    let stopped = false;
    let handle: { remove(): Promise<void> } | null = null;
    const routes = ({ available }: { available: boolean }) => {
      this.#airPlay = available ? 'available' : 'unavailable';
      this.#changed();
    };
    void loadNativeAirPlay()
      .then(async (plugin) => {
        if (!plugin || stopped) return;
        handle = await plugin.addListener('routesChanged', routes);
        if (stopped) return void handle.remove();
        this.#nativeAirPlay = plugin;
        routes(await plugin.getRoutes());
      })
      .catch((error: unknown) => console.warn('AirPlay could not be offered in the app', error));
    return () => {
      stopped = true;
      void handle?.remove();
      this.#nativeAirPlay = null;
      this.#airPlay = 'unsupported';
    };
  }

  #changed(): void {
    this.#castChanged();
    this.#showOnLockScreen();
    for (const listener of this.#listeners) listener();
  }

  /** The native player (inside the apps) plays, rather than an <audio> element. */
  #onNativePlayer(): boolean {
    return this.#live !== null && this.#engine instanceof this.#live.NativeAudioEngine;
  }

  #showOnLockScreen(): void {
    const engine = this.#engine;
    const live = this.#live;
    if (!engine || !live) return;
    const track = this.#lockScreenTrack();
    const episode = this.episode;
    if (engine instanceof live.NativeAudioEngine) engine.showTrack(track);
    else if (episode) {
      const state =
        episode.state === 'playing' ? 'playing' : episode.state === 'loading' ? 'loading' : 'stopped';
      live.updateMediaSession(
        this.#episodeTrack(episode.episode),
        state,
        episode.state !== 'paused' && episode.state !== 'error',
      );
      live.showMediaSessionPosition({
        window: { from: 0, to: episode.episode.durationMs },
        at: episode.positionMs,
      });
    } else {
      live.updateMediaSession(track, engine.snapshot.state, engine.snapshot.listening);
      this.#showPosition();
    }
  }

  /** What the lock screen shows for an episode. */
  #episodeTrack({ show, artist, image }: Episode): MediaSessionTrack {
    return { title: show || artist || this.#station.name, artist, album: this.#station.name, artwork: image };
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
