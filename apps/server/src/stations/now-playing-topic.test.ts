import { describe, expect, it } from 'vitest';
import type { NowPlayingFrameData } from '@onair/core';
import type { RealtimeHub, TopicSnapshot } from '../realtime/hub.ts';
import type { IcecastPoller } from './icecast-poller.ts';
import { NowPlayingTopic } from './now-playing-topic.ts';

/** The hub's two calls the topic makes, recorded. */
function recordingHub() {
  const published: TopicSnapshot[] = [];
  let source: () => Promise<TopicSnapshot | null> = async () => null;
  const hub = {
    registerTopic: (_topic: string, read: () => Promise<TopicSnapshot | null>) => {
      source = read;
    },
    publish: (_topic: string, snapshot: TopicSnapshot) => published.push(snapshot),
  } as unknown as RealtimeHub;
  return { hub, published, read: () => source() };
}

const poller = {
  current: {
    title: 'Tonnta',
    artist: 'Ciarán',
    album: '',
    artwork: '',
    updatedAt: '2026-11-25T21:00:00.000Z',
  },
  history: [],
} as unknown as IcecastPoller;
const TRACK_AT = Date.parse('2026-11-25T21:00:00.000Z');

describe('NowPlayingTopic and the public listener count', () => {
  it('publishes when the count shown changes, with a version that only grows, and nothing when it does not', async () => {
    const { hub, published, read } = recordingHub();
    let shown: number | null = null;
    let clock = TRACK_AT + 60_000;
    const topic = new NowPlayingTopic(
      hub,
      () => shown,
      () => new Date(clock),
    );
    topic.attach(poller);
    expect(((await read())?.data as NowPlayingFrameData).nowPlaying).not.toHaveProperty('listeners');

    topic.listenersCounted(); // still hidden: nothing new to say
    expect(published).toHaveLength(0);

    shown = 7;
    topic.listenersCounted();
    expect(published).toHaveLength(1);
    expect(published[0]?.version).toBe(TRACK_AT + 60_000);
    expect((published[0]?.data as NowPlayingFrameData).nowPlaying.listeners).toBe(7);
    topic.listenersCounted(); // the same 7
    expect(published).toHaveLength(1);

    clock += 5_000;
    shown = null; // fell below the minimum
    topic.listenersCounted();
    expect(published).toHaveLength(2);
    expect(published[1]?.version).toBe(TRACK_AT + 65_000);
    expect((published[1]?.data as NowPlayingFrameData).nowPlaying).not.toHaveProperty('listeners');
  });
});
