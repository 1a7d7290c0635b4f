import { AUDIO_RETRY_AFTER_STALL_MS } from '../constants.ts';
import { audioRetryDelayMs, type AudioRetryCause } from './retry-policy.ts';

/** Spec §4's audio states, as the listener sees them. */
export type PlayerState = 'stopped' | 'loading' | 'playing' | 'error';

/** A (re)load that has not produced sound after this long is given up and retried with backoff. */
export const START_TIMEOUT_MS = 15_000;
/**
 * After a silent network switch an element can stay 'playing' while nothing advances; this long
 * without progress counts as a stall and the stream is reloaded.
 */
export const WATCHDOG_STALL_MS = 5_000;

/**
 * Where the player is, finer than the four spec states so that every legal move can be listed:
 * each phase maps to one PlayerState (see playerView).
 */
export type PlayerPhase =
  /** Not listening. */
  | { name: 'idle' }
  /** The browser refused to play without a tap: not listening, and the listener is told why. */
  | { name: 'blocked' }
  /** Listening, but the station's stream URLs are not known yet. */
  | { name: 'awaitingStreams' }
  /** A fresh connection at the live edge, no sound yet; `retry` when it follows a failure. */
  | { name: 'connecting'; retry: boolean }
  | { name: 'playing' }
  /** Sound flowed, then stopped (a stall): reloaded if it does not come back. */
  | { name: 'buffering' }
  /** Something broke; the next attempt is due after `delayMs`. */
  | { name: 'retryWait'; delayMs: number }
  /** The browser is offline: playback paused, resumed when it is back. */
  | { name: 'offline' }
  /**
   * The server refused the stream with its reason (a rewind to a moment outside the window, in the
   * future or in a gap): not listening, and not retried; Play or Go live starts afresh.
   */
  | { name: 'refused'; reason: string };

export interface PlayerMachine {
  phase: PlayerPhase;
  /** navigator.onLine, following the browser's online/offline events (spec §4). */
  online: boolean;
  hasStreams: boolean;
  /** Consecutive failed attempts since sound last flowed; drives the backoff. */
  failures: number;
  /** The stream host refuses fetch() (no CORS): stay on <audio src> for this page's life. */
  direct: boolean;
}

export type PlayerTimer = 'startTimeout' | 'stallTimeout' | 'retryDue';

export type PlayerEvent =
  // the listener (buttons, lock screen, headset)
  | { type: 'play' }
  | { type: 'pause' }
  /** The quality changed: a listening player reloads the stream (spec §4). */
  | { type: 'reload' }
  // the <audio> element; the engine drops the pause it made itself
  | { type: 'mediaPlay'; hasData: boolean }
  | { type: 'mediaPlaying' }
  /** timeupdate while the element is not paused. */
  | { type: 'mediaProgress' }
  | { type: 'mediaPause' }
  | { type: 'mediaEnded' }
  /** abort or emptied. */
  | { type: 'mediaEmptied' }
  | { type: 'mediaError' }
  /** waiting or stalled. */
  | { type: 'mediaStall' }
  /** play() was refused for want of a user gesture. */
  | { type: 'playBlocked' }
  // the stream source
  | { type: 'sourceData' }
  | { type: 'sourceFailed'; corsBlocked: boolean }
  /** The server answered with a reason not to play (4xx with JSON `{ error }`): retrying cannot help. */
  | { type: 'sourceRefused'; reason: string }
  // the engine's own timers and watchdog
  | { type: PlayerTimer }
  /** Playing, yet currentTime has not moved for WATCHDOG_STALL_MS. */
  | { type: 'frozen' }
  // the page and the network
  | { type: 'online' }
  | { type: 'offline' }
  | { type: 'visible' }
  | { type: 'streams'; available: boolean };

export type PlayerEffect =
  /** Pause the element, end the download, cancel the pending timer. */
  | { type: 'stopSource' }
  /** Open the stream afresh at the live edge and call play() (inside the listener's tap). */
  | { type: 'startSource'; direct: boolean }
  /** The first bytes are in: call play() again if the element is still paused. */
  | { type: 'resumeIfPaused' }
  /** Replaces the pending timer; when it fires, the engine dispatches `{ type: timer }`. */
  | { type: 'arm'; timer: PlayerTimer; ms: number }
  | { type: 'disarm' };

export interface PlayerTransition {
  machine: PlayerMachine;
  effects: PlayerEffect[];
}

export function initialPlayerMachine(options: { online: boolean; hasStreams: boolean }): PlayerMachine {
  return { phase: { name: 'idle' }, failures: 0, direct: false, ...options };
}

