import * as z from 'zod/mini';

/**
 * A daypart: a named span of the station's day, from hour `start` to hour `end` (24 is midnight at
 * its end), read on the station's wall clock. Radio sells airtime by these.
 */
export const daypartSchema = z
  .strictObject({
    name: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)),
    start: z.int().check(z.minimum(0), z.maximum(23)),
    end: z.int().check(z.minimum(1), z.maximum(24)),
  })
  .check(z.refine((part) => part.start < part.end, { message: 'must end after it starts' }));
export type Daypart = z.infer<typeof daypartSchema>;

/** The usual dayparts of radio sales (the station file's `dayparts` replaces them). */
export const DEFAULT_DAYPARTS: readonly Daypart[] = [
  { name: 'Breakfast', start: 6, end: 10 },
  { name: 'Daytime', start: 10, end: 16 },
  { name: 'Drive', start: 16, end: 19 },
  { name: 'Evening', start: 19, end: 24 },
  { name: 'Overnight', start: 0, end: 6 },
];

/** Whether two dayparts share an hour. */
function overlap(a: Daypart, b: Daypart): boolean {
  return a.start < b.end && b.start < a.end;
}

/** The station file's `dayparts`: 1 to 24 of them, names unique, no hour in two. Hours in none are left out. */
export const daypartsSchema = z._default(
  z.array(daypartSchema).check(
    z.minLength(1),
    z.maxLength(24),
    z.refine((parts) => new Set(parts.map((part) => part.name)).size === parts.length, {
      message: 'each daypart needs a name of its own',
    }),
    z.refine(
      (parts) => parts.every((part, i) => parts.slice(i + 1).every((other) => !overlap(part, other))),
      {
        message: 'dayparts must not share an hour',
      },
    ),
  ),
  [...DEFAULT_DAYPARTS],
);

/** The daypart holding `hour` (0–23), or undefined when the station left that hour out. */
export function daypartOf(dayparts: readonly Daypart[], hour: number): Daypart | undefined {
  return dayparts.find((part) => part.start <= hour && hour < part.end);
}
