import { REWIND_STEP_MS, type Episode } from '@onair/core';
import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readStored } from '../storage.ts';
import * as storedLater from '../stored-later.ts';
import {
  fakeNativePlayer,
  NATIVE_TEST_STATION,
  startNativeTestService,
  stubNativeBridge,
} from '../../test/fake-native-audio.ts';
import { EPISODE_MESSAGES, EPISODE_PROGRESS_SAVE_MS } from './episode-playback.ts';
import { NATIVE_AUDIO_ID } from './native-audio-engine.ts';
import { NATIVE_EPISODE_AUDIO_ID, NATIVE_EPISODE_POLL_MS } from './native-episode-player.ts';
import { PlayerService } from './player-service.ts';
import * as livePlayer from './live-player.ts';

const HOUR = 3_600_000;
const EPISODE: Episode = {
  id: 'd0000000000000a1',
  show: 'Deep Dublin',
  artist: 'Deep Dublin DJ',
  genre: 'House',
  image: '/images/deep.png',
  startsAt: Date.parse('2026-01-05T08:00:00Z'),
  endsAt: Date.parse('2026-01-05T10:00:00Z'),
  durationMs: 2 * HOUR,
  status: 'ready',
  tracks: [],
  audioUrl: '/api/episodes/d0000000000000a1/audio',
  pageUrl: '/episodes/d0000000000000a1',
  feedUrl: '/shows/deep-dublin/feed.xml',
};

const flush = () => act(() => vi.advanceTimersByTimeAsync(0));
const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** The plugin calls made to the episode's source. */
const episodeCalls = () =>
  native.calls.filter(([, params]) => params['audioId'] === NATIVE_EPISODE_AUDIO_ID).map(([name]) => name);
const savedPositionMs = () =>
  readStored(storedLater.episodeProgress).find((entry) => entry.id === EPISODE.id)?.positionMs;

let native: ReturnType<typeof fakeNativePlayer>;
let service: PlayerService;
let unstubBridge: () => void;

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(new Date('2026-01-05T10:00:00Z'));
  localStorage.clear();
  native = fakeNativePlayer();
  unstubBridge = stubNativeBridge(native.plugin);
  service = startNativeTestService();
  await service.prepareEpisodes();
});

afterEach(() => {
  service.stop();
  unstubBridge();
  vi.useRealTimers();
});

