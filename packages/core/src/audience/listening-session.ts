import * as z from 'zod/mini';

/**
 * How long a listening session lasted, as the app reports it (`listening_session`'s one parameter):
 * a bucket, never the exact length, so a report cannot be matched to anything else.
 */
export const LISTENING_SESSION_BUCKETS = [
  'under_1m',
  '1_5m',
  '5_15m',
  '15_30m',
  '30_60m',
  '1_2h',
  'over_2h',
] as const;
export type ListeningSessionBucket = (typeof LISTENING_SESSION_BUCKETS)[number];

const MINUTE_MS = 60_000;
/** Each bucket's upper bound in minutes (the last is open). */
const BUCKET_ENDS_MINUTES = [1, 5, 15, 30, 60, 120] as const;
/**
 * The length each bucket stands for in the average: its middle; the open last bucket its lower
 * bound (2 h), so an average with sessions over 2 hours in it is a lower bound, and says so.
 */
const BUCKET_MINUTES: Record<ListeningSessionBucket, number> = {
  under_1m: 0.5,
  '1_5m': 3,
  '5_15m': 10,
  '15_30m': 22.5,
  '30_60m': 45,
  '1_2h': 90,
  over_2h: 120,
};

/** The bucket of a session that lasted `ms` milliseconds of sound. */
export function listeningSessionBucket(ms: number): ListeningSessionBucket {
  const minutes = ms / MINUTE_MS;
  const index = BUCKET_ENDS_MINUTES.findIndex((end) => minutes < end);
  return LISTENING_SESSION_BUCKETS[index === -1 ? LISTENING_SESSION_BUCKETS.length - 1 : index] ?? 'over_2h';
}

export const listeningSessionsSchema = z.object({
  count: z.int().check(z.nonnegative()),
  /** Minutes, from each bucket's middle; null with no sessions. A lower bound when `open` is true. */
  averageMinutes: z.nullable(z.number().check(z.nonnegative())),
  /** Some sessions were over 2 hours, counted as 2 hours: the real average is higher. */
  open: z.boolean(),
  byBucket: z.array(
    z.object({ bucket: z.enum(LISTENING_SESSION_BUCKETS), count: z.int().check(z.nonnegative()) }),
  ),
});
export type ListeningSessions = z.infer<typeof listeningSessionsSchema>;

/** The sessions' count, average and spread, every bucket listed (in order) with its count. */
export function summarizeListeningSessions(
  counts: ReadonlyMap<ListeningSessionBucket, number>,
): ListeningSessions {
  const byBucket = LISTENING_SESSION_BUCKETS.map((bucket) => ({ bucket, count: counts.get(bucket) ?? 0 }));
  const count = byBucket.reduce((sum, row) => sum + row.count, 0);
  const minutes = byBucket.reduce((sum, row) => sum + row.count * BUCKET_MINUTES[row.bucket], 0);
  return {
    count,
    averageMinutes: count === 0 ? null : Math.round((minutes / count) * 10) / 10,
    open: (counts.get('over_2h') ?? 0) > 0,
    byBucket,
  };
}

/** How the Insights table and the CSV name a bucket. */
export const LISTENING_SESSION_BUCKET_LABELS: Record<ListeningSessionBucket, string> = {
  under_1m: 'Under 1 minute',
  '1_5m': '1–5 minutes',
  '5_15m': '5–15 minutes',
  '15_30m': '15–30 minutes',
  '30_60m': '30–60 minutes',
  '1_2h': '1–2 hours',
  over_2h: 'Over 2 hours',
};
