import type { Episode } from '@onair/core';

/** What a feed says about the show, besides its episodes. */
export interface FeedShow {
  show: string;
  artist: string;
  genre: string;
  image: string;
  stationName: string;
  timeZone: string;
}

/** Each episode of the feed, with what its enclosure needs. */
export interface FeedItem {
  episode: Episode;
  audioBytes: number;
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

// eslint-disable-next-line no-control-regex
const NOT_XML_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** Text safe inside XML content and attributes; characters XML 1.0 cannot hold are dropped. */
export function xmlText(text: string): string {
  return text.replace(NOT_XML_CHARACTERS, '').replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);
}

/** hh:mm:ss, as itunes:duration is most widely read. */
function clockDuration(ms: number): string {
  const total = Math.round(ms / 1000);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(Math.floor(total / 3600))}:${two(Math.floor((total % 3600) / 60))}:${two(total % 60)}`;
}

function airedOn(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(ms);
}

const trackLine = (track: { title: string; artist: string }) =>
  track.artist ? `${track.artist} - ${track.title}` : track.title;

/**
 * A show's podcast feed: RSS 2.0 with the iTunes tags podcast apps read, and Podcasting 2.0
 * chapters from the tracklist. Every enclosure has its length and type, every item a guid, a
 * pubDate (when the airing ended) and a duration. `origin` makes the links absolute.
 */
export function podcastFeed(
  origin: string,
  slug: string,
  show: FeedShow,
  items: readonly FeedItem[],
): string {
  const page = `${origin}/shows/${slug}`;
  const self = `${page}/feed.xml`;
  const description = `${show.show} with ${show.artist}, as broadcast on ${show.stationName}.`;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    `<title>${xmlText(show.show)}</title>`,
    `<link>${xmlText(page)}</link>`,
    `<atom:link href="${xmlText(self)}" rel="self" type="application/rss+xml"/>`,
    `<description>${xmlText(description)}</description>`,
    '<language>en</language>',
    `<itunes:author>${xmlText(show.artist)}</itunes:author>`,
    `<itunes:image href="${xmlText(origin + show.image)}"/>`,
    `<image><url>${xmlText(origin + show.image)}</url><title>${xmlText(show.show)}</title><link>${xmlText(page)}</link></image>`,
    '<itunes:category text="Music"/>',
    '<itunes:explicit>false</itunes:explicit>',
    '<itunes:type>episodic</itunes:type>',
  ];
  for (const { episode, audioBytes } of items) {
    const aired = airedOn(episode.startsAt, show.timeZone);
    const tracklist = episode.tracks.map(trackLine).join('\n');
    lines.push(
      '<item>',
      `<title>${xmlText(`${episode.show} — ${aired}`)}</title>`,
      `<link>${xmlText(origin + episode.pageUrl)}</link>`,
      `<guid isPermaLink="false">${xmlText(`onair-episode-${episode.id}`)}</guid>`,
      `<pubDate>${new Date(episode.endsAt).toUTCString()}</pubDate>`,
      `<description>${xmlText(tracklist === '' ? description : `${description}\n\n${tracklist}`)}</description>`,
      `<enclosure url="${xmlText(origin + episode.audioUrl)}" length="${audioBytes}" type="audio/mpeg"/>`,
      `<itunes:duration>${clockDuration(episode.durationMs)}</itunes:duration>`,
      `<itunes:episodeType>full</itunes:episodeType>`,
      `<podcast:chapters url="${xmlText(`${origin}/api/episodes/${episode.id}/chapters.json`)}" type="application/json+chapters"/>`,
      '</item>',
    );
  }
  lines.push('</channel>', '</rss>', '');
  return lines.join('\n');
}

/** Podcasting 2.0 chapters (JSON chapters 1.2.0): one per title heard, from its offset in the episode. */
export function chaptersJson(episode: Episode): {
  version: string;
  chapters: Array<{ startTime: number; title: string }>;
} {
  return {
    version: '1.2.0',
    chapters: episode.tracks.map((track) => ({
      startTime: Math.max(0, Math.round((track.at - episode.startsAt) / 100) / 10),
      title: trackLine(track),
    })),
  };
}
