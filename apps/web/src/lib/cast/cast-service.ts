import { i18n } from '@lingui/core';
import {
  CAST_AVAILABILITY_SHORT_TIMEOUT_MS,
  CAST_AVAILABILITY_TIMEOUT_MS,
  CAST_MEDIA_LOAD_TIMEOUT_MS,
  CAST_SCRIPT_LOAD_TIMEOUT_MS,
  CAST_SESSION_REQUEST_TIMEOUT_MS,
  restoreCastSession,
  type CastSession,
} from '@onair/core';
import {
  CAST_SENDER_URL,
  type CastContextHandle,
  type CastFrameworkState,
  type CastGlobals,
  type CastSessionHandle,
  type CastSessionState,
  type RemotePlayerControllerHandle,
  type RemotePlayerHandle,
} from './cast-api.ts';
import {
  CAST_MESSAGES,
  CAST_TOASTS,
  castConnectedToast,
  castFallbackResetMs,
  castMessageKey,
  NO_DEVICES_HINT,
  type CastFailure,
  type CastMessageKey,
} from './cast-messages.ts';
import { INITIAL_CAST_SNAPSHOT } from './initial-cast-snapshot.ts';

/** Spec §4's cast states. */
export type CastState = 'unavailable' | 'available' | 'connecting' | 'connected';

export interface CastError {
  key: CastMessageKey;
  text: string;
  hint: string | null;
}

export interface CastSnapshot {
  state: CastState;
  /** The receiver's name while connected. */
  device: string | null;
  /** The last failure's message, shown until the fallback resets. */
  error: CastError | null;
  /** Spec §4's fallback flag: a failure happened, and the button stays usable for a retry. */
  fallback: boolean;
  /** The receiver's own play/mute state while connected. */
  paused: boolean;
  muted: boolean;
}

export type CastEvent =
  | { type: 'toast'; text: string }
  /** The receiver plays the station: local audio must stop. */
  | { type: 'connected'; device: string }
  /** Control is back with the local player. */
  | { type: 'disconnected' };

/** What the receiver is asked to play: the plain stream URL (never the MediaSource blob) and its metadata. */
export interface CastMedia {
  url: string;
  title: string;
  artist: string;
  album: string;
  artwork: string;
  /** An episode is a finished file the receiver seeks in; live and rewind streams are LIVE. */
  buffered?: boolean;
  /** Where a buffered file starts playing, in seconds. */
  startSeconds?: number;
}

/** The window boundary: everything the service needs from the page, injected so a test can fake it. */
export interface CastWindow {
  /** Adds the sender <script>; rejects when it cannot be fetched. */
  loadScript(src: string): Promise<void>;
  /** window.__onGCastApiAvailable: the sender script calls it once its API is (or is not) usable. */
  onApiAvailable(callback: (available: boolean) => void): void;
  /** window.cast + window.chrome once the API exists; null before. */
  globals(): CastGlobals | null;
  /** Spec §5/§7 #6: a HEAD to the stream before casting whose answer changes nothing. */
  probeStream(url: string): void;
}

export interface CastClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Where playfm_cast_session is kept (lib/stored.ts in the app). */
export interface CastSessionStore {
  read(): CastSession | null;
  write(session: CastSession | null): void;
}

class CastFailed extends Error {
  constructor(readonly failure: CastFailure) {
    super(failure.kind === 'code' ? failure.code : failure.kind);
  }
}

/** A rejection of the framework (an ErrorCode string) or of our own timers, as one failure. */
function failureOf(reason: unknown): CastFailure {
  if (reason instanceof CastFailed) return reason.failure;
  if (typeof reason === 'string') return { kind: 'code', code: reason };
  const code = (reason as { code?: unknown } | null)?.code;
  return { kind: 'code', code: typeof code === 'string' ? code : 'unknown' };
}

interface Framework {
  globals: CastGlobals;
  context: CastContextHandle;
  player: RemotePlayerHandle;
  controller: RemotePlayerControllerHandle;
}

/**
 * The one owner of the Cast session (ARCHITECTURE habit 2): loads Google's sender framework on
 * demand, asks for a receiver, has the Default Media Receiver play the station's plain stream URL,
 * keeps its metadata current, and turns every failure into its spec §8 message. It knows nothing of
 * React or of the local <audio>: the player listens to its events.
 */
