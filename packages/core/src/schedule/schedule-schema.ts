import * as z from 'zod/mini';
import { WEEKDAYS, type Schedule } from './types.ts';

export const SLOT_TEXT_MAX_CHARS = 200;
export const SLOT_IMAGE_MAX_CHARS = 2_000;
/** Half-hour slots round the clock would be 48; more than that is a broken upload, not a schedule. */
export const MAX_SHOWS_PER_DAY = 48;

const slotText = z.string().check(z.maxLength(SLOT_TEXT_MAX_CHARS));

// show, genre and image may be empty (spec §3); older documents may omit them, so they default to ''.
export const showSlotSchema = z.object({
  time: slotText,
  artist: slotText,
  show: z._default(slotText, ''),
  genre: z._default(slotText, ''),
  image: z._default(z.string().check(z.maxLength(SLOT_IMAGE_MAX_CHARS)), ''),
});

export const scheduleDaySchema = z.object({
  day: z.enum(WEEKDAYS),
  shows: z.array(showSlotSchema).check(z.maxLength(MAX_SHOWS_PER_DAY)),
});

/** Exactly the seven weekdays, each once, in any order; the output is sorted Monday first. */
export const scheduleSchema = z.pipe(
  z.array(scheduleDaySchema).check(
    z.length(WEEKDAYS.length),
    z.refine((days) => new Set(days.map((entry) => entry.day)).size === WEEKDAYS.length, {
      message: 'Each weekday must appear exactly once',
    }),
  ),
  z.transform((days): Schedule =>
    [...days].sort((a, b) => WEEKDAYS.indexOf(a.day) - WEEKDAYS.indexOf(b.day)),
  ),
);

export const INVALID_SCHEDULE_ERROR = 'Invalid schedule data format';

export type ParseScheduleResult =
  { ok: true; schedule: Schedule } | { ok: false; error: typeof INVALID_SCHEDULE_ERROR };

export function parseSchedule(input: unknown): ParseScheduleResult {
  const parsed = scheduleSchema.safeParse(input);
  return parsed.success ? { ok: true, schedule: parsed.data } : { ok: false, error: INVALID_SCHEDULE_ERROR };
}
