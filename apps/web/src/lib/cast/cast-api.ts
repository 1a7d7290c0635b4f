/**
 * The part of Google's Cast sender framework (CAF, `window.cast.framework` + `window.chrome.cast`)
 * that the app uses, typed by hand: Google ships no types for the hosted script, and a fake with
 * this shape stands in for it in unit tests and e2e (the real SDK cannot run here).
 */

/** chrome.cast.ErrorCode values: the reason a requestSession() or loadMedia() promise rejects. */
export type CastErrorCode =
  | 'cancel'
  | 'timeout'
  | 'api_not_initialized'
  | 'invalid_parameter'
  | 'extension_not_compatible'
  | 'extension_missing'
  | 'receiver_unavailable'
  | 'session_error'
  | 'channel_error'
  | 'load_media_failed';

export type CastFrameworkState = 'NO_DEVICES_AVAILABLE' | 'NOT_CONNECTED' | 'CONNECTING' | 'CONNECTED';
export type CastSessionState =
  | 'NO_SESSION'
  | 'SESSION_STARTING'
  | 'SESSION_STARTED'
  | 'SESSION_START_FAILED'
  | 'SESSION_ENDING'
  | 'SESSION_ENDED'
  | 'SESSION_RESUMED';

export interface CastSessionHandle {
  getCastDevice(): { friendlyName: string };
  loadMedia(request: object): Promise<unknown>;
  endSession(stopCasting: boolean): void;
}

export interface CastContextHandle {
  setOptions(options: { receiverApplicationId: string; autoJoinPolicy: string }): void;
  getCastState(): CastFrameworkState;
  addEventListener(
    type: string,
    listener: (event: { castState?: CastFrameworkState; sessionState?: CastSessionState }) => void,
  ): void;
  requestSession(): Promise<unknown>;
  getCurrentSession(): CastSessionHandle | null;
  endCurrentSession(stopCasting: boolean): void;
}

export interface RemotePlayerHandle {
  isPaused: boolean;
  isMuted: boolean;
}

export interface RemotePlayerControllerHandle {
  playOrPause(): void;
  muteOrUnmute(): void;
  addEventListener(type: string, listener: () => void): void;
}

interface MusicTrackMetadata {
  title?: string;
  artist?: string;
  albumName?: string;
  images?: object[];
}

/** The two globals the sender script defines once its API is available. */
export interface CastGlobals {
  cast: {
    framework: {
      CastContext: { getInstance(): CastContextHandle };
      CastContextEventType: { CAST_STATE_CHANGED: string; SESSION_STATE_CHANGED: string };
      RemotePlayer: new () => RemotePlayerHandle;
      RemotePlayerController: new (player: RemotePlayerHandle) => RemotePlayerControllerHandle;
      RemotePlayerEventType: { IS_PAUSED_CHANGED: string; IS_MUTED_CHANGED: string };
    };
  };
  chrome: {
    cast: {
      AutoJoinPolicy: { ORIGIN_SCOPED: string };
      Image: new (url: string) => object;
      media: {
        DEFAULT_MEDIA_RECEIVER_APP_ID: string;
        StreamType: { LIVE: string; BUFFERED: string };
        MediaInfo: new (
          contentId: string,
          contentType: string,
        ) => {
          streamType: string;
          metadata: MusicTrackMetadata | null;
        };
        MusicTrackMediaMetadata: new () => MusicTrackMetadata;
        LoadRequest: new (media: object) => { autoplay: boolean; currentTime?: number };
      };
    };
  };
}

/** Where the hosted sender script lives; `loadCastFramework=1` asks for CAF, not the old chrome.cast API. */
export const CAST_SENDER_URL = 'https://www.gstatic.com/cv/js/sender/v1/cast_sender.js?loadCastFramework=1';
