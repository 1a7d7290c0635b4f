import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AUDIO_RETRY_AFTER_ERROR_MS, AUDIO_RETRY_AFTER_STALL_MS } from '../constants.ts';
import {
  initialPlayerMachine,
  playerTransition,
  playerView,
  START_TIMEOUT_MS,
  WATCHDOG_STALL_MS,
  type PlayerEffect,
  type PlayerEvent,
  type PlayerMachine,
  type PlayerPhase,
} from './player-machine.ts';
import { AUDIO_RETRY_MAX_MS } from './retry-policy.ts';

const ready = () => initialPlayerMachine({ online: true, hasStreams: true });

/** Applies the events in order (an ignored one leaves the machine as it was); collects the effects. */
function run(start: PlayerMachine, ...events: PlayerEvent[]) {
  let machine = start;
  const effects: PlayerEffect[] = [];
  for (const event of events) {
    const result = playerTransition(machine, event);
    if (!result) continue;
    machine = result.machine;
    effects.push(...result.effects);
  }
  return { machine, effects, view: playerView(machine.phase) };
}

const at = (phase: PlayerPhase, patch: Partial<PlayerMachine> = {}): PlayerMachine => ({
  ...ready(),
  phase,
  ...patch,
});

const playing = () => run(ready(), { type: 'play' }, { type: 'mediaPlaying' }).machine;

describe('playerTransition: spec §4', () => {
  it('play opens the stream, arms the start timeout, and the play event with data marks playing', () => {
    const started = playerTransition(ready(), { type: 'play' });
    expect(started?.effects).toEqual([
      { type: 'arm', timer: 'startTimeout', ms: START_TIMEOUT_MS },
      { type: 'startSource', direct: false },
    ]);
    expect(playerView(started!.machine.phase)).toEqual({ state: 'loading', listening: true, notice: null });
    const sounding = run(started!.machine, { type: 'mediaPlay', hasData: true });
    expect(sounding.view.state).toBe('playing');
    expect(sounding.effects).toEqual([{ type: 'disarm' }]);
  });

  it('pause, and a pause the engine did not make, mark not playing and drop the connection', () => {
    for (const type of ['pause', 'mediaPause'] as const) {
      const { view, effects } = run(playing(), { type });
      expect(view).toEqual({ state: 'stopped', listening: false, notice: null });
      expect(effects).toEqual([{ type: 'stopSource' }]);
    }
  });

  it('an error sets error and retries loading after 1 s', () => {
    for (const type of ['mediaError', 'mediaEnded'] as const) {
      const failed = run(playing(), { type });
      expect(failed.view).toEqual({
        state: 'error',
        listening: true,
        notice: { kind: 'reconnecting', seconds: 1 },
      });
      expect(failed.effects).toEqual([
        { type: 'stopSource' },
        { type: 'arm', timer: 'retryDue', ms: AUDIO_RETRY_AFTER_ERROR_MS },
      ]);
      const retried = run(failed.machine, { type: 'retryDue' });
      expect(retried.view).toEqual({ state: 'loading', listening: true, notice: { kind: 'retrying' } });
      expect(retried.effects).toContainEqual({ type: 'startSource', direct: false });
    }
  });

  it('a stall sets buffering and reloads after 2 s if still stalled; sound in between cancels it', () => {
    const stalled = run(playing(), { type: 'mediaStall' });
    expect(stalled.view.state).toBe('loading');
    expect(stalled.effects).toEqual([{ type: 'arm', timer: 'stallTimeout', ms: AUDIO_RETRY_AFTER_STALL_MS }]);
    // The stall was already watched for 2 s: the reload is immediate.
    const reloaded = run(stalled.machine, { type: 'stallTimeout' });
    expect(reloaded.machine.phase).toEqual({ name: 'connecting', retry: true });
    expect(reloaded.effects).toContainEqual({ type: 'startSource', direct: false });
    for (const type of ['mediaPlaying', 'mediaProgress'] as const) {
      expect(run(stalled.machine, { type }).view.state).toBe('playing');
    }
  });

  it('going offline pauses playing audio and shows an error; coming online clears it and reloads', () => {
    const offline = run(playing(), { type: 'offline' });
    expect(offline.view).toEqual({ state: 'error', listening: true, notice: { kind: 'offline' } });
    expect(offline.effects).toEqual([{ type: 'stopSource' }]);
    const back = run(offline.machine, { type: 'online' });
    expect(back.view).toEqual({ state: 'loading', listening: true, notice: null });
    expect(back.effects).toContainEqual({ type: 'startSource', direct: false });
  });

  it('offline while stopped only notes it; a tap then explains why nothing plays', () => {
    const noted = run(ready(), { type: 'offline' });
    expect(noted.view.state).toBe('stopped');
    expect(noted.machine.online).toBe(false);
    expect(run(noted.machine, { type: 'play' }).view.notice).toEqual({ kind: 'offline' });
  });

  it('changing quality reloads the stream while listening, and only then', () => {
    expect(playerTransition(ready(), { type: 'reload' })).toBeNull();
    expect(run(playing(), { type: 'reload' }).effects).toContainEqual({ type: 'startSource', direct: false });
  });
});

