import * as z from 'zod/mini';
import { PUSH_REFRESH_MS } from '../constants.ts';
import { SHIPPED_LOCALES } from '../i18n/locales.ts';

const presentText = z
  .string()
  .check(z.refine((text) => text.trim() !== '', { message: 'must not be empty' }));

/**
 * Push subscription record (spec §3, §5): every field a present, non-blank string; and the language
 * last sent with it (its pushes' language), absent in records kept before languages.
 */
export const pushRecordSchema = z.object({
  token: presentText,
  creationTime: presentText,
  auth: presentText,
  p256dh: presentText,
  endpoint: presentText,
  scope: presentText,
  vapidKey: presentText,
  locale: z.optional(z.enum(SHIPPED_LOCALES)),
});
export type PushRecord = z.infer<typeof pushRecordSchema>;

export function isValidPushRecord(record: unknown): boolean {
  return pushRecordSchema.safeParse(record).success;
}

/**
 * Registration is refreshed when older than 7 days (spec §7 call 9). creationTime is epoch ms as text
 * or an ISO date; an unreadable one counts as stale so the record heals itself.
 */
export function pushRecordNeedsRefresh(record: PushRecord, nowMs: number): boolean {
  const asNumber = Number(record.creationTime);
  const createdMs = Number.isFinite(asNumber) ? asNumber : Date.parse(record.creationTime);
  return !Number.isFinite(createdMs) || nowMs - createdMs > PUSH_REFRESH_MS;
}
