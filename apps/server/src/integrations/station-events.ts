import type { FastifyBaseLogger } from 'fastify';
import {
  findOnAir,
  LISTENERS_PEAK_EVERY_MS,
  showImagePath,
  stationWallClock,
  STATION_SOURCE_CHANGE_MS,
  TRACK_POST_DELAY_MS,
  type EventShow,
  type IntegrationEvent,
  type NowPlaying,
  type SlotRef,
} from '@onair/core';
import type { IntegrationsRepo, StationClaim } from '../store/integrations-repo.ts';
import type { ScheduleRepo } from '../store/schedule-repo.ts';

/** How often the schedule is read for a show starting or ending. */
export const SHOW_CHECK_MS = 15_000;
/**
 * An episode that ended longer ago than this is not announced when nothing was announced before
 * (a first start, or integrations added to a station with a day of episodes): old news floods a feed.
 */
export const EPISODE_READY_WITHIN_MS = 60 * 60 * 1_000;

/** An episode of Listen again that has finished recording, as the archive reports it. */
export interface ReadyEpisode {
  id: string;
  show: string;
  showSlug: string;
  artist: string;
  genre: string;
  /** The show's image path in the app ('' for none). */
  image: string;
  /** When the slot the episode was recorded in began (epoch ms): finds its day and time in the schedule. */
  slotStartsAt: number;
  endsAt: number;
}

export interface StationEventsOptions {
  repo: IntegrationsRepo;
  schedules: ScheduleRepo;
  timeZone: string;
  now: () => Date;
  logger: FastifyBaseLogger;
  /** The station's public address ('' when unknown): show links and images are made absolute with it. */
  appLink: string;
  /** Told after events were raised, so the outbox is drained at once. */
  onRaised: () => void;
}

type SourceState = 'online' | 'offline';

/**
 * Turns what this instance sees of the station (the poller's reads, the schedule, the listener
 * count) into integration events. Every instance watches; each change is claimed in the store
 * (IntegrationsRepo.raise), so one instance raises it, once.
 */
export class StationEvents {
  #timer: NodeJS.Timeout | undefined;
  #showCheck: Promise<void> | undefined;
  /** The source state this instance sees, and since when. */
  #seen: { state: SourceState; since: number } | null = null;
  /** The source state this instance last claimed (or saw claimed). */
  #claimedSource: SourceState = 'online';
  /** No peak claim is tried before this (the last raise's hour, as this instance knows it). */
  #peakQuietUntil = 0;
  #peakDay = '';
  #peakSeen = 0;
  readonly #raising = new Set<Promise<void>>();

