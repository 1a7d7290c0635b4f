import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Schedule } from '@onair/core';
import type { ArchiveConfig } from '../config.ts';
import type { ArchiveRepo, StoredEpisode } from '../store/archive-repo.ts';
import type { ArchiveStorage } from './archive-storage.ts';
import type { SharePreview } from '../routes/app-shell.ts';
import { episodeSharePreview } from './episode-preview.ts';
import { EPISODE_CATCH_UP_MS, isPublic, makeEpisodes, readyEpisodes } from './episodes.ts';
import type { RecentAudio } from './recent-audio.ts';
import { ArchiveRecorder, recoverOpenChunks, type RecorderLogger, type RecorderState } from './recorder.ts';
import type { StreamSource } from './stream-source.ts';

/** The lease the recording instance holds (one recorder per station, whatever the instance count). */
export const RECORDER_LEASE = 'recorder';
/** A lease not renewed for this long passes to another instance (its holder died or lost the store). */
export const RECORDER_LEASE_MS = 15_000;
/** The holder renews, and the others ask, this often. */
export const RECORDER_LEASE_RENEW_MS = 5_000;
/** Episodes are made, and retention checked, this often (by the holder). */
export const ARCHIVE_HOUSEKEEPING_MS = 15_000;
/** Retention deletes at most this many chunks a round, so a long backlog never blocks the store. */
const RETENTION_BATCH = 200;
const MS_PER_DAY = 86_400_000;

/** `/api/health`'s `archive`: 'off' (ARCHIVE_RECORDING=off), 'standby' (another instance records). */
export interface ArchiveHealth {
  state: RecorderState | 'off' | 'standby';
  error: string | null;
  lastFrameAt: number | null;
}

export interface ArchiveServiceOptions {
  config: ArchiveConfig;
  repo: ArchiveRepo;
  storage: ArchiveStorage;
  source: StreamSource;
  now: () => number;
  logger: RecorderLogger;
  schedule: () => Promise<Schedule | null>;
  timeZone: string;
  /** The port this instance serves on: with the host name, who holds the lease (0: a random name). */
  port?: number;
  leaseMs?: number;
  renewMs?: number;
  housekeepingMs?: number;
  /** Told of public episodes that have finished recording since it was last told (integrations' episode.ready). */
  onEpisodesReady?: (episodes: StoredEpisode[]) => void;
  /** Runs once, when this instance first holds the lease (the demo station's generated past day). */
  onFirstLead?: () => Promise<void>;
  /** Where the recorder keeps the recent audio for this instance's rewind streams. */
  recent?: RecentAudio;
  /** Passed to the recorder (tests shorten its chunks and retries). */
  recorder?: { chunkMs?: number; flushMs?: number; writeRetryMs?: number };
}

/**
 * The archive's owner on one instance: takes part in the recorder lease, records while it holds
 * it (after closing what a dead recorder left open), keeps the song log, makes episodes when slots
 * air, and deletes audio past retention. Instances without the lease only serve what is recorded.
 */
export class ArchiveService {
  readonly recorder: ArchiveRecorder;
  readonly #options: ArchiveServiceOptions;
  readonly #holder: string;
  readonly #madeEpisodes = new Set<string>();
  #leading = false;
  /** The title on air, as title sync last told it. */
  #onAir: { at: number; title: string; artist: string } | null = null;
  #ledBefore = false;
  #renewedAt = 0;
  /** onEpisodesReady has been told of every episode ending up to here (epoch ms). */
  #readyThrough = 0;
  #leaseTimer: NodeJS.Timeout | undefined;
  #housekeepingTimer: NodeJS.Timeout | undefined;
  #busy: Promise<void> = Promise.resolve();

  constructor(options: ArchiveServiceOptions) {
    this.#options = options;
    // The same instance restarted (a crash, a deploy) is the same holder and records again at once;
    // another instance waits for the lease to expire.
    this.#holder = options.port ? `${hostname()}:${options.port}` : randomUUID();
    this.recorder = new ArchiveRecorder({
      source: options.source,
      storage: options.storage,
      repo: options.repo,
      now: options.now,
      logger: options.logger,
      recent: options.recent,
      ...options.recorder,
    });
  }

  get leading(): boolean {
    return this.#leading;
  }