describe('inside the apps, an episode plays in the native player (the lock screen, the screen locked)', () => {
  it('plays, seeks, pauses and resumes through the plugin, with the lock screen’s skip buttons', async () => {
    service.playEpisode(EPISODE, 60_000);
    expect(service.episode).toMatchObject({ state: 'loading', positionMs: 60_000 });
    await flush();
    expect(document.querySelectorAll('audio')).toHaveLength(0);
    expect(episodeCalls()).toEqual(['create', 'initialize', 'seek', 'play']);
    const created = native.calls.find(([name]) => name === 'create')?.[1];
    expect(created).toMatchObject({
      audioId: NATIVE_EPISODE_AUDIO_ID,
      audioSource: new URL(EPISODE.audioUrl, window.location.href).href,
      friendlyTitle: 'Deep Dublin',
      artistName: 'Deep Dublin DJ',
      albumTitle: 'Test FM',
      artworkSource: new URL(EPISODE.image, window.location.href).href,
      useForNotification: true,
      showSeekBackward: true,
      showSeekForward: true,
      seekBackwardTime: REWIND_STEP_MS / 1000,
      seekForwardTime: REWIND_STEP_MS / 1000,
    });
    expect(native.calls.find(([name]) => name === 'seek')?.[1]).toMatchObject({ timeInSeconds: 60 });
    expect(service.episode).toMatchObject({ state: 'playing', error: null });

    // The position follows the native playhead, read while playing.
    native.advance(3, NATIVE_EPISODE_AUDIO_ID);
    await tick(NATIVE_EPISODE_POLL_MS);
    expect(service.episode?.positionMs).toBe(63_000);

    service.seekEpisode(20 * 60_000);
    expect(service.episode?.positionMs).toBe(20 * 60_000);
    await flush();
    expect(native.calls.at(-1)).toEqual(['seek', { audioId: NATIVE_EPISODE_AUDIO_ID, timeInSeconds: 1200 }]);

    service.pauseEpisode();
    await flush();
    expect(episodeCalls().at(-1)).toBe('pause');
    expect(service.episode).toMatchObject({ state: 'paused', positionMs: 20 * 60_000 });
    expect(savedPositionMs()).toBe(20 * 60_000);

    // Play again: the same source plays on from the place kept, no second create.
    service.playEpisode(EPISODE);
    await flush();
    expect(episodeCalls().filter((name) => name === 'create')).toHaveLength(1);
    expect(episodeCalls().slice(-2)).toEqual(['seek', 'play']);
    expect(native.calls.at(-2)?.[1]).toMatchObject({ timeInSeconds: 1200 });
    expect(service.episode?.state).toBe('playing');
  });

  it('takes in what the lock screen did: its skips move the place, its Pause and Play are the listener’s', async () => {
    service.playEpisode(EPISODE, 10 * 60_000);
    await flush();
    // The lock screen's skip forward: the plugin seeks by itself and says nothing.
    native.advance(REWIND_STEP_MS / 1000, NATIVE_EPISODE_AUDIO_ID);
    await tick(NATIVE_EPISODE_POLL_MS);
    expect(service.episode?.positionMs).toBe(10 * 60_000 + REWIND_STEP_MS);
    native.status('paused', NATIVE_EPISODE_AUDIO_ID);
    expect(service.episode?.state).toBe('paused');
    // Skip back while paused, then Play on the lock screen.
    native.advance(-REWIND_STEP_MS / 1000, NATIVE_EPISODE_AUDIO_ID);
    native.status('playing', NATIVE_EPISODE_AUDIO_ID);
    expect(service.episode?.state).toBe('playing');
    await tick(NATIVE_EPISODE_POLL_MS);
    expect(service.episode?.positionMs).toBe(10 * 60_000);
    // The end of the file: paused at its end.
    native.end(NATIVE_EPISODE_AUDIO_ID);
    expect(service.episode).toMatchObject({ state: 'paused', positionMs: EPISODE.durationMs });
  });

  it('live → episode → live leaves one notification source, and the live engine creates its own again', async () => {
    service.play();
    await flush();
    native.status('playing');
    expect(native.sources()).toEqual([NATIVE_AUDIO_ID]);

    service.playEpisode(EPISODE, 0);
    await flush();
    expect(native.sources()).toEqual([NATIVE_EPISODE_AUDIO_ID]);
    expect(native.notificationSources()).toBe(1);
    expect(service.episode?.state).toBe('playing');
    expect(service.snapshot.listening).toBe(false);

    service.goLive();
    await flush();
    expect(native.sources()).toEqual([NATIVE_AUDIO_ID]);
    expect(native.notificationSources()).toBe(1);
    expect(service.episode).toBeNull();
    expect(service.snapshot).toMatchObject({ state: 'loading', listening: true });
    expect(native.lastUrl()).toBe(`https://radio.test/live?t=${Date.now()}`);

    // Again, back by Play on the live card.
    service.playEpisode(EPISODE);
    await flush();
    service.play();
    await flush();
    expect(native.sources()).toEqual([NATIVE_AUDIO_ID]);
    // live, episode, live, episode, live
    expect(native.names().filter((name) => name === 'create')).toHaveLength(5);
    expect(service.snapshot.listening).toBe(true);
  });

  it('an episode the native player cannot open or play says so, and the next tap tries again', async () => {
    native.failNextCreate();
    service.playEpisode(EPISODE, 0);
    await flush();
    expect(service.episode).toMatchObject({ state: 'error', error: EPISODE_MESSAGES.failed });
    expect(native.sources()).toEqual([]);

    const fresh = fakeNativePlayer();
    unstubBridge();
    unstubBridge = stubNativeBridge(fresh.plugin);
    service.stop();
    service = new PlayerService({
      livePlayer,
      fetchNowPlaying: () => new Promise(() => undefined),
      fetchTrackHistory: async () => [],
      quality: { read: () => 'standard', write: () => undefined },
    });
    service.setStation(NATIVE_TEST_STATION);
    service.start();
    await service.prepareEpisodes();
    fresh.failPlay();
    service.playEpisode(EPISODE, 0);
    await flush();
    expect(service.episode).toMatchObject({ state: 'error', error: EPISODE_MESSAGES.failed });
  });

  it('keeps the place for Continue listening as it plays, and when the episode is left for live', async () => {
    const START = 10 * 60_000;
    service.playEpisode(EPISODE, START);
    await flush();
    const play = async (seconds: number) => {
      for (let second = 0; second < seconds; second += 1) {
        native.advance(1, NATIVE_EPISODE_AUDIO_ID);
        await tick(NATIVE_EPISODE_POLL_MS);
      }
    };
    await play(1);
    expect(savedPositionMs()).toBe(START + 1_000);
    // Then once each EPISODE_PROGRESS_SAVE_MS, not at every reading.
    await play(EPISODE_PROGRESS_SAVE_MS / 1000 - 1);
    expect(savedPositionMs()).toBe(START + 1_000);
    await play(1);
    expect(savedPositionMs()).toBe(START + EPISODE_PROGRESS_SAVE_MS + 1_000);
    await play(2);
    service.play();
    expect(savedPositionMs()).toBe(START + EPISODE_PROGRESS_SAVE_MS + 3_000);
    // A new visit starts where the listener left it.
    service.playEpisode(EPISODE);
    expect(service.episode?.positionMs).toBe(START + EPISODE_PROGRESS_SAVE_MS + 3_000);
  });
});
