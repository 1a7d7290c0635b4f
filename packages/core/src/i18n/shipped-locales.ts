// Written by `npm run i18n:extract` from the catalogs in apps/web/src/locales (shipped-locales.ts
// there): do not edit. A language is added by adding its catalog (README "Languages").

/** The languages OnAir ships: one catalog each, apps/web/src/locales/<locale>/messages.po. */
export const SHIPPED_LOCALES = ['en', 'de', 'es', 'fr', 'ga', 'pt-BR', 'en-XA'] as const;

/** The name of each language in itself, for the language choice (its catalog's X-Language-Name). */
export const LOCALE_NAMES: Readonly<Record<(typeof SHIPPED_LOCALES)[number], string>> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  ga: 'Gaeilge',
  'pt-BR': 'Português (Brasil)',
  'en-XA': 'Ȇńĝĺíśĥ (pseudo)',
};
