import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import linguiMacro from '@lingui/babel-plugin-lingui-macro';
import { getConfig } from '@lingui/conf';
import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { catalogParts } from './vite-catalog-parts.ts';

// The API server (apps/server) listens on PORT (8080 by default); in dev (`npm run dev`) Vite serves
// the app and forwards the API, the demo stream and the station's manifest there, so the browser sees
// one origin just as it does in production.
const API_ORIGIN = `http://localhost:${process.env.PORT ?? 8080}`;

/**
 * React Router 7's package exports name only its development build, warnings and checks included
 * (remix-run/react-router#12532, #14753); it ships the production build beside it. Builds take that one.
 */
const REACT_ROUTER_PRODUCTION = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

/**
 * Lingui (README "Languages"): its macros (`t`, `<Trans>`, `plural`) become catalog look-ups with
 * ICU MessageFormat ids at build time (Babel, only on files that import them), and an imported
 * `messages.po` becomes that catalog compiled to a plain object: no parser in the browser. A message
 * missing from a catalog fails the build.
 */
const LINGUI_CONFIG = fileURLToPath(new URL('./lingui.config.ts', import.meta.url));

/**
 * `split`: each catalog is built in two parts, what the first paint needs and the rest
 * (vite-catalog-parts.ts); only in the app's client build.
 */
export function linguiPlugins({ split = false }: { split?: boolean } = {}) {
  const linguiConfig = getConfig({ configPath: LINGUI_CONFIG });
  const src = fileURLToPath(new URL('./src', import.meta.url));
  return [
    catalogParts({
      linguiConfig,
      split,
      srcDir: src,
      firstPaint: join(src, 'app/start-app.tsx'),
      catalogModule: join(src, 'lib/i18n/catalog.ts'),
    }),
    babel({
      include: /[\\/]src[\\/].*\.tsx?$/,
      plugins: [[linguiMacro, { linguiConfig }]],
      sourceMap: false,
    }),
    lingui({
      configPath: LINGUI_CONFIG,
      failOnMissing: true,
      failOnCompileError: true,
    }),
  ];
}

export default defineConfig(({ command, isSsrBuild }) => ({
  // The server's prerender (src/app/server-render.tsx) into dist/.server: no public files, no worker,
  // and every dependency bundled in, so a dist copied anywhere (WEB_DIST) still loads it.
  ...(isSsrBuild ? { publicDir: false as const, ssr: { noExternal: true } } : {}),
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] : [],
  },
  plugins: [
    react(),
    ...linguiPlugins({ split: command === 'build' && !isSsrBuild }),
    !isSsrBuild &&
      VitePWA({
        // Our own worker (src/sw.ts): the app's files precached, each page network-first with its
        // last copy offline, plus Web Push (issue 10).
        strategies: 'injectManifest',
        srcDir: 'src',
        filename: 'sw.ts',
        scope: '/',
        // The app registers /sw.js itself with workbox-window (features/pwa), to own the update flow.
        injectRegister: false,
        // The manifest is per station, so the server writes it from the station config at runtime.
        manifest: false,
        injectManifest: {
          globPatterns: [
            '**/*.{js,css,html}',
            'images/*.{svg,png}',
            // The one show image the app shows whatever the schedule: the fallback.
            'images/shows/fallback_400.jpg',
          ],
        },
      }),
  ],
  build: {
    outDir: 'dist',
    // The server ships dist as-is; source maps would only add weight for listeners.
    sourcemap: false,
    // dist/.vite/manifest.json: how bench/bundle.bench.ts finds the chunks each route needs.
    manifest: true,
    modulePreload: {
      // The entry imports the app once the prerendered screen is shown (main.tsx). Preloading the
      // app's ~20 chunks from there cost the first task after that paint 60 ms of link elements
      // (Lighthouse); the browser finds them as it loads the app, one round trip later, off the
      // first paint either way. Its stylesheet is still linked (a page sent without the prerender).
      resolveDependencies: (file, deps, { hostType }) =>
        hostType === 'js' && /(^|\/)start-app-[^/]+\.js$/.test(file)
          ? deps.filter((dep) => dep.endsWith('.css'))
          : deps,
    },
  },
  server: {
    proxy: {
      // ws for /api/realtime; the Host header is kept so the server's same-origin check passes.
      '/api': { target: API_ORIGIN, ws: true },
      '/demo': { target: API_ORIGIN, changeOrigin: true },
      '/manifest.webmanifest': { target: API_ORIGIN },
    },
  },
}));
