import * as z from 'zod/mini';
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
export const stationFileSchema = z.extend(stationBaseSchema, {
  streams: z.optional(streamsSchema),
  statusUrl: z.optional(url),
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