export class CastService {
  readonly #window: CastWindow;
  readonly #clock: CastClock;
  readonly #store: CastSessionStore;
  readonly #listeners = new Set<() => void>();
  readonly #eventListeners = new Set<(event: CastEvent) => void>();
  #snapshot: CastSnapshot = INITIAL_CAST_SNAPSHOT;
  #framework: Promise<Framework> | null = null;
  #ready: Framework | null = null;
  /** Bumped by every new connect/resume/disconnect: the steps of an older attempt stop there. */
  #attempt = 0;
  #resetTimer: unknown = null;
  /** The media the receiver was last told to play, to skip loads that change nothing. */
  #loaded: string | null = null;
  /** An end of session we asked for after a failure: not a 'Disconnected' for the listener. */
  #quietEnd = false;
  #destroyed = false;

  constructor(window: CastWindow, clock: CastClock, store: CastSessionStore) {
    this.#window = window;
    this.#clock = clock;
    this.#store = store;
  }

  get snapshot(): CastSnapshot {
    return this.#snapshot;
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  on(listener: (event: CastEvent) => void): () => void {
    this.#eventListeners.add(listener);
    return () => this.#eventListeners.delete(listener);
  }

  /** The Cast button: connect, or stop casting when connected. */
  toggle(media: CastMedia): Promise<void> {
    if (this.#snapshot.state === 'connected') return this.disconnect();
    if (this.#snapshot.state === 'connecting') return Promise.resolve();
    return this.connect(media);
  }

  async connect(media: CastMedia): Promise<void> {
    const attempt = ++this.#attempt;
    this.#clearFallback();
    this.#update({ state: 'connecting' });
    this.#emit({ type: 'toast', text: i18n._(CAST_TOASTS.searching) });
    this.#window.probeStream(media.url);
    try {
      const framework = await this.#loadFramework();
      if (attempt !== this.#attempt) return;
      // Spec §9: 10 s for the framework to see at least one receiver on the network.
      const { context } = framework;
      await this.#until(
        () => context.getCastState() !== 'NO_DEVICES_AVAILABLE',
        CAST_AVAILABILITY_TIMEOUT_MS,
        { kind: 'noDevices' },
        attempt,
      );
      if (attempt !== this.#attempt) return;
      await this.#within(framework.context.requestSession(), CAST_SESSION_REQUEST_TIMEOUT_MS, {
        kind: 'sessionTimeout',
      });
      if (attempt !== this.#attempt) return;
      const session = framework.context.getCurrentSession();
      if (!session) throw new CastFailed({ kind: 'code', code: 'session_error' });
      // Marked as on its way first: the 'connected' news makes the player send its media at once.
      this.#loaded = JSON.stringify(media);
      this.#connected(session);
      await this.#load(framework, session, media);
      if (attempt === this.#attempt)
        this.#emit({ type: 'toast', text: castConnectedToast(session.getCastDevice().friendlyName) });
    } catch (reason) {
      if (attempt === this.#attempt) this.#fail(failureOf(reason));
    }
  }

  /**
   * After a reload: a session saved within 30 min (spec §9) is rejoined. The framework's
   * origin-scoped auto-join does the rejoining; it gets the short availability timeout (8 s), and a
   * session that does not come back is forgotten without a word.
   */
  async resume(): Promise<void> {
    if (!restoreCastSession(this.#store.read(), this.#clock.now())) {
      this.#store.write(null);
      return;
    }
    const attempt = ++this.#attempt;
    try {
      const framework = await this.#loadFramework();
      if (attempt !== this.#attempt) return;
      const { context } = framework;
      await this.#until(
        () => context.getCastState() === 'CONNECTED' && context.getCurrentSession() !== null,
        CAST_AVAILABILITY_SHORT_TIMEOUT_MS,
        { kind: 'noDevices' },
        attempt,
      );
      const session = context.getCurrentSession();
      if (attempt === this.#attempt && session && this.#snapshot.state !== 'connected')
        this.#connected(session);
    } catch {
      if (attempt === this.#attempt) this.#store.write(null);
    }
  }

  async disconnect(): Promise<void> {
    const framework = this.#ready;
    if (!framework || this.#snapshot.state !== 'connected') return;
    this.#attempt++;
    try {
      framework.context.endCurrentSession(true);
    } catch {
      this.#emit({ type: 'toast', text: i18n._(CAST_TOASTS.disconnectFailed) });
      return;
    }
    // The SESSION_ENDED event normally arrives at once; a framework that stays silent is not
    // allowed to keep the player hostage.
    if (this.#snapshot.state === 'connected') this.#ended();
  }

  /** New metadata or a new quality: the receiver is told (a live stream rejoins at its live edge). */
  async setMedia(media: CastMedia): Promise<void> {
    const framework = this.#ready;
    const session = framework?.context.getCurrentSession();
    if (!framework || !session || this.#snapshot.state !== 'connected') return;
    if (this.#loaded === JSON.stringify(media)) return;
    const attempt = this.#attempt;
    try {
      await this.#load(framework, session, media);
    } catch (reason) {
      if (attempt === this.#attempt) this.#fail(failureOf(reason));
    }
  }

  play(): void {
    if (this.#snapshot.paused) this.#ready?.controller.playOrPause();
  }

  pause(): void {
    if (!this.#snapshot.paused) this.#ready?.controller.playOrPause();
  }

  toggleMute(): void {
    this.#ready?.controller.muteOrUnmute();
  }

  destroy(): void {
    this.#destroyed = true;
    this.#attempt++;
    this.#clock.clearTimeout(this.#resetTimer);
    this.#listeners.clear();
    this.#eventListeners.clear();
    this.#waiters.clear();
  }

  /** Calls made when the framework reports a change (cast state, session state). */
  readonly #waiters = new Set<() => void>();

  #loadFramework(): Promise<Framework> {
    this.#framework ??= this.#within(
      new Promise<CastGlobals>((resolve, reject) => {
        const present = this.#window.globals();
        if (present) return resolve(present);
        this.#window.onApiAvailable((available) => {
          const globals = this.#window.globals();
          if (available && globals) resolve(globals);
          else reject(new CastFailed({ kind: 'code', code: 'extension_missing' }));
        });
        this.#window
          .loadScript(CAST_SENDER_URL)
          .catch(() => reject(new CastFailed({ kind: 'scriptUnavailable' })));
      }),
      CAST_SCRIPT_LOAD_TIMEOUT_MS,
      { kind: 'scriptUnavailable' },
    ).then((globals) => this.#init(globals));
    // A failed load is tried afresh on the next tap.
    this.#framework.catch(() => (this.#framework = null));
    return this.#framework;
  }

  #init(globals: CastGlobals): Framework {
    const { framework } = globals.cast;
    const context = framework.CastContext.getInstance();
    context.setOptions({
      receiverApplicationId: globals.chrome.cast.media.DEFAULT_MEDIA_RECEIVER_APP_ID,
      autoJoinPolicy: globals.chrome.cast.AutoJoinPolicy.ORIGIN_SCOPED,
    });
    const player = new framework.RemotePlayer();
    const controller = new framework.RemotePlayerController(player);
    const ready: Framework = { globals, context, player, controller };
    this.#ready = ready;
    context.addEventListener(framework.CastContextEventType.CAST_STATE_CHANGED, (event) =>
      this.#castStateChanged(event.castState ?? context.getCastState()),
    );
    context.addEventListener(framework.CastContextEventType.SESSION_STATE_CHANGED, (event) => {
      if (event.sessionState) this.#sessionStateChanged(event.sessionState);
    });
    const remote = () => this.#update({ paused: player.isPaused, muted: player.isMuted });
    controller.addEventListener(framework.RemotePlayerEventType.IS_PAUSED_CHANGED, remote);
    controller.addEventListener(framework.RemotePlayerEventType.IS_MUTED_CHANGED, remote);
    this.#castStateChanged(context.getCastState());
    return ready;
  }

  #castStateChanged(castState: CastFrameworkState): void {
    if (this.#snapshot.state === 'unavailable' || this.#snapshot.state === 'available')
      this.#update({ state: castState === 'NO_DEVICES_AVAILABLE' ? 'unavailable' : 'available' });
    for (const waiter of [...this.#waiters]) waiter();
  }

  #sessionStateChanged(sessionState: CastSessionState): void {
    if (sessionState === 'SESSION_ENDED' && this.#snapshot.state === 'connected') this.#ended();
    for (const waiter of [...this.#waiters]) waiter();
  }

  /** Resolves once `condition` holds (checked at each framework change), fails after `ms`. */
  #until(condition: () => boolean, ms: number, failure: CastFailure, attempt: number): Promise<void> {
    if (condition()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const waiter = () => {
        if (!condition() && attempt === this.#attempt) return;
        this.#waiters.delete(waiter);
        this.#clock.clearTimeout(timer);
        resolve();
      };
      const timer = this.#clock.setTimeout(() => {
        this.#waiters.delete(waiter);
        reject(new CastFailed(failure));
      }, ms);
      this.#waiters.add(waiter);
    });
  }

  #connected(session: CastSessionHandle): void {
    const device = session.getCastDevice().friendlyName;
    this.#update({ state: 'connected', device, paused: false, muted: false, error: null, fallback: false });
    this.#store.write({ receiverName: device, isConnected: true, timestamp: this.#clock.now() });
    this.#emit({ type: 'connected', device });
  }

  async #load(framework: Framework, session: CastSessionHandle, media: CastMedia): Promise<void> {
    const { chrome } = framework.globals;
    const info = new chrome.cast.media.MediaInfo(media.url, 'audio/mpeg');
    info.streamType = media.buffered
      ? chrome.cast.media.StreamType.BUFFERED
      : chrome.cast.media.StreamType.LIVE;
    const metadata = new chrome.cast.media.MusicTrackMediaMetadata();
    metadata.title = media.title;
    metadata.artist = media.artist;
    metadata.albumName = media.album;
    metadata.images = media.artwork ? [new chrome.cast.Image(media.artwork)] : [];
    info.metadata = metadata;
    const request = new chrome.cast.media.LoadRequest(info);
    request.autoplay = true;
    if (media.buffered && media.startSeconds) request.currentTime = media.startSeconds;
    this.#loaded = JSON.stringify(media);
    try {
      await this.#within(session.loadMedia(request), CAST_MEDIA_LOAD_TIMEOUT_MS, { kind: 'loadTimeout' });
    } catch (reason) {
      this.#loaded = null;
      throw reason;
    }
    // A fresh timestamp: the 30 min of spec §9 count from the last time the receiver was told something.
    const device = this.#snapshot.device;
    if (device) this.#store.write({ receiverName: device, isConnected: true, timestamp: this.#clock.now() });
  }

  /** The session is over, whoever ended it: control goes back to the local player. */
  #ended(): void {
    this.#loaded = null;
    this.#store.write(null);
    this.#update({
      state: this.#ready?.context.getCastState() === 'NO_DEVICES_AVAILABLE' ? 'unavailable' : 'available',
      device: null,
      paused: false,
      muted: false,
    });
    this.#emit({ type: 'disconnected' });
    if (this.#quietEnd) this.#quietEnd = false;
    else this.#emit({ type: 'toast', text: i18n._(CAST_TOASTS.disconnected) });
  }

  /** Any failure: its message, the fallback flag and its reset; local audio is never touched. */
  #fail(failure: CastFailure): void {
    const key = castMessageKey(failure);
    if (this.#snapshot.state === 'connected') {
      // The receiver could not play the station: end the session, quietly, and say why.
      this.#quietEnd = true;
      try {
        this.#ready?.context.endCurrentSession(true);
      } catch {
        // ending a broken session can fail too; #ended below returns control either way
      }
      if (this.#snapshot.state === 'connected') this.#ended();
    }
    const castState = this.#ready?.context.getCastState();
    this.#update({
      state: castState && castState !== 'NO_DEVICES_AVAILABLE' ? 'available' : 'unavailable',
      error: {
        key,
        text: i18n._(CAST_MESSAGES[key]),
        hint: key === 'noDevices' ? i18n._(NO_DEVICES_HINT) : null,
      },
      fallback: true,
    });
    this.#clock.clearTimeout(this.#resetTimer);
    this.#resetTimer = this.#clock.setTimeout(() => this.#clearFallback(), castFallbackResetMs(key));
  }

  #clearFallback(): void {
    this.#clock.clearTimeout(this.#resetTimer);
    this.#resetTimer = null;
    if (this.#snapshot.fallback) this.#update({ error: null, fallback: false });
  }

  /** `promise`, or a failure after `ms` on the injected clock. */
  #within<T>(promise: Promise<T>, ms: number, onTimeout: CastFailure): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = this.#clock.setTimeout(() => reject(new CastFailed(onTimeout)), ms);
      promise.then(
        (value) => {
          this.#clock.clearTimeout(timer);
          resolve(value);
        },
        (reason: unknown) => {
          this.#clock.clearTimeout(timer);
          reject(reason);
        },
      );
    });
  }

  #emit(event: CastEvent): void {
    if (this.#destroyed) return;
    for (const listener of this.#eventListeners) listener(event);
  }

  #update(patch: Partial<CastSnapshot>): void {
    if (this.#destroyed) return;
    const next = { ...this.#snapshot, ...patch };
    const keys = Object.keys(patch) as Array<keyof CastSnapshot>;
    if (keys.every((key) => next[key] === this.#snapshot[key])) return;
    this.#snapshot = next;
    for (const listener of this.#listeners) listener();
  }
}