const to = (machine: PlayerMachine, phase: PlayerPhase, effects: PlayerEffect[] = []): PlayerTransition => ({
  machine: { ...machine, phase },
  effects,
});

/** Opens the stream afresh: every start, resume and recovery joins the live edge, never a stale buffer. */
function connect(machine: PlayerMachine, retry: boolean): PlayerTransition {
  if (!machine.online) return to(machine, { name: 'offline' }, [{ type: 'stopSource' }]);
  if (!machine.hasStreams) return to(machine, { name: 'awaitingStreams' }, [{ type: 'stopSource' }]);
  return to(machine, { name: 'connecting', retry }, [
    // Armed first: starting the source can make the element report sound at once.
    { type: 'arm', timer: 'startTimeout', ms: START_TIMEOUT_MS },
    { type: 'startSource', direct: machine.direct },
  ]);
}

/**
 * Something broke while the listener wants sound: wait the backoff delay, less what was already
 * waited (a stall has been watched for a while before it gets here), then try again.
 */
function fail(machine: PlayerMachine, cause: AudioRetryCause, alreadyWaitedMs = 0): PlayerTransition {
  const delayMs = audioRetryDelayMs(cause, machine.failures) - alreadyWaitedMs;
  const next = { ...machine, failures: machine.failures + 1 };
  if (delayMs <= 0) return connect(next, true);
  return to(next, { name: 'retryWait', delayMs }, [
    { type: 'stopSource' },
    { type: 'arm', timer: 'retryDue', ms: delayMs },
  ]);
}

/** Sound flows: the pending start or stall timer is moot and the backoff starts over. */
const sounding = (machine: PlayerMachine) =>
  to({ ...machine, failures: 0 }, { name: 'playing' }, [{ type: 'disarm' }]);

/** Pausing a live stream drops the connection: resuming later rejoins the live edge. */
const stop = (machine: PlayerMachine) => to(machine, { name: 'idle' }, [{ type: 'stopSource' }]);

/** A host that answers but refuses fetch() is not an outage: switch to <audio src> at once, for good. */
function sourceFailed(machine: PlayerMachine, corsBlocked: boolean): PlayerTransition {
  if (corsBlocked && !machine.direct) return connect({ ...machine, direct: true }, false);
  return fail(machine, 'error');
}

/** Events every listening phase answers alike. */
function whileListening(machine: PlayerMachine, event: PlayerEvent): PlayerTransition | null {
  switch (event.type) {
    case 'pause':
      return stop(machine);
    case 'offline':
      // Offline pauses the audio and says so; the wish to listen is kept for when it is back.
      return to(machine, { name: 'offline' }, [{ type: 'stopSource' }]);
    case 'streams':
      return connect(machine, false);
    default:
      return null;
  }
}

/** Events the stream, once opened, answers alike (connecting, playing, buffering). */
function whileStreaming(machine: PlayerMachine, event: PlayerEvent): PlayerTransition | null {
  switch (event.type) {
    case 'mediaPause':
      // A pause the engine did not make (headset unplugged, the OS took the audio): the listener stopped.
      return stop(machine);
    case 'reload':
      return connect(machine, false);
    case 'sourceData':
      return to(machine, machine.phase, [{ type: 'resumeIfPaused' }]);
    case 'sourceFailed':
      return sourceFailed(machine, event.corsBlocked);
    case 'sourceRefused':
      return to({ ...machine, failures: 0 }, { name: 'refused', reason: event.reason }, [
        { type: 'stopSource' },
      ]);
    // A live stream never ends on purpose: the source went away.
    case 'mediaEnded':
    case 'mediaError':
      return fail(machine, 'error');
    case 'playBlocked':
      return to(machine, { name: 'blocked' }, [{ type: 'stopSource' }]);
    default:
      return whileListening(machine, event);
  }
}

/**
 * The player's whole state machine: every legal (phase × event) move and its effects, in one
 * place. Null means the event is not legal in this phase and is ignored (a late event from a
 * replaced source, a timer that lost a race, a second tap).
 */
