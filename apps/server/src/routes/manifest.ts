import type { FastifyInstance } from 'fastify';
import type { PublicStation } from '@onair/core';

/** Home-screen icons, committed in apps/web/public/images (generated from the logo). */
const ICONS = [
  { src: '/images/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/images/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/images/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  { src: '/images/apple-touch-icon-180.png', sizes: '180x180', type: 'image/png', purpose: 'any' },
] as const;

/** The web app manifest for a station: built from its config, so one web build serves any station. */
export function webAppManifest(station: PublicStation) {
  return {
    id: '/',
    name: station.name,
    short_name: station.shortName ?? station.name,
    description: station.tagline,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: station.theme.background,
    theme_color: station.theme.background,
    categories: ['music', 'entertainment'],
    icons: ICONS,
  };
}

export async function manifestRoutes(app: FastifyInstance, { station }: { station: PublicStation }): Promise<void> {
  const body = JSON.stringify(webAppManifest(station));
  app.get('/manifest.webmanifest', async (_request, reply) => {
    // Like /api/station: it changes only with a restart, so browsers may keep it a little while.
    reply.header('cache-control', 'public, max-age=300').type('application/manifest+json; charset=utf-8');
    return body;
  });
}
