import { createHash, timingSafeEqual } from 'node:crypto';
import { chatNameKey, chatNamesClash } from '@onair/core';

/**
 * Compares two secrets in time independent of where they differ. Both sides are hashed first so
 * the comparison runs on equal lengths: timingSafeEqual alone would throw (and leak) on a length
 * mismatch.
 */
export function constantTimeEquals(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}

/** True when both the username and the password match the configured admin (both always compared). */
export function isAdminCredentials(
  given: { username: string; password: string },
  admin: { username: string; password: string },
): boolean {
  const nameOk = constantTimeEquals(normalizeName(given.username), normalizeName(admin.username));
  const passwordOk = constantTimeEquals(given.password, admin.password);
  return nameOk && passwordOk;
}

/**
 * How names are compared for identity: Unicode-normalised (NFKC, so full-width and ligature
 * look-alikes collapse), accents folded, case folded, look-alike letters of other scripts folded,
 * and everything that is not a letter or digit dropped, so 'Admin', ' ADMIN ', 'ádmin', 'ad.min'
 * and 'аdmin' (Cyrillic а) are all one name. The chat folds its names the same way (core's `chatNameKey`).
 */
export const normalizeName = chatNameKey;

/**
 * The admin's name is theirs alone: the chat refuses any display name that folds to it or looks
 * like it as typed (core's `chatNamesClash`: Cyrillic 'ТОМ' for an admin 'Tom'), so nobody can
 * pose as the admin by typing the same name (spec §6 trusted a local name; we do not).
 */
export function isReservedName(name: string, admin: { username: string } | null): boolean {
  return admin !== null && chatNamesClash(name, admin.username);
}