export function playerTransition(current: PlayerMachine, event: PlayerEvent): PlayerTransition | null {
  // The network and the stream URLs are facts the machine tracks in every phase.
  const machine =
    event.type === 'online' || event.type === 'offline'
      ? { ...current, online: event.type === 'online' }
      : event.type === 'streams'
        ? { ...current, hasStreams: event.available }
        : current;
  const fact = event.type === 'online' || event.type === 'offline' || event.type === 'streams';
  const noted = fact && machine !== current ? to(machine, machine.phase) : null;

  switch (machine.phase.name) {
    case 'idle':
    case 'blocked':
    case 'refused':
      switch (event.type) {
        case 'play':
          return connect({ ...machine, failures: 0 }, false);
        case 'pause':
          // Clears the 'tap Play' notice of a blocked start, or the server's reason of a refused one.
          return machine.phase.name === 'idle' ? null : to(machine, { name: 'idle' });
        default:
          // ended/abort/emptied mark not playing (spec §4): not listening, it already is not.
          return noted;
      }

    case 'awaitingStreams':
      if (event.type === 'streams') return event.available ? connect(machine, false) : noted;
      return whileListening(machine, event) ?? noted;

    case 'connecting':
      switch (event.type) {
        // Spec §4: the play event marks playing. A live stream only sounds once data is there,
        // so before that it stays loading, and 'playing' completes the move.
        case 'mediaPlay':
          return event.hasData ? sounding(machine) : null;
        case 'mediaPlaying':
          return sounding(machine);
        case 'startTimeout':
          return fail(machine, 'stall');
        // 'waiting' before the first sound is the normal start, not a stall.
        default:
          return whileStreaming(machine, event) ?? noted;
      }

    case 'playing':
      switch (event.type) {
        // Spec §4: a stall sets buffering and reloads after 2 s if still stalled.
        case 'mediaStall':
          return to(machine, { name: 'buffering' }, [
            { type: 'arm', timer: 'stallTimeout', ms: AUDIO_RETRY_AFTER_STALL_MS },
          ]);
        case 'frozen':
          return fail(machine, 'stall', WATCHDOG_STALL_MS);
        default:
          return whileStreaming(machine, event) ?? noted;
      }

    case 'buffering':
      switch (event.type) {
        case 'mediaPlay':
          return event.hasData ? sounding(machine) : null;
        case 'mediaPlaying':
        case 'mediaProgress':
          return sounding(machine);
        case 'stallTimeout':
          return fail(machine, 'stall', AUDIO_RETRY_AFTER_STALL_MS);
        default:
          return whileStreaming(machine, event) ?? noted;
      }

    case 'retryWait':
      switch (event.type) {
        case 'retryDue':
          return connect(machine, true);
        // The network is back or the listener is looking again: after a long outage the backoff
        // may be 30 s, which is no reason to keep them waiting. Try at once.
        case 'online':
          return connect({ ...machine, failures: 0 }, true);
        case 'visible':
          return connect(machine, true);
        case 'play':
        case 'reload':
          return connect({ ...machine, failures: 0 }, true);
        default:
          return whileListening(machine, event) ?? noted;
      }

    case 'offline':
      switch (event.type) {
        case 'online':
          // Coming online clears the error (spec §4) and rejoins the stream.
          return connect({ ...machine, failures: 0 }, false);
        case 'pause':
          return to(machine, { name: 'idle' });
        default:
          return noted;
      }
  }
}

export type PlayerNotice =
  | { kind: 'offline' }
  | { kind: 'blocked' }
  | { kind: 'noStream' }
  | { kind: 'retrying' }
  | { kind: 'reconnecting'; seconds: number }
  /** The server's own words for refusing the stream. */
  | { kind: 'refused'; reason: string };

export interface PlayerView {
  state: PlayerState;
  /** The listener wants sound: from a tap on Play until a pause (theirs or the system's). */
  listening: boolean;
  /** What to tell the listener, if anything. */
  notice: PlayerNotice | null;
}

/** What the listener sees of a phase: the spec state, their wish to listen, and any notice. */
export function playerView(phase: PlayerPhase): PlayerView {
  switch (phase.name) {
    case 'idle':
      return { state: 'stopped', listening: false, notice: null };
    case 'blocked':
      return { state: 'error', listening: false, notice: { kind: 'blocked' } };
    case 'awaitingStreams':
      return { state: 'loading', listening: true, notice: { kind: 'noStream' } };
    case 'connecting':
      return { state: 'loading', listening: true, notice: phase.retry ? { kind: 'retrying' } : null };
    case 'playing':
      return { state: 'playing', listening: true, notice: null };
    case 'buffering':
      return { state: 'loading', listening: true, notice: null };
    case 'retryWait':
      return {
        state: 'error',
        listening: true,
        notice: { kind: 'reconnecting', seconds: Math.ceil(phase.delayMs / 1000) },
      };
    case 'offline':
      return { state: 'error', listening: true, notice: { kind: 'offline' } };
    case 'refused':
      return { state: 'error', listening: false, notice: { kind: 'refused', reason: phase.reason } };
  }
}
