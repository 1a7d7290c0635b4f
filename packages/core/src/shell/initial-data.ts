import * as z from 'zod/mini';
import { nowPlayingSchema } from '../metadata/now-playing.ts';
import { scheduleDocumentSchema } from '../schedule/schedule-document.ts';
import { publicStationSchema } from '../station/station-schema.ts';

/** The id of the `<script type="application/json">` the server writes into index.html. */
export const INITIAL_DATA_ELEMENT_ID = 'onair-initial-data';

/**
 * What the first render needs, inlined by the server into the page so Home paints without an API
 * round trip: the same three documents `/api/station`, `/api/schedule` and `/api/now-playing` answer.
 * `schedule` is null while the store has none (the web then shows its own bundled week).
 */
export const initialDataSchema = z.object({
  station: publicStationSchema,
  schedule: z.nullable(scheduleDocumentSchema),
  nowPlaying: nowPlayingSchema,
  /**
   * The show images the server has (`/images/shows/…` paths): a slot whose image is not among them
   * shows the fallback at once, with no request that would 404.
   */
  showImages: z.array(z.string().check(z.maxLength(300))).check(z.maxLength(5_000)),
  /**
   * When the server drew the page (ms since the epoch): the browser's first render, which hydrates
   * that markup, reads the same clock, so a device whose clock disagrees draws what the server drew
   * first and its own time right after. Absent from pages written before it.
   */
  renderedAtMs: z.optional(z.int().check(z.nonnegative())),
});
export type InitialData = z.infer<typeof initialDataSchema>;
