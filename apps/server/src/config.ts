import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  DEFAULT_ARCHIVE_RETENTION_DAYS,
  DEFAULT_TIMESHIFT_HOURS,
  stationFileSchema,
  type Daypart,
  type PublicListenerCount,
  type PublicStation,
} from '@onair/core';
import { DEFAULT_PUSH_SERVICE_HOSTS, PUSH_HOST_PATTERN } from './push/push-endpoint.ts';

/** The repository root, so defaults work whatever the working directory is. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export const DEMO_STREAM_PATHS = {
  standard: '/demo/live',
  high: '/demo/live-hq',
  status: '/demo/status-json.xsl',
} as const;

/** How far tests may move the server's clock (TEST_CLOCK_OFFSET_MS): ten years either way. */
const TEST_CLOCK_OFFSET_MAX_MS = 10 * 365 * 24 * 60 * 60 * 1000;

/** Shorter admin passwords are a config error: the login is reachable from the internet. */
export const ADMIN_PASSWORD_MIN_CHARS = 12;

const optionalText = z
  .string()
  .trim()
  .max(2000)
  .optional()
  .transform((value) => (value === '' ? undefined : value));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalText.refine((value) => value === undefined || /^postgres(ql)?:\/\//.test(value), {
    message: 'must be a postgres:// URL (leave it unset for the embedded SQLite store)',
  }),
  REDIS_URL: optionalText.refine((value) => value === undefined || /^rediss?:\/\//.test(value), {
    message: 'must be a redis:// or rediss:// URL (leave it unset for a single instance)',
  }),
  METRICS_ALLOWED_FROM: optionalText.pipe(
    z
      .string()
      .refine((value) => value.split(',').every((entry) => isProxyAddress(entry.trim())), {
        message: 'must be a comma-separated list of addresses or CIDRs (127.0.0.1, 10.0.0.0/8, loopback)',
      })
      .optional(),
  ),
  STATION_CONFIG: optionalText,
  STREAM_STANDARD_URL: optionalText,
  STREAM_HIGH_URL: optionalText,
  STATUS_URL: optionalText,
  WEB_DIST: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ADMIN_USERNAME: optionalText.pipe(z.string().max(64).optional()),
  ADMIN_PASSWORD: z
    .string()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || value.length >= ADMIN_PASSWORD_MIN_CHARS, {
      message: `must be at least ${ADMIN_PASSWORD_MIN_CHARS} characters`,
    }),
  REALTIME_ALLOWED_ORIGINS: optionalText,
  EMBED_ALLOWED_ORIGINS: optionalText,
  TRUST_PROXY: optionalText.pipe(
    z
      .string()
      .refine(
        (value) => TRUST_HOPS.test(value) || value.split(',').every((entry) => isProxyAddress(entry.trim())),
        {
          message:
            'must be a hop count (1) or a comma-separated list of addresses or CIDRs (127.0.0.1, 10.0.0.0/8, loopback)',
        },
      )
      .optional(),
  ),
  HSTS_INCLUDE_SUBDOMAINS: optionalText.pipe(z.enum(['true', 'false']).optional()),
  CHAT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  VAPID_PUBLIC_KEY: optionalText.pipe(
    z
      .string()
      .refine((key) => base64UrlBytes(key)?.length === 65 && key.startsWith('B'), {
        message:
          'must be the base64url uncompressed P-256 public key (87 characters, from `npx web-push generate-vapid-keys`)',
      })
      .optional(),
  ),
  VAPID_PRIVATE_KEY: optionalText.pipe(
    z
      .string()
      .refine((key) => base64UrlBytes(key)?.length === 32, {
        message: 'must be the base64url 32-byte P-256 private key (43 characters)',
      })
      .optional(),
  ),
  VAPID_SUBJECT: optionalText.pipe(
    z
      .string()
      .regex(/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/, {
        message: 'must be a mailto: address or an https:// URL where push services can reach the operator',
      })
      .optional(),
  ),
  PUSH_SERVICE_HOSTS: optionalText,
  TEST_CLOCK_OFFSET_MS: z.coerce
    .number()
    .int()
    .min(-TEST_CLOCK_OFFSET_MAX_MS)
    .max(TEST_CLOCK_OFFSET_MAX_MS)
    .default(0),
  WEBHOOK_ALLOW_PRIVATE_HOSTS: optionalText,
  PUBLIC_URL: optionalText.pipe(
    z
      .string()
      .regex(/^https?:\/\/[^/\s]+\/?$/, {
        message: 'must be the origin the station serves the app at, like https://radio.example',
      })
      .optional(),
  ),
  ARCHIVE_DIR: optionalText,
  ARCHIVE_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(DEFAULT_ARCHIVE_RETENTION_DAYS),
  TIMESHIFT_HOURS: z.coerce.number().min(0).max(720).default(DEFAULT_TIMESHIFT_HOURS),
  ARCHIVE_RECORDING: optionalText.pipe(z.enum(['on', 'off']).optional()),
  ARCHIVE_S3_BUCKET: optionalText,
  ARCHIVE_S3_ENDPOINT: optionalText.pipe(z.string().url().optional()),
  ARCHIVE_S3_REGION: optionalText,
  ARCHIVE_S3_ACCESS_KEY_ID: optionalText,
  ARCHIVE_S3_SECRET_ACCESS_KEY: optionalText,
  ARCHIVE_S3_PREFIX: optionalText,
  ARCHIVE_S3_FORCE_PATH_STYLE: optionalText.pipe(z.enum(['true', 'false']).optional()),
});

