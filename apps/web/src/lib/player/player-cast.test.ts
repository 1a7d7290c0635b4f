import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noTrackYet } from '../../test/fixtures.ts';
import type { CastGlobals } from '../cast/cast-api.ts';
import { CastService, type CastEvent } from '../cast/cast-service.ts';
import { installFakeCastFramework, type FakeCastControl } from '../cast/fake-cast-framework.ts';
import { PlayerService } from './player-service.ts';
import type { StreamSourceFactory } from './stream-source.ts';

const streams = { standard: 'http://radio.test/live', high: 'http://radio.test/live-hq' };

/** The player as one owner of engine + cast: what the listener's buttons reach while casting. */
describe('PlayerService while casting', () => {
  let player: PlayerService;
  let fake: FakeCastControl;
  let events: CastEvent[];
  const opened: Array<{ stopped: boolean }> = [];

  beforeEach(() => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'load').mockReturnValue(undefined);
    const page: Record<string, unknown> = {};
    fake = installFakeCastFramework({ device: 'Kitchen' }, page);
    const createSource: StreamSourceFactory = () => {
      const record = { stopped: false };
      opened.push(record);
      return { kind: 'mse', start: () => undefined, stop: () => void (record.stopped = true) };
    };
    const cast = new CastService(
      {
        loadScript: () => Promise.reject(new Error('not needed: the framework is on the page')),
        onApiAvailable: () => undefined,
        globals: () => page as unknown as CastGlobals,
        probeStream: () => undefined,
      },
      {
        now: () => Date.now(),
        setTimeout: (fn, ms) => setTimeout(fn, ms),
        clearTimeout: (h) => clearTimeout(h as number),
      },
      { read: () => null, write: () => undefined },
    );
    player = new PlayerService({
      createSource,
      fetchNowPlaying: () => Promise.resolve(noTrackYet),
      quality: { read: () => 'standard', write: () => undefined },
      createCast: () => Promise.resolve(cast),
    });
    events = [];
    player.onCastEvent((event) => events.push(event));
    player.start();
    player.setStation({ name: 'OnAir', streams });
  });
  afterEach(() => player.stop());

  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('stops local audio on connect, sends play/pause/mute/quality to the receiver, and hands control back on disconnect', async () => {
    player.play();
    expect(player.snapshot.listening).toBe(true);
    player.toggleCast();
    await settle();
    expect(player.remote.cast).toMatchObject({ state: 'connected', device: 'Kitchen' });
    expect(opened.at(-1)?.stopped).toBe(true); // the local stream is closed
    expect(fake.loads.map((load) => [load.contentId, load.title, load.artist])).toEqual([
      [streams.standard, 'OnAir', 'Live Radio'],
    ]);
    expect(player.snapshot).toMatchObject({ state: 'playing', listening: true, muted: false });

    player.pause();
    player.toggleMute();
    expect(fake.playOrPauseCalls).toBe(1);
    expect(fake.muteOrUnmuteCalls).toBe(1);
    expect(player.snapshot).toMatchObject({ state: 'stopped', listening: false, muted: true });
    expect(opened).toHaveLength(1); // nothing local was reopened

    player.setQuality('high');
    await settle();
    expect(fake.loads.at(-1)?.contentId).toBe(streams.high);

    fake.receiverEnds();
    expect(player.remote.cast.state).toBe('available');
    expect(player.snapshot).toMatchObject({ state: 'stopped', listening: false });
    expect(events.map((event) => (event.type === 'toast' ? event.text : event.type))).toEqual([
      'Searching for Cast devices...',
      'connected',
      'Connected to Kitchen!',
      'disconnected',
      'Disconnected from Cast device',
    ]);
    player.play();
    expect(opened).toHaveLength(2); // local control is back
  });
});
