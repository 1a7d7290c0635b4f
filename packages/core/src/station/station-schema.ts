import { z } from 'zod';
import { isValidTimeZone } from '../schedule/station-time.ts';

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
});

/**
 * The white-label station file (station.config.json): every station-specific word lives there.
 * Without `streams` and `statusUrl` the server runs its own demo station.
 */
export const stationFileSchema = stationBaseSchema.extend({
  streams: streamsSchema.optional(),
  statusUrl: url.optional(),
});
export type StationFile = z.infer<typeof stationFileSchema>;

/** `GET /api/station`: what any listener may see, with the stream URLs always filled in. */
export const publicStationSchema = stationBaseSchema.extend({ streams: streamsSchema });
export type PublicStation = z.infer<typeof publicStationSchema>;