/** The bytes of a base64url text, or null when it is not base64url. */
function base64UrlBytes(text: string): Buffer | null {
  return /^[A-Za-z0-9_-]+$/.test(text) ? Buffer.from(text, 'base64url') : null;
}

const TRUST_HOPS = /^\d{1,2}$/;
/** proxy-addr's names for whole ranges, accepted by Fastify's trustProxy as they are. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Whose X-Forwarded-* headers are believed. `hops` counts proxies in front of the server whatever
 * their address (only safe when the server cannot be reached except through them); `addresses`
 * names them. Both empty: nobody's, so a client cannot choose the address it is limited by.
 */
export type TrustProxy = { hops: number } | { addresses: string[] };

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** `postgres://…` or undefined for the embedded SQLite file in `dataDir`. */
  databaseUrl: string | undefined;
  /** `redis://…`: realtime fan-out and rate limits shared with the other instances; undefined for one instance. */
  redisUrl: string | undefined;
  /** Peers that may read /metrics (addresses, CIDRs or proxy-addr range names). */
  metricsAllowedFrom: string[];
  /** The built web app the server hands out. */
  webDist: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  station: PublicStation;
  /** Where the now-playing feed is read from (server side only). */
  statusUrl: string;
  /** True when no stream is configured and the server plays its own demo station. */
  demoStation: boolean;
  /** The one admin who may edit the schedule; null (both env vars unset) turns editing off. */
  admin: { username: string; password: string } | null;
  /** Origins besides the page's own that may open /api/realtime (same-origin is always allowed). */
  allowedOrigins: string[];
  /** Origins whose pages may show /embed in an <iframe>; empty: nobody's (the rest of the app: never). */
  embedAllowedOrigins: string[];
  trustProxy: TrustProxy;
  /** HSTS over HTTPS also covers the station's subdomains (only when every one of them serves HTTPS). */
  hstsIncludeSubdomains: boolean;
  /** Chat messages older than this many days are pruned in the background. */
  chatRetentionDays: number;
  push: PushConfig;
  /**
   * Tests only: what the server's wall clock is moved by, in ms (0: the real clock), so the e2e suite
   * can run the server on a chosen day and hour. Timers and rate-limit windows keep real time.
   */
  clockOffsetMs: number;
  integrations: IntegrationsConfig;
  /** The station file's `publicListenerCount`: whether /api/now-playing carries `listeners`, from what count on. */
  publicListenerCount: PublicListenerCount;
  /** The station file's `dayparts`: the spans of the station's day Insights gives audience figures for. */
  dayparts: Daypart[];
  archive: ArchiveConfig;
}