  constructor(private readonly options: StationEventsOptions) {}

  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => void this.checkShows(), SHOW_CHECK_MS);
    void this.checkShows();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.idle();
  }

  /** Resolves once every event being raised has been claimed (or lost to another instance). */
  async idle(): Promise<void> {
    await this.#showCheck;
    await Promise.all(this.#raising);
  }

  /** The poller saw a new track. Its post is due when listeners hear it (TRACK_POST_DELAY_MS later). */
  readonly trackChanged = (nowPlaying: NowPlaying): void => {
    const { title, artist, updatedAt } = nowPlaying;
    if ((title === '' && artist === '') || updatedAt === null) return;
    const startedAt = new Date(updatedAt);
    const heardAt = new Date(startedAt.getTime() + TRACK_POST_DELAY_MS);
    const key = JSON.stringify([title, artist]);
    void this.#raise(async () => {
      const schedule = await this.options.schedules.get();
      const onAir = schedule ? findOnAir(schedule.data, startedAt, this.options.timeZone) : null;
      const event: IntegrationEvent<'track.changed'> = {
        type: 'track.changed',
        timestamp: this.options.now().toISOString(),
        data: {
          title,
          artist,
          show: onAir ? this.#eventShow(onAir) : null,
          startedAt: startedAt.toISOString(),
          heardAt: heardAt.toISOString(),
        },
      };
      return {
        key: 'track',
        decide: (stored) => (stored === key ? null : { value: key, events: [{ event, dueAt: heardAt }] }),
      };
    });
  };

  /**
   * Each read of the status feed: whether the stream has a source. A change lasting
   * STATION_SOURCE_CHANGE_MS raises station.offline or station.online.
   */
  readonly sourceSeen = (online: boolean): void => {
    const now = this.options.now();
    const state: SourceState = online ? 'online' : 'offline';
    if (this.#seen?.state !== state) this.#seen = { state, since: now.getTime() };
    if (state === this.#claimedSource || now.getTime() - this.#seen.since < STATION_SOURCE_CHANGE_MS) return;
    this.#claimedSource = state;
    const since = new Date(this.#seen.since).toISOString();
    void this.#raise(() => ({
      key: 'source',
      // Nothing stored yet means the station has been on air.
      decide: (stored) =>
        (stored ?? 'online') === state
          ? null
          : {
              value: state,
              events: [
                {
                  event: { type: `station.${state}`, timestamp: now.toISOString(), data: { since } },
                  dueAt: now,
                },
              ],
            },
    }));
  };

  /** Each listener count read: a new highest of the station's day raises listeners.peak, at most hourly. */
  readonly listenersCounted = (listeners: number): void => {
    const now = this.options.now();
    const clock = stationWallClock(now, this.options.timeZone);
    const day = `${clock.year}-${String(clock.month).padStart(2, '0')}-${String(clock.day).padStart(2, '0')}`;
    if (day !== this.#peakDay) {
      this.#peakDay = day;
      this.#peakSeen = 0;
    }
    // The day's high counts even while quiet: a later reading must beat it to be a new peak.
    if (listeners <= this.#peakSeen) return;
    this.#peakSeen = listeners;
    if (now.getTime() < this.#peakQuietUntil) return;
    void this.#raise(() => ({
      key: 'listeners.peak',
      decide: (stored) => {
        const last = parsePeak(stored);
        if (last && now.getTime() - Date.parse(last.raisedAt) < LISTENERS_PEAK_EVERY_MS) {
          this.#peakQuietUntil = Date.parse(last.raisedAt) + LISTENERS_PEAK_EVERY_MS;
          return null;
        }
        if (last && last.day === day && listeners <= last.listeners) return null;
        this.#peakQuietUntil = now.getTime() + LISTENERS_PEAK_EVERY_MS;
        const at = now.toISOString();
        return {
          value: JSON.stringify({ day, listeners, raisedAt: at }),
          events: [
            { event: { type: 'listeners.peak', timestamp: at, data: { listeners, day, at } }, dueAt: now },
          ],
        };
      },
    }));
  };

  /**
   * The archive's episodes that have finished recording (each housekeeping round on the recording
   * instance). Each raises episode.ready once: the claim keeps the end of the last episode
   * announced, and only episodes ending after it are new.
   */
  readonly episodesReady = (episodes: readonly ReadyEpisode[]): void => {
    if (episodes.length === 0) return;
    const now = this.options.now();
    void this.#raise(async () => {
      const schedule = await this.options.schedules.get();
      return {
        key: 'episode.ready',
        decide: (stored) => {
          const through = stored === null ? now.getTime() - EPISODE_READY_WITHIN_MS : Number(stored);
          const fresh = episodes
            .filter((episode) => episode.endsAt > through && episode.endsAt <= now.getTime())
            .sort((a, b) => a.endsAt - b.endsAt);
          const last = fresh.at(-1);
          if (!last) return null;
          const at = now.toISOString();
          return {
            value: String(last.endsAt),
            events: fresh.map((episode) => {
              const slot = schedule
                ? findOnAir(schedule.data, new Date(episode.slotStartsAt), this.options.timeZone)
                : null;
              const event: IntegrationEvent<'episode.ready'> = {
                type: 'episode.ready',
                timestamp: at,
                data: {
                  title: episode.show,
                  show: slot?.slot.show === episode.show ? this.#eventShow(slot) : this.#episodeShow(episode),
                  link: this.#absolute(`/episodes/${episode.id}`),
                },
              };
              return { event, dueAt: now };
            }),
          };
        },
      };
    });
  };

  /** Reads the schedule: a change of the show on air raises show.ended for the last, show.started for the next. */
  checkShows(): Promise<void> {
    this.#showCheck ??= this.#raise(async () => {
      const schedule = await this.options.schedules.get();
      const now = this.options.now();
      const onAir = schedule ? findOnAir(schedule.data, now, this.options.timeZone) : null;
      const show = onAir ? this.#eventShow(onAir) : null;
      const id = show ? JSON.stringify([show.day, show.time, show.artist, show.name]) : '';
      const at = now.toISOString();
      return {
        key: 'show',
        decide: (stored) => {
          const previous = parseShow(stored);
          if ((previous?.id ?? '') === id) return null;
          const events = [
            ...(previous
              ? [
                  {
                    event: { type: 'show.ended', timestamp: at, data: { show: previous.show, at } } as const,
                    dueAt: now,
                  },
                ]
              : []),
            ...(show
              ? [{ event: { type: 'show.started', timestamp: at, data: { show, at } } as const, dueAt: now }]
              : []),
          ];
          return { value: show ? JSON.stringify({ id, show }) : '', events };
        },
      };
    }).finally(() => {
      this.#showCheck = undefined;
    });
    return this.#showCheck;
  }

  #eventShow({ day, slot }: SlotRef): EventShow {
    return {
      name: slot.show,
      artist: slot.artist,
      genre: slot.genre,
      image: this.#absolute(showImagePath(slot)),
      link: this.#absolute('/schedule'),
      day,
      time: slot.time,
    };
  }

  /** An episode whose slot the schedule no longer holds: its show as recorded, without day and time. */
  #episodeShow(episode: ReadyEpisode): EventShow {
    return {
      name: episode.show,
      artist: episode.artist,
      genre: episode.genre,
      image: episode.image ? this.#absolute(episode.image) : '',
      link: this.#absolute(`/shows/${episode.showSlug}`),
      day: '',
      time: '',
    };
  }

  /** `path` on the station's public address, or '' when that is unknown. */
  #absolute(path: string): string {
    const base = this.options.appLink.replace(/\/+$/, '');
    return base ? `${base}${path}` : '';
  }

  /** Builds a claim and raises it; never rejects (a failure is logged: the next change is raised as usual). */
  #raise(claim: () => StationClaim | Promise<StationClaim>): Promise<void> {
    const { repo, now, logger, onRaised } = this.options;
    const raising: Promise<void> = (async () => {
      try {
        const raised = await repo.raise(await claim(), now());
        if (raised.length > 0) onRaised();
      } catch (error) {
        logger.error({ err: error }, 'A station event could not be raised.');
      }
    })().finally(() => this.#raising.delete(raising));
    this.#raising.add(raising);
    return raising;
  }
}

function parsePeak(stored: string | null): { day: string; listeners: number; raisedAt: string } | null {
  if (stored === null) return null;
  try {
    return JSON.parse(stored) as { day: string; listeners: number; raisedAt: string };
  } catch {
    return null;
  }
}

function parseShow(stored: string | null): { id: string; show: EventShow } | null {
  if (!stored) return null;
  try {
    return JSON.parse(stored) as { id: string; show: EventShow };
  } catch {
    return null;
  }
}
