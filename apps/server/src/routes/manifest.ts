import type { FastifyInstance } from 'fastify';
import { localeDirection, requestLocale, textsFor, type Locale, type PublicStation } from '@onair/core';

/** Home-screen icons, committed in apps/web/public/images (generated from the logo). */
const ICONS = [
  { src: '/images/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/images/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/images/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  { src: '/images/apple-touch-icon-180.png', sizes: '180x180', type: 'image/png', purpose: 'any' },
] as const;
const SHORTCUT_ICONS = [{ src: '/images/icon-192.png', sizes: '192x192', type: 'image/png' }] as const;

/**
 * The manifest's own words: the shortcuts offered on a long press of the home-screen icon, named as
 * the app's menu names them in each catalog. The station's name and tagline are its own, in every
 * language. A language with none here gets the station's, else English.
 */
interface ManifestTexts {
  schedule: string;
  chat: string;
}
const ENGLISH: ManifestTexts = { schedule: 'Schedule', chat: 'Chat' };
const MANIFEST_TEXTS: Readonly<Partial<Record<Locale, ManifestTexts>>> = {
  en: ENGLISH,
  ga: { schedule: 'Sceideal', chat: 'Comhrá' },
  de: { schedule: 'Sendeplan', chat: 'Chat' },
  es: { schedule: 'Programación', chat: 'Chat' },
  fr: { schedule: 'Grille', chat: 'Chat' },
  'pt-BR': { schedule: 'Programação', chat: 'Chat' },
};

/**
 * The web app manifest for a station in a listener's language: built from its config, so one web
 * build serves any station.
 */
export function webAppManifest(station: PublicStation, locale: Locale) {
  const texts = textsFor(MANIFEST_TEXTS, ENGLISH, [locale, station.locale]);
  return {
    id: '/',
    name: station.name,
    short_name: station.shortName ?? station.name,
    description: station.tagline,
    lang: locale,
    dir: localeDirection(locale),
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: station.theme.background,
    theme_color: station.theme.background,
    categories: ['music', 'entertainment'],
    icons: ICONS,
    shortcuts: [
      { name: texts.schedule, url: '/schedule', icons: SHORTCUT_ICONS },
      { name: texts.chat, url: '/chat', icons: SHORTCUT_ICONS },
    ],
  };
}

export async function manifestRoutes(
  app: FastifyInstance,
  { station }: { station: PublicStation },
): Promise<void> {
  // One body per language, made on first ask: the station changes only with a restart.
  const bodies = new Map<Locale, string>();
  app.get('/manifest.webmanifest', async (request, reply) => {
    // Negotiated like the page (README "Languages"): the listener's choice, their browser's, the station's.
    const locale = requestLocale(
      { cookie: request.headers.cookie, acceptLanguage: request.headers['accept-language'] },
      station.locale,
    );
    let body = bodies.get(locale);
    if (body === undefined) {
      body = JSON.stringify(webAppManifest(station, locale));
      bodies.set(locale, body);
    }
    // Like /api/station, browsers may keep it a little while; per language, so caches key on what chose it.
    reply
      .header('cache-control', 'public, max-age=300')
      .header('vary', 'Accept-Language, Cookie')
      .type('application/manifest+json; charset=utf-8');
    return body;
  });
}
