import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noTrackYet } from '../../test/fixtures.ts';
import type { CastGlobals } from '../cast/cast-api.ts';
import { CastService, type CastEvent } from '../cast/cast-service.ts';
import { installFakeCastFramework, type FakeCastControl } from '../cast/fake-cast-framework.ts';
import type { Episode } from '@onair/core';
import { PlayerService } from './player-service.ts';
import type { StreamSourceFactory } from './stream-source.ts';
import * as livePlayer from './live-player.ts';

const streams = { standard: 'http://radio.test/live', high: 'http://radio.test/live-hq' };
const HOUR = 3_600_000;

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
      livePlayer,
      createSource,
      fetchNowPlaying: () => Promise.resolve(noTrackYet),
      quality: { read: () => 'standard', write: () => undefined },
      createCast: () => Promise.resolve(cast),
      fetchRewindWindow: async () => ({ earliestAt: Date.now() - HOUR, timeshiftMs: 4 * HOUR }),
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

  it('sends the receiver an absolute stream URL when the station gives a path (the demo station)', async () => {
    player.setStation({ name: 'OnAir', streams: { standard: '/demo/live', high: '/demo/live-hq' } });
    player.toggleCast();
    await settle();
    expect(fake.loads.map((load) => load.contentId)).toEqual([`${window.location.origin}/demo/live`]);
  });

  it("rewinds on the receiver: it gets the archive's absolute /api/rewind URL, the local stream stays off; Go live sends the live mount", async () => {
    player.watchTimeshift();
    player.toggleCast();
    await settle();
    const localSources = opened.length;
    const before = Date.now();
    player.back();
    const after = Date.now();
    await settle();
    const rewind = new URL(fake.loads.at(-1)?.contentId ?? '');
    expect(rewind.origin + rewind.pathname).toBe(`${window.location.origin}/api/rewind`);
    expect(rewind.searchParams.get('quality')).toBe('standard');
    const at = Number(rewind.searchParams.get('at'));
    // 30 s before the moment back() was pressed, which lies between `before` and `after`.
    expect(after - at).toBeGreaterThanOrEqual(30_000);
    expect(before - at).toBeLessThan(31_000);
    expect(fake.loads.at(-1)?.streamType).toBe('LIVE');
    expect(opened.length).toBe(localSources);
    expect(player.timeshift.rewound).toBe(true);

    player.goLive();
    await settle();
    expect(fake.loads.at(-1)?.contentId).toBe('http://radio.test/live');
    expect(opened.length).toBe(localSources);
  });

  const episode = (): Episode => ({
    id: '0123456789abcdef',
    show: 'Deep Dublin',
    artist: 'Seán',
    genre: 'House',
    image: '/images/shows/Sean_400.jpg',
    startsAt: Date.now() - 2 * HOUR,
    endsAt: Date.now() - HOUR,
    durationMs: HOUR,
    status: 'ready',
    tracks: [],
    audioUrl: '/api/episodes/0123456789abcdef/audio.mp3',
    pageUrl: '/episodes/0123456789abcdef',
    feedUrl: '/shows/deep-dublin/feed.xml',
  });
  /** Elements play() was called on that are the episodes' own (the spy records each call's element). */
  const episodeElementPlays = () =>
    vi
      .mocked(HTMLMediaElement.prototype.play)
      .mock.contexts.filter((element) => (element as HTMLElement).dataset['testid'] === 'episode-audio')
      .length;

  it('an episode started while casting goes to the receiver, from its place, and plays nothing here', async () => {
    player.play();
    player.toggleCast();
    await settle();
    expect(fake.loads.at(-1)?.contentId).toBe(streams.standard);
    await player.prepareEpisodes();
    player.playEpisode(episode(), 120_000);
    await settle();
    expect(fake.loads.at(-1)).toMatchObject({
      contentId: `${window.location.origin}/api/episodes/0123456789abcdef/audio.mp3`,
      streamType: 'BUFFERED',
      currentTime: 120,
      title: 'Deep Dublin',
    });
    expect(episodeElementPlays()).toBe(0);
    expect(player.episode).toMatchObject({ positionMs: 120_000 });

    // Pause and Play reach the receiver; a seek loads it there at the new place.
    player.pauseEpisode();
    expect(player.snapshot).toMatchObject({ state: 'stopped', listening: false });
    const loads = fake.loads.length;
    player.playEpisode(episode());
    await settle();
    expect(player.snapshot).toMatchObject({ state: 'playing', listening: true });
    expect(fake.loads).toHaveLength(loads);
    player.seekEpisode(600_000);
    await settle();
    expect(fake.loads.at(-1)).toMatchObject({ currentTime: 600 });
    expect(episodeElementPlays()).toBe(0);
  });

  it('casts the episode playing: its absolute audio URL, as a file the receiver seeks, from where the listener is', async () => {
    await player.prepareEpisodes();
    player.playEpisode(episode(), 90_000);
    player.toggleCast();
    await settle();
    expect(fake.loads.at(-1)).toMatchObject({
      contentId: `${window.location.origin}/api/episodes/0123456789abcdef/audio.mp3`,
      streamType: 'BUFFERED',
      currentTime: 90,
      title: 'Deep Dublin',
      artist: 'Seán',
      images: [`${window.location.origin}/images/shows/Sean_400.jpg`],
    });
  });
});