describe('playerTransition: recovery', () => {
  it('backs off 1, 2, 4, 8, 16, 30 s on consecutive failures, and starts over once sound flows', () => {
    let machine = run(ready(), { type: 'play' }).machine;
    const waits: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const failed = run(machine, { type: 'sourceFailed', corsBlocked: false });
      if (failed.machine.phase.name !== 'retryWait') throw new Error('expected a wait');
      waits.push(failed.machine.phase.delayMs);
      machine = run(failed.machine, { type: 'retryDue' }).machine;
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    const sounded = run(machine, { type: 'mediaPlaying' }, { type: 'mediaError' });
    expect(sounded.view.notice).toEqual({ kind: 'reconnecting', seconds: 1 });
  });

  it('after a long outage, the online event and a visible page retry at once instead of waiting up to 30 s', () => {
    const longOutage = at({ name: 'retryWait', delayMs: AUDIO_RETRY_MAX_MS }, { failures: 6 });
    const online = run(longOutage, { type: 'online' });
    expect(online.machine.phase).toEqual({ name: 'connecting', retry: true });
    expect(online.effects).toContainEqual({ type: 'startSource', direct: false });
    expect(online.machine.failures).toBe(0); // a new network starts the backoff over
    const visible = run(longOutage, { type: 'visible' });
    expect(visible.machine.phase).toEqual({ name: 'connecting', retry: true });
    expect(visible.effects).toContainEqual({ type: 'startSource', direct: false });
  });

  it('a host without CORS switches to <audio src> at once and for good; a second refusal backs off', () => {
    const switched = run(ready(), { type: 'play' }, { type: 'sourceFailed', corsBlocked: true });
    expect(switched.machine.direct).toBe(true);
    expect(switched.machine.phase.name).toBe('connecting');
    expect(switched.effects.at(-1)).toEqual({ type: 'startSource', direct: true });
    const again = run(switched.machine, { type: 'sourceFailed', corsBlocked: true });
    expect(again.machine.phase.name).toBe('retryWait');
    const later = run(again.machine, { type: 'pause' }, { type: 'play' });
    expect(later.effects.at(-1)).toEqual({ type: 'startSource', direct: true });
  });

  it('a start that never sounds is retried after the backoff; a frozen playhead reloads at once', () => {
    const timedOut = run(ready(), { type: 'play' }, { type: 'startTimeout' });
    expect(timedOut.machine.phase).toEqual({ name: 'retryWait', delayMs: AUDIO_RETRY_AFTER_STALL_MS });
    const frozen = run(playing(), { type: 'frozen' });
    expect(frozen.machine.phase).toEqual({ name: 'connecting', retry: true });
    expect(WATCHDOG_STALL_MS).toBeGreaterThanOrEqual(AUDIO_RETRY_AFTER_STALL_MS);
  });

  it("a stream the server refuses ends listening with the server's reason, never retried; play starts afresh", () => {
    const reason = 'Nothing was recorded at that moment: the stream was down.';
    const refused = run(ready(), { type: 'play' }, { type: 'sourceRefused', reason });
    expect(refused.machine.phase).toEqual({ name: 'refused', reason });
    expect(refused.view).toEqual({ state: 'error', listening: false, notice: { kind: 'refused', reason } });
    expect(refused.effects.at(-1)).toEqual({ type: 'stopSource' });
    expect(playerTransition(refused.machine, { type: 'retryDue' })).toBeNull();
    expect(playerTransition(refused.machine, { type: 'visible' })).toBeNull();
    const again = run(refused.machine, { type: 'play' });
    expect(again.machine.phase).toEqual({ name: 'connecting', retry: false });
    expect(again.effects).toContainEqual({ type: 'startSource', direct: false });
    expect(run(refused.machine, { type: 'pause' }).view.notice).toBeNull();
    // Refused mid-stream (a reload to a moment in a gap) alike.
    expect(run(playing(), { type: 'sourceRefused', reason }).machine.phase.name).toBe('refused');
  });

  it('a tap the browser refuses ends listening with a notice; pause or play clears it', () => {
    const blocked = run(ready(), { type: 'play' }, { type: 'playBlocked' });
    expect(blocked.view).toEqual({ state: 'error', listening: false, notice: { kind: 'blocked' } });
    expect(run(blocked.machine, { type: 'pause' }).view).toEqual({
      state: 'stopped',
      listening: false,
      notice: null,
    });
    expect(run(blocked.machine, { type: 'play' }).view.state).toBe('loading');
  });

  it('a tap before the stream URLs are known waits for them, then connects', () => {
    const waiting = run(initialPlayerMachine({ online: true, hasStreams: false }), { type: 'play' });
    expect(waiting.view).toEqual({ state: 'loading', listening: true, notice: { kind: 'noStream' } });
    expect(waiting.effects).not.toContainEqual(expect.objectContaining({ type: 'startSource' }));
    const connected = run(waiting.machine, { type: 'streams', available: true });
    expect(connected.view).toEqual({ state: 'loading', listening: true, notice: null });
    expect(connected.effects).toContainEqual({ type: 'startSource', direct: false });
  });
});