export interface IntegrationsConfig {
  /** Hosts integrations may reach at a private address or over http (`*.` for any subdomain). */
  allowPrivateHosts: string[];
  /** The station's public address, for links in posts (PUBLIC_URL, else the native app's URL); '' when unknown. */
  publicUrl: string;
}

/** An entry of WEBHOOK_ALLOW_PRIVATE_HOSTS: a host name (dotted or not, `*.` allowed) or an IP address. */
const PRIVATE_HOST_PATTERN = /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/;

function integrationsFromEnv(
  hosts: string | undefined,
  publicUrl: string | undefined,
  nativeAppUrl: string | undefined,
): IntegrationsConfig {
  const allowPrivateHosts =
    hosts === undefined
      ? []
      : hosts.split(',').map((entry) =>
          entry
            .trim()
            .toLowerCase()
            .replace(/^\[|\]$/g, ''),
        );
  const bad = allowPrivateHosts.find((entry) => !PRIVATE_HOST_PATTERN.test(entry) && isIP(entry) === 0);
  if (bad !== undefined) {
    throw new ConfigError(
      `Invalid environment: WEBHOOK_ALLOW_PRIVATE_HOSTS: '${bad}' is not a host name or address like mattermost.internal or 10.0.0.5`,
    );
  }
  return { allowPrivateHosts, publicUrl: (publicUrl ?? nativeAppUrl ?? '').replace(/\/+$/, '') };
}

export interface ArchiveConfig {
  /** False (ARCHIVE_RECORDING=off): this instance never records; it still serves what others recorded. */
  recording: boolean;
  /** The mount the recorder listens to: `archive.mount`, else the standard stream (the demo's in-process). */
  mount: string;
  /** Where the audio chunks are written: ARCHIVE_DIR, else `$DATA_DIR/archive`. */
  dir: string;
  retentionDays: number;
  /** How far back live rewind reaches. */
  timeshiftHours: number;
  /** Slots become public episodes (station file `archive.episodes`; on for the demo station). */
  episodes: boolean;
  /** Episodes stay public this many days after they end; null: as long as their audio is kept. */
  publicDays: number | null;
  /** Shows never published, by name. */
  excludeShows: string[];
  /** Object storage for the audio (ARCHIVE_S3_*); null: the `dir` directory holds it. */
  s3: ArchiveS3Config | null;
}

export interface ArchiveS3Config {
  bucket: string;
  /** An S3-compatible endpoint (R2, B2, MinIO); undefined: AWS. */
  endpoint: string | undefined;
  region: string;
  /** Both unset: the SDK's own credential chain (instance role, AWS_* variables). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  prefix: string;
  forcePathStyle: boolean;
}

export interface PushConfig {
  /** From VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY; null: the pair generated at first start and kept in the store. */
  vapidKeys: { publicKey: string; privateKey: string } | null;
  vapidSubject: string | null;
  /** Hosts a push subscription's endpoint may name (`*.` for any subdomain). */
  serviceHosts: string[];
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads env + the station file into one typed object; throws a ConfigError naming the bad field. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsedEnv = envSchema.safeParse(env);
  if (!parsedEnv.success) throw new ConfigError(`Invalid environment: ${describeIssues(parsedEnv.error)}`);
  const e = parsedEnv.data;

