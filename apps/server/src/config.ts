import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { stationFileSchema, type PublicStation } from '@onair/core';

/** The repository root, so defaults work whatever the working directory is. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export const DEMO_STREAM_PATHS = {
  standard: '/demo/live',
  high: '/demo/live-hq',
  status: '/demo/status-json.xsl',
} as const;

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
});

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** `postgres://…` or undefined for the embedded SQLite file in `dataDir`. */
  databaseUrl: string | undefined;
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
  const { streams: fileStreams, statusUrl: fileStatusUrl, ...publicPart } = parsedStation.data;
  const standard = e.STREAM_STANDARD_URL ?? fileStreams?.standard;
  const statusUrl = e.STATUS_URL ?? fileStatusUrl;
  const common = {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    webDist: resolve(e.WEB_DIST ?? resolve(REPO_ROOT, 'apps/web/dist')),
    logLevel: e.LOG_LEVEL,
    admin: adminFromEnv(e.ADMIN_USERNAME, e.ADMIN_PASSWORD),
    allowedOrigins: originsFromEnv(e.REALTIME_ALLOWED_ORIGINS),
  };
  if (standard === undefined) {
    const streams = { standard: DEMO_STREAM_PATHS.standard, high: DEMO_STREAM_PATHS.high };
    return { ...common, station: { ...publicPart, streams }, statusUrl: DEMO_STREAM_PATHS.status, demoStation: true };
  }
  if (statusUrl === undefined) {
    throw new ConfigError('Invalid station config: statusUrl (or STATUS_URL) is required once a stream is set');
  }
  const high = e.STREAM_HIGH_URL ?? fileStreams?.high ?? standard;
  return { ...common, station: { ...publicPart, streams: { standard, high } }, statusUrl, demoStation: false };
}

function adminFromEnv(username: string | undefined, password: string | undefined): AppConfig['admin'] {
  if (username === undefined && password === undefined) return null;
  if (username === undefined) throw new ConfigError('Invalid environment: ADMIN_USERNAME: is required when ADMIN_PASSWORD is set');
  if (password === undefined) throw new ConfigError('Invalid environment: ADMIN_PASSWORD: is required when ADMIN_USERNAME is set');
  return { username, password };
}

function originsFromEnv(list: string | undefined): string[] {
  if (list === undefined) return [];
  return list.split(',').map((entry) => {
    const text = entry.trim();
    try {
      const url = new URL(text);
      if (url.origin !== 'null' && url.origin === text.replace(/\/$/, '')) return url.origin;
    } catch {
      // reported below
    }
    throw new ConfigError(`Invalid environment: REALTIME_ALLOWED_ORIGINS: '${text}' is not an origin like https://radio.example`);
  });
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(root)'}: ${issue.message}`)
    .join('; ');
}