describe('playerTransition: illegal events are ignored', () => {
  const cases: Array<[string, PlayerMachine, PlayerEvent]> = [
    ['a second play while playing', playing(), { type: 'play' }],
    ['pause while stopped', ready(), { type: 'pause' }],
    ['a retry timer that lost the race to sound', playing(), { type: 'retryDue' }],
    ['a start timeout after sound flowed', playing(), { type: 'startTimeout' }],
    ['a stall timeout while playing', playing(), { type: 'stallTimeout' }],
    ["'waiting' before the first sound", run(ready(), { type: 'play' }).machine, { type: 'mediaStall' }],
    ['abort/emptied of its own source swap', playing(), { type: 'mediaEmptied' }],
    ['ended while stopped', ready(), { type: 'mediaEnded' }],
    ['a source failure while stopped', ready(), { type: 'sourceFailed', corsBlocked: false }],
    [
      'an element pause while waiting to retry',
      at({ name: 'retryWait', delayMs: 1_000 }),
      { type: 'mediaPause' },
    ],
    ['a visible page while playing', playing(), { type: 'visible' }],
    ['a reload while offline', at({ name: 'offline' }, { online: false }), { type: 'reload' }],
    [
      'the play event without data',
      run(ready(), { type: 'play' }).machine,
      { type: 'mediaPlay', hasData: false },
    ],
  ];
  it.each(cases)('%s', (_name, machine, event) => {
    expect(playerTransition(machine, event)).toBeNull();
  });
});

const anyEvent: fc.Arbitrary<PlayerEvent> = fc.oneof(
  fc.constantFrom<PlayerEvent>(
    ...(
      [
        'play',
        'pause',
        'reload',
        'mediaPlaying',
        'mediaProgress',
        'mediaPause',
        'mediaEnded',
        'mediaEmptied',
        'mediaError',
        'mediaStall',
        'playBlocked',
        'sourceData',
        'startTimeout',
        'stallTimeout',
        'retryDue',
        'frozen',
        'online',
        'offline',
        'visible',
      ] as const
    ).map((type) => ({ type })),
  ),
  fc.boolean().map((hasData): PlayerEvent => ({ type: 'mediaPlay', hasData })),
  fc.boolean().map((corsBlocked): PlayerEvent => ({ type: 'sourceFailed', corsBlocked })),
  fc.constant<PlayerEvent>({ type: 'sourceRefused', reason: 'That moment has not been broadcast yet.' }),
  fc.boolean().map((available): PlayerEvent => ({ type: 'streams', available })),
);

describe('playerTransition: invariants over any sequence of events', () => {
  it('never opens the stream offline, without URLs or for a listener who stopped; waits stay within the backoff', () => {
    fc.assert(
      fc.property(fc.array(anyEvent, { maxLength: 60 }), (events) => {
        let machine = ready();
        for (const event of events) {
          const result = playerTransition(machine, event);
          if (!result) continue;
          machine = result.machine;
          const view = playerView(machine.phase);
          const opens = result.effects.some((effect) => effect.type === 'startSource');
          if (opens) {
            expect(machine.online && machine.hasStreams && view.listening).toBe(true);
            expect(machine.phase.name).toBe('connecting');
          }
          if (!view.listening) expect(result.effects.some((e) => e.type === 'arm')).toBe(false);
          if (machine.phase.name === 'retryWait') {
            expect(machine.phase.delayMs).toBeGreaterThan(0);
            expect(machine.phase.delayMs).toBeLessThanOrEqual(AUDIO_RETRY_MAX_MS);
          }
          if (!machine.online)
            expect(['idle', 'blocked', 'refused', 'offline']).toContain(machine.phase.name);
        }
      }),
    );
  });
});
