/** What the fake receiver was told to play. */
export interface FakeCastLoad {
  contentId: string;
  contentType: string;
  streamType: string;
  autoplay: boolean;
  /** Where a buffered file was asked to start (seconds), if anywhere. */
  currentTime?: number | undefined;
  title: string | undefined;
  artist: string | undefined;
  albumName: string | undefined;
  images: string[];
}

/** Test controls of the fake framework, on `target.__fakeCast`. */
export interface FakeCastControl {
  device: string;
  castState: 'NO_DEVICES_AVAILABLE' | 'NOT_CONNECTED' | 'CONNECTING' | 'CONNECTED';
  /** 'accept', 'hang' (never answers), or a chrome.cast.ErrorCode to reject with. */
  requestAnswer: string;
  loadAnswer: string;
  /** endCurrentSession() throws (a framework in a bad state). */
  endThrows: boolean;
  loads: FakeCastLoad[];
  options: Array<{ receiverApplicationId: string; autoJoinPolicy: string }>;
  endCalls: boolean[];
  playOrPauseCalls: number;
  muteOrUnmuteCalls: number;
  setCastState(state: FakeCastControl['castState']): void;
  /** The receiver (or another sender) ends the session. */
  receiverEnds(): void;
  /** The framework's origin-scoped auto-join rejoins a session after a reload. */
  rejoin(): void;
  /** The receiver reports a pause/mute of its own. */
  receiverSets(patch: { isPaused?: boolean; isMuted?: boolean }): void;
}

/**
 * Installs a fake of Google's Cast sender framework (the globals cast-api.ts types) on `target`:
 * the real SDK cannot run here (ARCHITECTURE habit 9). Self-contained, with no reference outside
 * its body, so that e2e can hand this very function to page.addInitScript.
 */
export function installFakeCastFramework(
  settings: { device: string },
  target: object = globalThis,
): FakeCastControl {
  type Listener = (event: { castState?: string; sessionState?: string }) => void;
  const contextListeners: Array<[string, Listener]> = [];
  const playerListeners: Array<[string, () => void]> = [];
  const fire = (type: string, event: { castState?: string; sessionState?: string }) => {
    for (const [name, listener] of contextListeners) if (name === type) listener(event);
  };
  const remote = { isPaused: false, isMuted: false };
  const firePlayer = (type: string) => {
    for (const [name, listener] of playerListeners) if (name === type) listener();
  };
  let sessionOpen = false;
  const never = new Promise<never>(() => undefined);
  const answer = (how: string): Promise<void> =>
    how === 'accept' ? Promise.resolve() : how === 'hang' ? never : Promise.reject(how);

  const control: FakeCastControl = {
    device: settings.device,
    castState: 'NOT_CONNECTED',
    requestAnswer: 'accept',
    loadAnswer: 'accept',
    endThrows: false,
    loads: [],
    options: [],
    endCalls: [],
    playOrPauseCalls: 0,
    muteOrUnmuteCalls: 0,
    setCastState(state) {
      control.castState = state;
      fire('caststatechanged', { castState: state });
    },
    receiverEnds() {
      sessionOpen = false;
      control.setCastState('NOT_CONNECTED');
      fire('sessionstatechanged', { sessionState: 'SESSION_ENDED' });
    },
    rejoin() {
      sessionOpen = true;
      control.setCastState('CONNECTED');
      fire('sessionstatechanged', { sessionState: 'SESSION_RESUMED' });
    },
    receiverSets(patch) {
      if (patch.isPaused !== undefined) {
        remote.isPaused = patch.isPaused;
        firePlayer('isPausedChanged');
      }
      if (patch.isMuted !== undefined) {
        remote.isMuted = patch.isMuted;
        firePlayer('isMutedChanged');
      }
    },
  };

  const session = {
    getCastDevice: () => ({ friendlyName: control.device }),
    loadMedia(request: { media: FakeMediaInfo; autoplay: boolean; currentTime?: number }) {
      const { media } = request;
      control.loads.push({
        contentId: media.contentId,
        contentType: media.contentType,
        streamType: media.streamType,
        autoplay: request.autoplay,
        currentTime: request.currentTime,
        title: media.metadata?.title,
        artist: media.metadata?.artist,
        albumName: media.metadata?.albumName,
        images: (media.metadata?.images ?? []).map((image) => image.url),
      });
      return answer(control.loadAnswer);
    },
    endSession(stopCasting: boolean) {
      context.endCurrentSession(stopCasting);
    },
  };

  const context = {
    setOptions(options: { receiverApplicationId: string; autoJoinPolicy: string }) {
      control.options.push(options);
    },
    getCastState: () => control.castState,
    addEventListener(type: string, listener: Listener) {
      contextListeners.push([type, listener]);
    },
    requestSession() {
      const how = control.requestAnswer;
      if (how === 'accept') {
        sessionOpen = true;
        control.castState = 'CONNECTED';
        fire('sessionstatechanged', { sessionState: 'SESSION_STARTED' });
      }
      return answer(how);
    },
    getCurrentSession: () => (sessionOpen ? session : null),
    endCurrentSession(stopCasting: boolean) {
      control.endCalls.push(stopCasting);
      if (control.endThrows) throw new Error('session_error');
      if (sessionOpen) control.receiverEnds();
    },
  };

  interface FakeMediaInfo {
    contentId: string;
    contentType: string;
    streamType: string;
    metadata: { title?: string; artist?: string; albumName?: string; images?: Array<{ url: string }> } | null;
  }

  const globals = target as Record<string, unknown>;
  globals['__fakeCast'] = control;
  globals['cast'] = {
    framework: {
      CastContext: { getInstance: () => context },
      CastContextEventType: {
        CAST_STATE_CHANGED: 'caststatechanged',
        SESSION_STATE_CHANGED: 'sessionstatechanged',
      },
      RemotePlayer: function RemotePlayer() {
        return remote;
      },
      RemotePlayerController: function RemotePlayerController() {
        return {
          playOrPause() {
            control.playOrPauseCalls += 1;
            control.receiverSets({ isPaused: !remote.isPaused });
          },
          muteOrUnmute() {
            control.muteOrUnmuteCalls += 1;
            control.receiverSets({ isMuted: !remote.isMuted });
          },
          addEventListener(type: string, listener: () => void) {
            playerListeners.push([type, listener]);
          },
        };
      },
      RemotePlayerEventType: { IS_PAUSED_CHANGED: 'isPausedChanged', IS_MUTED_CHANGED: 'isMutedChanged' },
    },
  };
  globals['chrome'] = {
    ...(globals['chrome'] as object | undefined),
    cast: {
      AutoJoinPolicy: { ORIGIN_SCOPED: 'origin_scoped' },
      Image: function Image(url: string) {
        return { url };
      },
      media: {
        DEFAULT_MEDIA_RECEIVER_APP_ID: 'CC1AD845',
        StreamType: { LIVE: 'LIVE', BUFFERED: 'BUFFERED' },
        MediaInfo: function MediaInfo(contentId: string, contentType: string) {
          return { contentId, contentType, streamType: 'BUFFERED', metadata: null };
        },
        MusicTrackMediaMetadata: function MusicTrackMediaMetadata() {
          return {};
        },
        LoadRequest: function LoadRequest(media: FakeMediaInfo) {
          return { media, autoplay: false };
        },
      },
    },
  };
  return control;
}
