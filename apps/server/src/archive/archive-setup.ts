import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { pathOf } from '@onair/core';
import type { AppConfig, ArchiveConfig } from '../config.ts';
import { archiveRoutes } from '../routes/archive.ts';
import { rewindWindowRoutes } from '../routes/rewind-window.ts';
import type { DemoStation } from '../stations/demo-station.ts';
import { ArchiveRepo } from '../store/archive-repo.ts';
import type { Db } from '../store/db.ts';
import type { ScheduleRepo } from '../store/schedule-repo.ts';
import { ArchiveReader } from './archive-reader.ts';
import { S3Client } from '@aws-sdk/client-s3';
import { DirectoryStorage, type ArchiveStorage } from './archive-storage.ts';
import { RecentAudio } from './recent-audio.ts';
import { ArchiveService, type ArchiveServiceOptions } from './archive-service.ts';
import { generateDemoPastDay } from './demo-past-day.ts';
import { S3Storage } from './s3-storage.ts';
import { httpStreamSource, pacedMountSource } from './stream-source.ts';

export interface ArchiveSetup {
  db: Db;
  config: AppConfig;
  schedules: ScheduleRepo;
  demo: DemoStation | null;
  now: () => Date;
  requireAdmin: onRequestAsyncHookHandler;
  /** Tests pass a storage that fails (a full disk); production: the ARCHIVE_DIR directory. */
  storage?: ArchiveStorage | undefined;
  /** Told of episodes that have finished recording (integrations raise episode.ready). */
  onEpisodesReady?: ArchiveServiceOptions['onEpisodesReady'];
  /** Tests shorten the recorder's lease, chunks and retries. */
  tuning?: Pick<ArchiveServiceOptions, 'leaseMs' | 'renewMs' | 'housekeepingMs' | 'recorder'> | undefined;
  /** Told how many rewind streams this instance serves (the public listener count adds them). */
  onRewindListeners?: (count: number) => void;
}

/** The archive on this instance: its service (the recorder lease, recording, episodes, retention) and its routes. */
export async function setUpArchive(app: FastifyInstance, setup: ArchiveSetup): Promise<ArchiveService> {
  const { config, demo } = setup;
  const repo = new ArchiveRepo(setup.db);
  const storage = setup.storage ?? storageFor(config.archive);
  // Filled only while this instance records; rewind streams read it first.
  const recent = new RecentAudio();
  const source =
    demo && readsInProcess(config) ? pacedMountSource(demo.standard) : httpStreamSource(config.archive.mount);
  const service = new ArchiveService({
    config: config.archive,
    repo,
    storage,
    source,
    now: () => setup.now().getTime(),
    logger: app.log,
    schedule: async () => (await setup.schedules.get().catch(() => null))?.data ?? null,
    timeZone: config.station.timeZone,
    port: config.port,
    recent,
    ...(setup.onEpisodesReady ? { onEpisodesReady: setup.onEpisodesReady } : {}),
    // The demo station at a fresh start: a generated past day, so Listen again has something in it.
    ...(demo && config.archive.episodes
      ? {
          onFirstLead: async () => {
            const made = await generateDemoPastDay({
              repo,
              storage,
              frames: demo.standard.frames,
              nowMs: setup.now().getTime(),
            });
            if (made.length > 0)
              app.log.info({ episodes: made.length }, 'archive: generated the demo station’s past day');
          },
        }
      : {}),
    ...setup.tuning,
  });
  await app.register(archiveRoutes, {
    config: config.archive,
    repo,
    reader: new ArchiveReader(repo, storage),
    recent,
    stationName: config.station.name,
    timeZone: config.station.timeZone,
    requireAdmin: setup.requireAdmin,
    now: setup.now,
    onRewindListeners: setup.onRewindListeners,
  });
  await app.register(rewindWindowRoutes, {
    repo,
    timeshiftHours: config.archive.timeshiftHours,
    now: setup.now,
  });
  service.start();
  // preClose: the recorder's connection to the demo mount is a live stream that never ends by itself.
  app.addHook('preClose', async () => service.stop());
  return service;
}

/** The demo station's mount is read in-process, unless the station file names another mount. */
function readsInProcess(config: AppConfig): boolean {
  return config.archive.mount === config.station.streams.standard;
}

/**
 * Whether the recorder is one of the stream server's own listeners on the station's mounts: recording
 * on (on this instance or, in standby, on the one holding the lease) from a mount of the station's
 * streams, over HTTP (the demo station's is read in-process and Icecast never sees it).
 */
export function recorderListensOnMount(config: AppConfig, demo: boolean): boolean {
  if (!config.archive.recording || (demo && readsInProcess(config))) return false;
  const mount = pathOf(config.archive.mount);
  return [config.station.streams.standard, config.station.streams.high].some(
    (url) => mount !== null && pathOf(url) === mount,
  );
}

/** ARCHIVE_S3_*: object storage (the chunk being written staged in ARCHIVE_DIR); else the ARCHIVE_DIR directory. */
export function storageFor(config: ArchiveConfig): ArchiveStorage {
  const { s3 } = config;
  if (!s3) return new DirectoryStorage(config.dir);
  const client = new S3Client({
    region: s3.region,
    forcePathStyle: s3.forcePathStyle,
    ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
    ...(s3.credentials ? { credentials: s3.credentials } : {}),
  });
  return new S3Storage({ bucket: s3.bucket, prefix: s3.prefix, client, stagingDir: config.dir });
}
