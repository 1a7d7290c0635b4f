import * as z from 'zod/mini';
import { CAST_SESSION_VALIDITY_MS } from '../constants.ts';

/** Saved cast session (spec §3 playfm_cast_session); timestamp in epoch ms. */
export const castSessionSchema = z.object({
  receiverName: z.string(),
  isConnected: z.boolean(),
  timestamp: z.number().check(z.nonnegative()),
});
export type CastSession = z.infer<typeof castSessionSchema>;

/** The stored session if valid and saved within the last 30 min (spec §9); otherwise null (clear it). */
export function restoreCastSession(stored: unknown, nowMs: number): CastSession | null {
  const parsed = castSessionSchema.safeParse(stored);
  if (!parsed.success) return null;
  const age = nowMs - parsed.data.timestamp;
  return age >= 0 && age <= CAST_SESSION_VALIDITY_MS ? parsed.data : null;
}
