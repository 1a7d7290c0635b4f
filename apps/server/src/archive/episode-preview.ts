import { EPISODE_ID_PATTERN, episodePath } from '@onair/core';
import type { ArchiveConfig } from '../config.ts';
import type { SharePreview } from '../routes/app-shell.ts';
import type { ArchiveRepo } from '../store/archive-repo.ts';
import { episodeAudioPath, isPublic } from './episodes.ts';

const EPISODE_PAGE = /^\/episodes\/([^/]+)$/;
/** `?t=` as the episode page reads it: whole seconds. */
const START_SECONDS = /^\d{1,6}$/;

export interface EpisodePreviewOptions {
  repo: ArchiveRepo;
  config: Pick<ArchiveConfig, 'episodes' | 'excludeShows' | 'publicDays'>;
  stationName: string;
  timeZone: string;
  nowMs: number;
}

/** 'Monday 1 June, 18:00' in the station's time zone. */
function aired(epochMs: number, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-IE', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone,
  }).format(epochMs);
  const clock = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(epochMs);
  return `${day.replace(',', '')}, ${clock}`;
}

/**
 * The share preview of an episode's page (`/episodes/<id>`, with `?t=<seconds>` kept when it lies
 * within the episode): its show and artist, when it aired, its image and its audio. Null for any
 * other path, and for an episode that is not public (the page then shares as the station).
 */
export async function episodeSharePreview(
  path: string,
  query: URLSearchParams,
  options: EpisodePreviewOptions,
): Promise<SharePreview | null> {
  const id = EPISODE_PAGE.exec(path)?.[1];
  if (id === undefined || !EPISODE_ID_PATTERN.test(id) || !options.config.episodes) return null;
  const episode = await options.repo.episode(id);
  if (!episode || !isPublic(episode, options.config, options.nowMs)) return null;
  const t = query.get('t');
  const startSeconds =
    t !== null && START_SECONDS.test(t) && Number(t) * 1000 < episode.endsAt - episode.startsAt
      ? Number(t)
      : undefined;
  const show = episode.show.trim() === '' ? episode.artist : episode.show;
  const by = episode.show.trim() === '' ? '' : ` with ${episode.artist}`;
  return {
    title: show,
    description: `Listen again: ${show}${by}, as aired on ${options.stationName} ${aired(episode.startsAt, options.timeZone)}.`,
    url: episodePath(episode.id, startSeconds),
    image: episode.image.trim() === '' ? null : episode.image,
    audio: { url: episodeAudioPath(episode.id), type: 'audio/mpeg' },
  };
}
