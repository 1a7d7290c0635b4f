import { z } from 'zod';
import { isValidTimeZone } from '../schedule/station-time.ts';
import { MUSIC_SERVICES, musicServiceSchema } from '../tracks/track-links.ts';

const url = z.string().trim().min(1).max(2000);
const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #12061f');

const streamsSchema = z.object({ standard: url, high: url });

/** What every station shares, on the server and in the browser. */
const stationBaseSchema = z.object({
  name: z.string().trim().min(1).max(100),
  shortName: z.string().trim().min(1).max(30).optional(),
  tagline: z.string().trim().max(200),
  timeZone: z
    .string()
    .min(1)
    .max(100)
    .refine(isValidTimeZone, { message: 'is not a known IANA time zone' }),
  social: z.object({
    mixcloud: url.optional(),
    facebook: url.optional(),
    instagram: url.optional(),
  }),
  theme: z
    .object({ background: hexColour, accent: hexColour })
    .default({ background: '#12061f', accent: '#c026d3' }),
  /** Where Recently played and saved songs link to, in this order (search pages); [] shows none. */
  musicLinks: z.array(musicServiceSchema).max(MUSIC_SERVICES.length).default([...MUSIC_SERVICES]),
});

/**
 * The white-label station file (station.config.json): every station-specific word lives there.
 * Without `streams` and `statusUrl` the server runs its own demo station.
 */
export const stationFileSchema = stationBaseSchema.extend({
  streams: streamsSchema.optional(),
  statusUrl: url.optional(),
  nativeApp: z
    .object({
      /** The store identity: Android applicationId and iOS bundle id, e.g. `ie.fromirelandwithlove.radio`. */
      id: z
        .string()
        .regex(
          /^[a-zA-Z][a-zA-Z0-9_]*(\.[a-zA-Z][a-zA-Z0-9_]*)+$/,
          'must be a reverse-domain id like ie.example.radio (letters, digits, _; at least two parts)',
        )
        .max(150),
      /** The station's public address, which the apps load (README "Build the mobile apps": hosted, not bundled). */
      url: z
        .string()
        .url()
        .refine((text) => /^https:\/\/[^/]+\/?$/.test(text), {
          message: 'must be the https:// origin the station serves the app at, without a path',
        }),
    })
    .optional(),
});
export type StationFile = z.infer<typeof stationFileSchema>;

/** `GET /api/station`: what any listener may see, with the stream URLs always filled in. */
export const publicStationSchema = stationBaseSchema.extend({ streams: streamsSchema });
export type PublicStation = z.infer<typeof publicStationSchema>;
