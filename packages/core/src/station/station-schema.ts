import * as z from 'zod/mini';
import { daypartsSchema } from '../audience/dayparts.ts';
import { CLOCK_STYLES, DEFAULT_CLOCK_STYLE } from '../clock/clock-style.ts';
import { DEFAULT_LOCALE, SHIPPED_LOCALES } from '../i18n/locales.ts';
import { isValidTimeZone } from '../schedule/station-time.ts';
import { MUSIC_SERVICES, musicServiceSchema } from '../tracks/track-links.ts';

const url = z.string().check(z.trim(), z.minLength(1), z.maxLength(2000));
const hexColour = z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #12061f'));

const streamsSchema = z.object({ standard: url, high: url });

/** What every station shares, on the server and in the browser. */
const stationBaseSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  shortName: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(30))),
  tagline: z.string().check(z.trim(), z.maxLength(200)),
  timeZone: z
    .string()
    .check(
      z.minLength(1),
      z.maxLength(100),
      z.refine(isValidTimeZone, { message: 'is not a known IANA time zone' }),
    ),
  /** How every time the app shows is written: `19:05` or `7:05pm` (README "One clock"). */
  clock: z._default(z.enum(CLOCK_STYLES), DEFAULT_CLOCK_STYLE),
  /**
   * The app's language for a listener whose browser asks for none OnAir ships (README "Languages"):
   * one of the shipped locales, `en` by default.
   */
  locale: z._default(z.enum(SHIPPED_LOCALES), DEFAULT_LOCALE),
  social: z.object({
    mixcloud: z.optional(url),
    facebook: z.optional(url),
    instagram: z.optional(url),
  }),
  theme: z._default(z.object({ background: hexColour, accent: hexColour }), {
    background: '#12061f',
    accent: '#c026d3',
  }),
  /** Where Recently played and saved songs link to, in this order (search pages); [] shows none. */
  musicLinks: z._default(z.array(musicServiceSchema).check(z.maxLength(MUSIC_SERVICES.length)), [
    ...MUSIC_SERVICES,
  ]),
});

/**
 * The white-label station file (station.config.json): every station-specific word lives there.
 * Without `streams` and `statusUrl` the server runs its own demo station.
 */
/** Whether `/api/now-playing` carries the listener count, and from how many on (a small station may not want to show 2). */
export const publicListenerCountSchema = z._default(
  z.strictObject({ enabled: z.boolean(), minimum: z.int().check(z.minimum(0), z.maximum(1_000_000)) }),
  { enabled: false, minimum: 5 },
);
export type PublicListenerCount = z.infer<typeof publicListenerCountSchema>;

/**
 * The station file's `archive`: what the recorder records and what may be published. Episodes are
 * on-demand audio, whose rights differ from live rights: off unless the station says so (the demo
 * station publishes them).
 */
export const archiveSettingsSchema = z.object({
  /** The mount recorded; unset: the standard stream. */
  mount: z.optional(url),
  /** Publish each slot's recording as an episode (and its feed). */
  episodes: z.optional(z.boolean()),
  /** Episodes stay public this many days after they end (the audio may be kept longer). */
  publicDays: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(3650))),
  /** Shows never published (e.g. syndicated ones), by name. */
  excludeShows: z._default(
    z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))).check(z.maxLength(500)),
    [],
  ),
});
export type ArchiveSettings = z.infer<typeof archiveSettingsSchema>;

export const stationFileSchema = z.extend(stationBaseSchema, {
  streams: z.optional(streamsSchema),
  publicListenerCount: publicListenerCountSchema,
  dayparts: daypartsSchema,
  statusUrl: z.optional(url),
  archive: z.optional(archiveSettingsSchema),
  nativeApp: z.optional(
    z.object({
      /** The store identity: Android applicationId and iOS bundle id, e.g. `ie.fromirelandwithlove.radio`. */
      id: z
        .string()
        .check(
          z.regex(
            /^[a-zA-Z][a-zA-Z0-9_]*(\.[a-zA-Z][a-zA-Z0-9_]*)+$/,
            'must be a reverse-domain id like ie.example.radio (letters, digits, _; at least two parts)',
          ),
          z.maxLength(150),
        ),
      /** The station's public address, which the apps load (README "Build the mobile apps": hosted, not bundled). */
      url: z.string().check(
        z.url(),
        z.refine((text) => /^https:\/\/[^/]+\/?$/.test(text), {
          message: 'must be the https:// origin the station serves the app at, without a path',
        }),
      ),
    }),
  ),
});
export type StationFile = z.infer<typeof stationFileSchema>;

/** `GET /api/station`: what any listener may see, with the stream URLs always filled in. */
export const publicStationSchema = z.extend(stationBaseSchema, { streams: streamsSchema });
export type PublicStation = z.infer<typeof publicStationSchema>;