  health(): ArchiveHealth {
    if (!this.#options.config.recording) return { state: 'off', error: null, lastFrameAt: null };
    if (!this.#leading) return { state: 'standby', error: null, lastFrameAt: null };
    return this.recorder.status;
  }

  start(): void {
    if (!this.#options.config.recording || this.#leaseTimer) return;
    const renew = () => {
      this.#busy = this.#busy
        .then(() => this.#renewLease())
        .catch(async (error: unknown) => {
          this.#options.logger.warn({ err: error }, 'archive: the recorder lease could not be renewed');
          // Past most of the lease another instance may take it over: stop before two record at once.
          const leaseMs = this.#options.leaseMs ?? RECORDER_LEASE_MS;
          if (this.#leading && this.#options.now() - this.#renewedAt > (leaseMs * 2) / 3) {
            this.#leading = false;
            await this.recorder.stop();
          }
        });
    };
    renew();
    this.#leaseTimer = setInterval(renew, this.#options.renewMs ?? RECORDER_LEASE_RENEW_MS);
    this.#housekeepingTimer = setInterval(() => {
      if (!this.#leading) return;
      this.#busy = this.#busy
        .then(() => this.housekeeping())
        .catch((error: unknown) => {
          this.#options.logger.error({ err: error }, 'archive: housekeeping failed');
        });
    }, this.#options.housekeepingMs ?? ARCHIVE_HOUSEKEEPING_MS);
  }

  async stop(): Promise<void> {
    clearInterval(this.#leaseTimer);
    clearInterval(this.#housekeepingTimer);
    this.#leaseTimer = undefined;
    await this.#busy;
    await this.recorder.stop();
    if (this.#leading)
      await this.#options.repo.releaseLease(RECORDER_LEASE, this.#holder).catch(() => undefined);
    this.#leading = false;
  }

  /** The public episodes whose slot ended in (fromMs, toMs] (for new-episode pushes; any instance answers). */
  readyEpisodes(fromMs: number, toMs: number): Promise<StoredEpisode[]> {
    return readyEpisodes(this.#options.repo, this.#options.config, fromMs, toMs);
  }

  /** The share preview of an episode's page; null for other paths and episodes not public. */
  sharePreview(path: string, query: URLSearchParams, stationName: string): Promise<SharePreview | null> {
    const { repo, config, timeZone, now } = this.#options;
    return episodeSharePreview(path, query, { repo, config, stationName, timeZone, nowMs: now() });
  }

  /**
   * A new title on air (title sync's time): into the song log, by the recording instance only. The
   * last one is remembered, so an instance that takes the recorder over (at start, or from one that
   * died) logs the title already on air rather than waiting for the next change.
   */
  async titleChanged(title: { at: number; title: string; artist: string }): Promise<void> {
    if (title.title === '' && title.artist === '') return;
    this.#onAir = title;
    if (this.#leading) await this.#logTitle(title);
  }

  async #logTitle(title: { at: number; title: string; artist: string }): Promise<void> {
    // The log is keyed by time: a title the previous recorder already logged is not logged twice.
    await this.#options.repo.recordTitle(title).catch((error: unknown) => {
      this.#options.logger.warn({ err: error }, 'archive: a title was not written to the song log');
    });
  }

  /** Makes due episodes, seals chunks whose upload failed, and deletes what retention has passed. */
  async housekeeping(): Promise<void> {
    const { repo, config, now, storage } = this.#options;
    for (const id of await storage.unsealed()) {
      const chunk = await repo.chunk(id);
      // The chunk being recorded is sealed when it is complete; one no index knows is left alone.
      if (!chunk || chunk.open) continue;
      await storage.seal(id).catch((error: unknown) => {
        this.#options.logger.error(
          { err: error, chunk: id },
          'archive: a finished chunk could not be uploaded; trying again later',
        );
      });
    }
    const schedule = await this.#options.schedule();
    if (schedule)
      await makeEpisodes(repo, schedule, config, this.#options.timeZone, now(), this.#madeEpisodes);
    await this.#reportReadyEpisodes();
    const keepFrom = now() - config.retentionDays * MS_PER_DAY;
    for (const chunk of await repo.chunksEndedBefore(keepFrom, RETENTION_BATCH)) {
      await storage.remove(chunk.id);
      await repo.deleteChunk(chunk.id);
    }
    await repo.deleteTitlesBefore(keepFrom);
    await repo.deleteEpisodesEndedBefore(keepFrom);
  }

  /** Episodes that ended since the last round, public ones only, to onEpisodesReady. */
  async #reportReadyEpisodes(): Promise<void> {
    const { repo, config, onEpisodesReady } = this.#options;
    if (!onEpisodesReady) return;
    const nowMs = this.#options.now();
    const since = Math.max(this.#readyThrough, nowMs - EPISODE_CATCH_UP_MS);
    const ended = (
      await repo.episodes({ before: nowMs, limit: 50, endedAfter: since, excludeShows: config.excludeShows })
    ).filter((episode) => episode.endsAt <= nowMs && isPublic(episode, config, nowMs));
    this.#readyThrough = Math.max(since, ...ended.map((episode) => episode.endsAt));
    if (ended.length > 0) onEpisodesReady(ended);
  }

  async #renewLease(): Promise<void> {
    const { repo, now, logger } = this.#options;
    const at = now();
    const held = await repo.takeLease(
      RECORDER_LEASE,
      this.#holder,
      at,
      at + (this.#options.leaseMs ?? RECORDER_LEASE_MS),
    );
    if (held) this.#renewedAt = at;
    if (held && !this.#leading) {
      this.#leading = true;
      try {
        const recovered = await recoverOpenChunks(repo, this.#options.storage);
        logger.info({ recovered }, 'archive: this instance records the station');
      } catch (error) {
        logger.error({ err: error }, 'archive: chunks left open by a stopped recorder could not be closed');
      }
      if (!this.#ledBefore && this.#options.onFirstLead) {
        await this.#options.onFirstLead().catch((error: unknown) => {
          logger.error({ err: error }, 'archive: the first lead task failed');
        });
      }
      this.#ledBefore = true;
      this.recorder.start();
      if (this.#onAir) await this.#logTitle(this.#onAir);
    } else if (!held && this.#leading) {
      this.#leading = false;
      logger.warn({}, 'archive: another instance holds the recorder lease; recording stops here');
      await this.recorder.stop();
    }
  }
}
