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

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(root)'}: ${issue.message}`)
    .join('; ');
}
