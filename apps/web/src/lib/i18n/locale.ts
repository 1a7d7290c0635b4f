import { i18n, type Messages } from '@lingui/core';
import {
  DEFAULT_LOCALE,
  isLocale,
  localeDirection,
  negotiateLocale,
  STORAGE_KEYS,
  type Locale,
} from '@onair/core';
import { readStored, writeStored } from '../storage.ts';
import * as stored from '../stored.ts';
import { activateFirstPaint, activateWhole } from './catalog.ts';

/**
 * The app's language (README "Languages"). Each shipped catalog is built in parts (catalog.ts): a
 * page loads only its language's, the part its first paint needs, then each screen's own.
 */

/** Loads `locale`'s whole catalog (once) and makes it the one every message is read from. */
export const activateLocale: (locale: Locale) => Promise<void> = activateWhole;

/**
 * Loads the first part of `locale`'s catalog, the messages of what the first paint runs, and makes it
 * the one every message is read from; each split-out chunk loads its own part (lib/load-chunk.ts).
 */
export const activateFirstPaintLocale: (locale: Locale) => Promise<void> = activateFirstPaint;

/** For the server's prerender and tests: the catalogs are at hand, no loading. */
export function activateLoadedLocale(locale: Locale, messages: Messages): void {
  if (i18n.locale === locale) return;
  i18n.loadAndActivate({ locale, messages });
}

/**
 * Which language this listener gets in the browser: their own choice (`playfm_locale`), else the
 * first of the browser's languages that OnAir ships, else the station's `locale`.
 */
export function chooseLocale(choice: string, languages: readonly string[], stationLocale: Locale): Locale {
  if (isLocale(choice)) return choice;
  return negotiateLocale(languages, stationLocale);
}

/** The listener's stored choice ('' when none). */
export function storedLocaleChoice(): string {
  return readStored(stored.locale);
}

/** The locale the server wrote into `<html lang>`, when it is one OnAir ships. */
export function pageLocale(): Locale | null {
  const lang = document.documentElement.lang;
  return isLocale(lang) ? lang : null;
}

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Keeps the listener's choice ('' forgets it): in localStorage for the app, and as a cookie so the
 * server prerenders the next page (and the service worker's offline shell) in it.
 */
export function storeLocaleChoice(choice: Locale | ''): void {
  writeStored(stored.locale, choice);
  const cookie =
    choice === ''
      ? `${STORAGE_KEYS.locale}=; Max-Age=0`
      : `${STORAGE_KEYS.locale}=${choice}; Max-Age=${ONE_YEAR_SECONDS}`;
  document.cookie = `${cookie}; Path=/; SameSite=Lax`;
}

/** `<html lang>` and `dir` follow the app's language. */
export function applyDocumentLocale(locale: Locale): void {
  document.documentElement.lang = locale;
  document.documentElement.dir = localeDirection(locale);
}

export { DEFAULT_LOCALE };
