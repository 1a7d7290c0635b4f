/**
 * What the station tells the world: the events an integration may subscribe to. Each is raised
 * once per station however many server instances run (the server claims it in the store first).
 * `episode.ready` is raised by Listen again once an episode has landed; nothing else raises it.
 */
export const INTEGRATION_EVENT_TYPES = [
  'track.changed',
  'show.started',
  'show.ended',
  'station.offline',
  'station.online',
  'listeners.peak',
  'episode.ready',
] as const;
export type IntegrationEventType = (typeof INTEGRATION_EVENT_TYPES)[number];

/** A show as events name it: the schedule's slot, with the day it is listed under and its page. */
export interface EventShow {
  name: string;
  artist: string;
  genre: string;
  /** Absolute URL of the show's image, or '' when the station has no public address. */
  image: string;
  /** The app's schedule page for the show, or '' when the station has no public address. */
  link: string;
  day: string;
  time: string;
}

export interface EventData {
  'track.changed': {
    title: string;
    artist: string;
    show: EventShow | null;
    /** When the song started at the source (ISO): the time the apps' title sync counts from. */
    startedAt: string;
    /** When listeners hear it begin (ISO): startedAt plus the typical listener lag; posts wait for it. */
    heardAt: string;
  };
  'show.started': { show: EventShow; at: string };
  'show.ended': { show: EventShow; at: string };
  /** The stream's source has been gone (or back) for STATION_SOURCE_CHANGE_MS, since `since`. */
  'station.offline': { since: string };
  'station.online': { since: string };
  /** A new highest listener count of the station's day (station time zone). */
  'listeners.peak': { listeners: number; day: string; at: string };
  'episode.ready': { title: string; show: EventShow | null; link: string };
}

/** An event as every integration receives it; `timestamp` is when it was raised (ISO). */
export interface IntegrationEvent<T extends IntegrationEventType = IntegrationEventType> {
  type: T;
  timestamp: string;
  data: EventData[T];
}

/**
 * How far behind the source a listener typically hears the station: Icecast's burst on connect plus
 * the player's buffer (see tracks/title-timing.ts). A post about a new track waits this long after the
 * change, so nobody reads about a song before it reaches their ears.
 */
export const TRACK_POST_DELAY_MS = 5_000;
/** The source must be gone (or back) this long before station.offline (station.online) is raised. */
export const STATION_SOURCE_CHANGE_MS = 60_000;
/** listeners.peak is raised at most this often. */
export const LISTENERS_PEAK_EVERY_MS = 60 * 60 * 1_000;
