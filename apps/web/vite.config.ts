import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The API server (apps/server) listens on 8080; in dev Vite serves the app and forwards the API and
// the demo stream there, so the browser sees one origin just as it does in production.
const API_ORIGIN = 'http://localhost:8080';

// Live answers and the stream must always come from the network: a cached now-playing or a cached
// audio chunk would be a lie. The service worker only ever serves the precached app shell.
const NEVER_FROM_THE_SHELL = [/^\/api\//, /^\/demo\//, /^\/manifest\.webmanifest$/, /^\/sw\.js$/];

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      strategies: 'generateSW',
      filename: 'sw.js',
      scope: '/',
      // The app registers /sw.js itself with workbox-window (features/pwa), to own the update flow.
      injectRegister: false,
      // The manifest is per station, so the server writes it from the station config at runtime.
      manifest: false,
      workbox: {
        globPatterns: [
          '**/*.{js,css,html}',
          'images/*.{svg,png}',
          // The one show image the app shows whatever the schedule: the fallback.
          'images/shows/fallback_400.jpg',
        ],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: NEVER_FROM_THE_SHELL,
        // No runtimeCaching on purpose: nothing outside the precache is ever cached.
        cleanupOutdatedCaches: true,
        // A first visit is controlled at once, so it opens offline next time without a second visit.
        clientsClaim: true,
        // A new version waits until the page asks it to take over (skip-waiting message, spec §4).
        skipWaiting: false,
      },
    }),
  ],
  build: {
    outDir: 'dist',
    // The server ships dist as-is; source maps would only add weight for listeners.
    sourcemap: false,
    // dist/.vite/manifest.json: how bench/bundle.bench.ts finds the chunks each route needs.
    manifest: true,
  },
  server: {
    proxy: {
      // ws for /api/realtime; the Host header is kept so the server's same-origin check passes.
      '/api': { target: API_ORIGIN, ws: true },
      '/demo': { target: API_ORIGIN, changeOrigin: true },
    },
  },
});
