import { SHIPPED_LOCALES } from './shipped-locales.ts';

/**
 * The languages OnAir ships (the catalogs present, apps/web/src/locales/<locale>/messages.po, listed
 * by `npm run i18n:extract` in shipped-locales.ts) and the rule that picks one for a listener: their
 * own choice (`playfm_locale`), else the browser's languages (Accept-Language on the server,
 * navigator.languages in the app) matched against these, else the station file's `locale`.
 */
export { LOCALE_NAMES, SHIPPED_LOCALES } from './shipped-locales.ts';
export type Locale = (typeof SHIPPED_LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

/** The pseudo-locale that exists for tests: offered only when asked for by name, never by language. */
export const PSEUDO_LOCALE: Locale = 'en-XA';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (SHIPPED_LOCALES as readonly string[]).includes(value);
}

/**
 * The shipped locale for one BCP 47 tag, or null: an exact match first (case-insensitive: `pt-br`),
 * then the language alone (`ga-IE` → `ga`, `de-AT` → `de`, `pt-PT` → `pt-BR`). The pseudo-locale is
 * matched only exactly.
 */
export function matchLocale(tag: string): Locale | null {
  const wanted = tag.trim().toLowerCase();
  if (wanted === '' || wanted === '*') return null;
  const exact = SHIPPED_LOCALES.find((locale) => locale.toLowerCase() === wanted);
  if (exact) return exact;
  const language = wanted.split('-')[0];
  return (
    SHIPPED_LOCALES.find(
      (locale) => locale !== PSEUDO_LOCALE && locale.toLowerCase().split('-')[0] === language,
    ) ?? null
  );
}

/** The first of `tags` (most wanted first) that a shipped locale serves, else `fallback`. */
export function negotiateLocale(tags: readonly string[], fallback: Locale = DEFAULT_LOCALE): Locale {
  for (const tag of tags) {
    const locale = matchLocale(tag);
    if (locale) return locale;
  }
  return fallback;
}

const MAX_ACCEPT_LANGUAGE_RANGES = 20;

/**
 * An Accept-Language header's language ranges, most wanted first (by `q`, then by order); ranges with
 * `q=0` are left out, and only the first 20 are read (a header is the client's to make long).
 */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, MAX_ACCEPT_LANGUAGE_RANGES)
    .map((range, index) => {
      const [tag = '', ...params] = range.split(';').map((part) => part.trim());
      const q = params.find((param) => param.toLowerCase().startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter(({ tag, weight }) => tag !== '' && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map(({ tag }) => tag);
}

/**
 * The words for the first of `locales` (most wanted first: a listener's, then the station's) that
 * `table` has, else `fallback` (English). For the few texts written outside the web app's catalogs
 * (pushes, the manifest): a language with no entry there falls back instead of failing.
 */
export function textsFor<T>(
  table: Readonly<Partial<Record<Locale, T>>>,
  fallback: T,
  locales: readonly (string | null | undefined)[],
): T {
  for (const locale of locales) {
    // Own keys only: a stored "constructor" must not find Object's.
    if (locale && Object.hasOwn(table, locale)) return table[locale as Locale] ?? fallback;
  }
  return fallback;
}

/** Writing direction of a locale: none shipped is right-to-left yet, but the page follows this. */
export function localeDirection(locale: string): 'ltr' | 'rtl' {
  const language = locale.toLowerCase().split('-')[0] ?? '';
  return ['ar', 'he', 'fa', 'ur', 'ps', 'sd', 'yi', 'dv', 'ckb'].includes(language) ? 'rtl' : 'ltr';
}

/** The `playfm_locale` cookie's value in a Cookie header, when it names a shipped locale. */
export function localeCookie(cookieHeader: string | undefined): Locale | null {
  const value = /(?:^|;\s*)playfm_locale=([^;]*)/.exec(cookieHeader ?? '')?.[1]?.trim();
  return isLocale(value) ? value : null;
}

/**
 * The server's choice for a page: the listener's own (the `playfm_locale` cookie the app sets beside
 * its stored choice), else their browser's Accept-Language, else the station's `locale`.
 */
export function requestLocale(
  headers: { cookie?: string | undefined; acceptLanguage?: string | undefined },
  stationLocale: Locale,
): Locale {
  return (
    localeCookie(headers.cookie) ??
    negotiateLocale(parseAcceptLanguage(headers.acceptLanguage), stationLocale)
  );
}