  const stationPath = resolve(e.STATION_CONFIG ?? resolve(REPO_ROOT, 'station.config.json'));
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(stationPath, 'utf8'));
  } catch (error) {
    throw new ConfigError(`Cannot read the station config ${stationPath}: ${(error as Error).message}`);
  }
  const parsedStation = stationFileSchema.safeParse(raw);
  if (!parsedStation.success) {
    throw new ConfigError(`Invalid station config ${stationPath}: ${describeIssues(parsedStation.error)}`);
  }
  const {
    streams: fileStreams,
    statusUrl: fileStatusUrl,
    publicListenerCount,
    dayparts,
    archive: archiveFile,
    ...publicPart
  } = parsedStation.data;
  const standard = e.STREAM_STANDARD_URL ?? fileStreams?.standard;
  const statusUrl = e.STATUS_URL ?? fileStatusUrl;
  const dataDir = resolve(e.DATA_DIR);
  const common = {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    metricsAllowedFrom: e.METRICS_ALLOWED_FROM?.split(',').map((entry) => entry.trim()) ?? ['loopback'],
    webDist: resolve(e.WEB_DIST ?? resolve(REPO_ROOT, 'apps/web/dist')),
    logLevel: e.LOG_LEVEL,
    admin: adminFromEnv(e.ADMIN_USERNAME, e.ADMIN_PASSWORD),
    allowedOrigins: originsFromEnv('REALTIME_ALLOWED_ORIGINS', e.REALTIME_ALLOWED_ORIGINS),
    embedAllowedOrigins: originsFromEnv('EMBED_ALLOWED_ORIGINS', e.EMBED_ALLOWED_ORIGINS),
    trustProxy: trustProxyFromEnv(e.TRUST_PROXY),
    hstsIncludeSubdomains: e.HSTS_INCLUDE_SUBDOMAINS === 'true',
    chatRetentionDays: e.CHAT_RETENTION_DAYS,
    push: pushFromEnv(e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY, e.VAPID_SUBJECT, e.PUSH_SERVICE_HOSTS),
    clockOffsetMs: e.TEST_CLOCK_OFFSET_MS,
    publicListenerCount,
    dayparts,
    integrations: integrationsFromEnv(e.WEBHOOK_ALLOW_PRIVATE_HOSTS, e.PUBLIC_URL, publicPart.nativeApp?.url),
  };
  const archive = (mount: string, demo: boolean): ArchiveConfig => ({
    recording: e.ARCHIVE_RECORDING !== 'off',
    mount: archiveFile?.mount ?? mount,
    dir: resolve(e.ARCHIVE_DIR ?? resolve(dataDir, 'archive')),
    retentionDays: e.ARCHIVE_RETENTION_DAYS,
    timeshiftHours: e.TIMESHIFT_HOURS,
    episodes: archiveFile?.episodes ?? demo,
    publicDays: archiveFile?.publicDays ?? null,
    excludeShows: archiveFile?.excludeShows ?? [],
    s3: archiveS3FromEnv(e),
  });
  if (standard === undefined) {
    const streams = { standard: DEMO_STREAM_PATHS.standard, high: DEMO_STREAM_PATHS.high };
    return {
      ...common,
      station: { ...publicPart, streams },
      statusUrl: DEMO_STREAM_PATHS.status,
      demoStation: true,
      archive: archive(DEMO_STREAM_PATHS.standard, true),
    };
  }
  if (statusUrl === undefined) {
    throw new ConfigError(
      'Invalid station config: statusUrl (or STATUS_URL) is required once a stream is set',
    );
  }
  const high = e.STREAM_HIGH_URL ?? fileStreams?.high ?? standard;
  return {
    ...common,
    station: { ...publicPart, streams: { standard, high } },
    statusUrl,
    demoStation: false,
    archive: archive(standard, false),
  };
}

