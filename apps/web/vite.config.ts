import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import linguiMacro from '@lingui/babel-plugin-lingui-macro';
import { getConfig } from '@lingui/conf';
import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { defineConfig, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { catalogParts, CHUNK_PART_NAME } from './vite-catalog-parts.ts';

type ChunkingContext = Rolldown.ChunkingContext;

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

/** The page's entry (index.html's script) and the app it imports once the prerendered screen is shown. */
const PAGE_ENTRY = fileURLToPath(new URL('./src/app/main.tsx', import.meta.url));
const APP_MODULE = fileURLToPath(new URL('./src/app/start-app.tsx', import.meta.url));

/** @onair/core's index: it only re-exports core's modules. */
const CORE_INDEX = fileURLToPath(new URL('../../packages/core/src/index.ts', import.meta.url));
/** `import { a, b as c } from '@onair/core'` in a module's transformed code (types already gone). */
const IMPORT_FROM_CORE = /import\s*\{([^}]*)\}\s*from\s*["']@onair\/core["']/g;

/**
 * `from` and every module it imports statically, by id. Through @onair/core's index only the core
 * modules that export a name taken from it: the index re-exports all of core, most of which a given
 * module never uses (and the bundler drops).
 */
function staticImports(from: string, ctx: ChunkingContext): Set<string> {
  const reached = new Set<string>();
  const namesFromCore = new Set<string>();
  const visit = (id: string): void => {
    if (reached.has(id)) return;
    reached.add(id);
    const info = ctx.getModuleInfo(id);
    for (const [, names = ''] of info?.code?.matchAll(IMPORT_FROM_CORE) ?? []) {
      for (const name of names.split(',')) {
        const imported = name.trim().split(/\s+as\s+/)[0];
        if (imported) namesFromCore.add(imported);
      }
    }
    for (const imported of info?.importedIds ?? []) {
      // A module imported on demand anywhere (zod's English messages) keeps its own chunk.
      if (imported !== CORE_INDEX && !ctx.getModuleInfo(imported)?.dynamicImporters.length) visit(imported);
    }
  };
  visit(from);
  // A core module reached may take more names from the index in turn: until none is added.
  for (let before = -1; before !== reached.size;) {
    before = reached.size;
    for (const module of ctx.getModuleInfo(CORE_INDEX)?.importedIds ?? []) {
      if (ctx.getModuleInfo(module)?.exports.some((name) => namesFromCore.has(name))) visit(module);
    }
  }
  return reached;
}

/**
 * Vite's own helpers (the preload every `import()` goes through, the modulepreload polyfill), in a
 * chunk of their own: the shell's modules use them too, and a group takes its modules' dependencies
 * along, so they landed in `app-shell` and the entry (main.tsx) waited for the whole shell before it
 * could keep the first taps on the prerendered screen (a Play tapped then was lost).
 */
const VITE_HELPERS_CHUNK: Rolldown.CodeSplittingGroup = { name: 'vite-helpers', test: /^\0vite\// };

/**
 * What the app (start-app.tsx) imports statically, in one chunk, `app-shell`, beside the app's own.
 * Left to itself the bundler cuts what the app shares with a lazy screen into some 35 chunks of a
 * few hundred bytes each: each one a request, compressed on its own, which cost Home's first paint
 * about 9 KB of gzip (`npm run bench:bundle`). Every screen loads after the app, so none loads more
 * for it. The entry's own modules (main.tsx's) stay in the entry.
 */
function appShellChunk(): Rolldown.CodeSplittingGroup {
  let shell: Set<string> | undefined;
  return {
    debugName: 'app-shell',
    name: (id, ctx) => {
      if (!shell) {
        const entry = staticImports(PAGE_ENTRY, ctx);
        shell = new Set([...staticImports(APP_MODULE, ctx)].filter((module) => !entry.has(module)));
        shell.delete(APP_MODULE);
      }
      return shell.has(id) ? 'app-shell' : null;
    },
  };
}

/**
 * `split`: each catalog is built in parts, what the first paint needs, each split-out chunk's own
 * and the rest (vite-catalog-parts.ts); only in the app's client build.
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
      chunkModule: join(src, 'lib/load-chunk.ts'),
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
          // Not each screen's part of each catalog (vite-catalog-parts.ts): some 150 KB gz in all,
          // their messages a second time, since each catalog is precached whole, which a screen
          // loads offline instead. (Workbox's own default is the first.)
          globIgnores: ['**/node_modules/**/*', `**/${CHUNK_PART_NAME}-*.js`],
        },
      }),
  ],
  build: {
    outDir: 'dist',
    // The server ships dist as-is; source maps would only add weight for listeners.
    sourcemap: false,
    // dist/.vite/manifest.json: how bench/bundle.bench.ts finds the chunks each route needs.
    manifest: true,
    ...(isSsrBuild
      ? {}
      : {
          rolldownOptions: { output: { codeSplitting: { groups: [VITE_HELPERS_CHUNK, appShellChunk()] } } },
        }),
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
