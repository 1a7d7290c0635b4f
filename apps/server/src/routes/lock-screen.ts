import { DEFAULT_ARTIST, displayTrack } from '@onair/core';
import type { FastifyInstance } from 'fastify';
import type { IcecastPoller } from '../stations/icecast-poller.ts';

export const LOCK_SCREEN_PATH = '/api/now-playing/lock-screen';

/**
 * What is playing, in the shape the apps' native player plugin (@mediagrid/capacitor-native-audio)
 * reads by itself every few seconds: on iOS the WebView's JavaScript is suspended in the background,
 * so the lock screen's title could only follow the music this way. Same cached value as
 * /api/now-playing, with the app's own defaults (station name, 'Live Radio', the station icon).
 */
export async function lockScreenRoutes(
  app: FastifyInstance,
  { nowPlaying, stationName }: { nowPlaying: IcecastPoller; stationName: string },
): Promise<void> {
  app.get(LOCK_SCREEN_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-cache');
    const current = nowPlaying.current;
    const track = displayTrack(current, { title: stationName, artist: DEFAULT_ARTIST });
    const origin = `${request.protocol}://${request.host}`;
    return {
      song_title: track.title,
      artist_name: track.artist,
      album_title: current.album || stationName,
      // The native player loads it itself: an absolute http(s) URL only.
      artwork_source: /^https?:\/\//.test(current.artwork)
        ? current.artwork
        : `${origin}/images/icon-512.png`,
    };
  });
}