function archiveS3FromEnv(e: z.infer<typeof envSchema>): ArchiveS3Config | null {
  if (e.ARCHIVE_S3_BUCKET === undefined) return null;
  if ((e.ARCHIVE_S3_ACCESS_KEY_ID === undefined) !== (e.ARCHIVE_S3_SECRET_ACCESS_KEY === undefined)) {
    throw new ConfigError(
      'Invalid environment: ARCHIVE_S3_ACCESS_KEY_ID and ARCHIVE_S3_SECRET_ACCESS_KEY are set together or not at all',
    );
  }
  return {
    bucket: e.ARCHIVE_S3_BUCKET,
    endpoint: e.ARCHIVE_S3_ENDPOINT,
    region: e.ARCHIVE_S3_REGION ?? 'us-east-1',
    credentials:
      e.ARCHIVE_S3_ACCESS_KEY_ID !== undefined && e.ARCHIVE_S3_SECRET_ACCESS_KEY !== undefined
        ? { accessKeyId: e.ARCHIVE_S3_ACCESS_KEY_ID, secretAccessKey: e.ARCHIVE_S3_SECRET_ACCESS_KEY }
        : undefined,
    prefix: e.ARCHIVE_S3_PREFIX ?? '',
    forcePathStyle: e.ARCHIVE_S3_FORCE_PATH_STYLE === 'true',
  };
}

function adminFromEnv(username: string | undefined, password: string | undefined): AppConfig['admin'] {
  if (username === undefined && password === undefined) return null;
  if (username === undefined)
    throw new ConfigError('Invalid environment: ADMIN_USERNAME: is required when ADMIN_PASSWORD is set');
  if (password === undefined)
    throw new ConfigError('Invalid environment: ADMIN_PASSWORD: is required when ADMIN_USERNAME is set');
  return { username, password };
}

function pushFromEnv(
  publicKey: string | undefined,
  privateKey: string | undefined,
  subject: string | undefined,
  hosts: string | undefined,
): PushConfig {
  if ((publicKey === undefined) !== (privateKey === undefined)) {
    throw new ConfigError(
      'Invalid environment: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all',
    );
  }
  const serviceHosts =
    hosts === undefined
      ? [...DEFAULT_PUSH_SERVICE_HOSTS]
      : hosts.split(',').map((entry) => entry.trim().toLowerCase());
  const bad = serviceHosts.find((entry) => !PUSH_HOST_PATTERN.test(entry));
  if (bad !== undefined) {
    throw new ConfigError(
      `Invalid environment: PUSH_SERVICE_HOSTS: '${bad}' is not a host name like fcm.googleapis.com or *.notify.windows.com`,
    );
  }
  return {
    vapidKeys: publicKey !== undefined && privateKey !== undefined ? { publicKey, privateKey } : null,
    vapidSubject: subject ?? null,
    serviceHosts,
  };
}

function trustProxyFromEnv(value: string | undefined): TrustProxy {
  if (value === undefined) return { addresses: [] };
  if (TRUST_HOPS.test(value)) return { hops: Number(value) };
  return { addresses: value.split(',').map((entry) => entry.trim()) };
}

/**
 * TrustProxy in the form Fastify takes. Fastify 5.12 ignores a bare number (it cannot check the
 * peer), so a hop count becomes the function proxy-addr would have built: trust the nearest `hops`.
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if ('hops' in trust) return trust.hops === 0 ? false : (_address, hop) => hop < trust.hops;
  return trust.addresses.length === 0 ? false : trust.addresses;
}

function originsFromEnv(variable: string, list: string | undefined): string[] {
  if (list === undefined) return [];
  return list.split(',').map((entry) => {
    const text = entry.trim();
    try {
      const url = new URL(text);
      if (url.origin !== 'null' && url.origin === text.replace(/\/$/, '')) return url.origin;
    } catch {
      // reported below
    }
    throw new ConfigError(
      `Invalid environment: ${variable}: '${text}' is not an origin like https://radio.example`,
    );
  });
}

function describeIssues(error: z.core.$ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(root)'}: ${issue.message}`)
    .join('; ');
}
