import { DEFAULT_ARTIST, displayTrack } from '@onair/core';
import { useNowPlaying } from '../../lib/player/index.ts';
import { useStation } from '../../lib/station-context.tsx';

/** What is playing as the player shows it: the station's name and 'Live Radio' stand in for blanks. */
export function useDisplayTrack(): { title: string; artist: string; artwork: string } {
  const { name } = useStation();
  const { nowPlaying } = useNowPlaying();
  const track = displayTrack(nowPlaying ?? { title: '', artist: '' }, {
    title: name,
    artist: DEFAULT_ARTIST,
  });
  return { ...track, artwork: nowPlaying?.artwork ?? '' };
}
