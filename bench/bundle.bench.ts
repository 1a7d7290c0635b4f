import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Rollup } from 'vite';
import { z } from 'zod';

// Prints the gzip weight of the JavaScript each route needs before it can paint, from the built app
// (apps/web/dist and Vite's build manifest), next to the floor: the framework alone, built by the same
// Vite in the same run. A figure to watch, never a pass/fail on its own.

const REPO = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const DIST = join(REPO, 'apps/web/dist');
const TARGET_KB = 100;

const chunkSchema = z.object({
  file: z.string(),
  src: z.string().optional(),
  isEntry: z.boolean().optional(),
  isDynamicEntry: z.boolean().optional(),
  imports: z.array(z.string()).optional(),
  dynamicImports: z.array(z.string()).optional(),
  css: z.array(z.string()).optional(),
});
type Chunk = z.infer<typeof chunkSchema>;
const manifestSchema = z.record(z.string(), chunkSchema);

/** Routes whose screen is fetched on demand (router.tsx `lazy`), by the module that holds it. */
const LAZY_ROUTES: Record<string, string> = {
  '/chat': 'src/features/chat/ChatScreen.tsx',
  '/stats': 'src/features/stats/StatsScreen.tsx',
  '/schedule': 'src/features/schedule/ScheduleScreen.tsx',
};
const EAGER_ROUTES = ['/'];
/**
 * Home and /chat side by side from 1024 px (app/wide): fetched by a media query, never by a phone,
 * with the chat screen's chunk it draws beside the music. Its line is what a wide window loads on top
 * of Home's first paint.
 */
const WIDE_LAYOUT = {
  label: '/ (wide)',
  module: 'src/app/wide/WideHome.tsx',
  with: ['src/features/chat/ChatScreen.tsx'],
};
const APP_ENTRY = 'index.html';
/** The app itself: main.tsx imports it right after the first paint, and the server preloads it. */
const APP_MODULE = 'src/app/start-app.tsx';
/**
 * A language's compiled catalog, in parts (apps/web/vite-catalog-parts.ts): the messages of the
 * first paint's modules, awaited before Home hydrates; each split-out chunk's own messages, which that
 * chunk awaits before it draws, found through the language's index of parts; and the rest, which
 * comes with a language picked in the app.
 */
const catalogPart = (locale: string, part: 'first-paint' | 'rest' | 'parts') =>
  `src/locales/${locale}/messages.po?catalog=${part}`;
/** The part split-out `module` awaits (its key in the manifest, as the route's). */
const chunkCatalogPart = (locale: string, module: string) =>
  `src/locales/${locale}/messages.po?catalog=chunk&of=${module}`;
const CATALOG_PART = /^src\/locales\/[^/]+\/messages\.po\?catalog=/;
const ENGLISH_CATALOG = catalogPart('en', 'first-paint');
const ENGLISH_CATALOG_REST = catalogPart('en', 'rest');
const ENGLISH_PARTS_INDEX = catalogPart('en', 'parts');
/** Irish, the first station's language: Home's first paint in it, with its catalog's first part. */
const IRISH_CATALOG = catalogPart('ga', 'first-paint');
/** Pages built on their own (apps/web/vite.*.config.ts): their build manifest and entry. */
const OWN_BUILD_PAGES: Record<string, { manifest: string; entry: string }> = {
  '/embed': { manifest: '.vite/embed-manifest.json', entry: 'embed.html' },
};

function loadManifest(file = '.vite/manifest.json'): Record<string, Chunk> {
  const path = join(DIST, file);
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm run build\` first.`);
  return manifestSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
}

/** The chunk `key` and everything it imports statically, i.e. what must load before it runs. */
function staticClosure(manifest: Record<string, Chunk>, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The build manifest has no chunk ${key}`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

const gzipBytes = (file: string): number => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;
const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

function weigh(
  manifest: Record<string, Chunk>,
  keys: Iterable<string>,
): { js: number; css: number; files: string[] } {
  let js = 0;
  let css = 0;
  const files: string[] = [];
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) continue;
    js += gzipBytes(chunk.file);
    files.push(chunk.file);
    for (const sheet of chunk.css ?? []) css += gzipBytes(sheet);
  }
  return { js, css, files };
}

/**
 * The floor under any Home on this stack: React DOM's createRoot and React Router's data router
 * drawing one route, minified by the same Vite with the same React Router build as the app
 * (apps/web/vite.config.ts takes its production build), in gzip bytes.
 */
async function frameworkFloorBytes(): Promise<number> {
  const cache = join(REPO, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  // Inside the repository, so the entry resolves react and react-router as the app does.
  const dir = mkdtempSync(join(cache, 'onair-bundle-floor-'));
  try {
    const entry = join(dir, 'floor.js');
    writeFileSync(
      entry,
      `import { jsx } from 'react/jsx-runtime';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
const router = createBrowserRouter([{ path: '/', element: jsx('p', { children: 'On air' }) }]);
createRoot(document.getElementById('root')).render(jsx(RouterProvider, { router }));
`,
    );
    const reactRouter = join(
      dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
      'dist/production/index.mjs',
    );
    const built = (await build({
      configFile: false,
      root: dir,
      logLevel: 'silent',
      resolve: { alias: [{ find: /^react-router$/, replacement: reactRouter }] },
      build: { write: false, modulePreload: false, rollupOptions: { input: entry } },
    })) as Rollup.RollupOutput;
    return built.output.reduce(
      (bytes, file) => bytes + (file.type === 'chunk' ? gzipSync(file.code, { level: 9 }).length : 0),
      0,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runBundleBench(): Promise<void> {
  const manifest = loadManifest();
  const app = staticClosure(manifest, APP_MODULE, staticClosure(manifest, APP_ENTRY));
  // The page's language's catalog (its first part) is awaited before hydration (start-app.tsx):
  // English counts here.
  const shell = new Set(app);
  if (manifest[ENGLISH_CATALOG]) staticClosure(manifest, ENGLISH_CATALOG, shell);
  const first = weigh(manifest, shell);
  // What a split-out screen awaits on top of its own chunks: its part of the catalog, through the index.
  const catalogParts = (modules: readonly string[]) =>
    [ENGLISH_PARTS_INDEX, ...modules.map((module) => chunkCatalogPart('en', module))].filter(
      (key) => manifest[key],
    );

  console.log(`Bundle weight from ${DIST} (gzip -9)`);
  console.log(`${'route'.padEnd(12)} ${'JS gz'.padStart(10)} ${'CSS gz'.padStart(10)}  files`);
  for (const route of EAGER_ROUTES) {
    console.log(
      `${route.padEnd(12)} ${kb(first.js).padStart(10)} ${kb(first.css).padStart(10)}  ${first.files.join(', ')}`,
    );
  }
  if (manifest[IRISH_CATALOG]) {
    const irish = weigh(manifest, staticClosure(manifest, IRISH_CATALOG, new Set(app)));
    console.log(
      `${'/ (ga)'.padEnd(12)} ${kb(irish.js).padStart(10)} ${kb(irish.css).padStart(10)}  the same with Irish's catalog: ${manifest[IRISH_CATALOG]?.file}`,
    );
  }
  for (const [route, source] of Object.entries(LAZY_ROUTES)) {
    if (!manifest[source]) {
      console.log(`${route.padEnd(12)} (no chunk for ${source})`);
      continue;
    }
    const extra = [...staticClosure(manifest, source), ...catalogParts([source])].filter(
      (key) => !shell.has(key),
    );
    const more = weigh(manifest, extra);
    console.log(
      `${route.padEnd(12)} ${kb(first.js + more.js).padStart(10)} ${kb(first.css + more.css).padStart(10)}  first paint + ${more.files.join(', ')}`,
    );
  }
  if (manifest[WIDE_LAYOUT.module]) {
    const closure = new Set<string>();
    for (const module of [WIDE_LAYOUT.module, ...WIDE_LAYOUT.with]) staticClosure(manifest, module, closure);
    const extra = [...closure, ...catalogParts([WIDE_LAYOUT.module, ...WIDE_LAYOUT.with])].filter(
      (key) => !shell.has(key),
    );
    const more = weigh(manifest, extra);
    console.log(
      `${WIDE_LAYOUT.label.padEnd(12)} ${kb(first.js + more.js).padStart(10)} ${kb(first.css + more.css).padStart(10)}  first paint + ${more.files.join(', ')}`,
    );
    console.log(
      `wide layout (≥1024 px, chat beside the music): ${kb(more.js)} of JavaScript gz on top of Home's, none of it on a phone`,
    );
  } else {
    console.log(`${WIDE_LAYOUT.label.padEnd(12)} (no chunk for ${WIDE_LAYOUT.module})`);
  }
  for (const [route, { manifest: file, entry }] of Object.entries(OWN_BUILD_PAGES)) {
    const own = loadManifest(file);
    const page = weigh(own, staticClosure(own, entry));
    console.log(
      `${route.padEnd(12)} ${kb(page.js).padStart(10)} ${kb(page.css).padStart(10)}  own build: ${page.files.join(', ')}`,
    );
  }
  const onDemand = Object.entries(manifest)
    .filter(
      ([key, chunk]) =>
        chunk.isDynamicEntry &&
        key !== APP_MODULE &&
        !CATALOG_PART.test(key) &&
        key !== WIDE_LAYOUT.module &&
        !Object.values(LAZY_ROUTES).includes(key),
    )
    .map(([key, chunk]) => `${key} ${kb(gzipBytes(chunk.file))}`);
  if (onDemand.length > 0) console.log(`loaded later, off the first paint: ${onDemand.join('; ')}`);
  const screenParts = Object.keys(manifest).filter((key) => key.startsWith(chunkCatalogPart('en', '')));
  if (screenParts.length > 0) {
    const parts = weigh(manifest, screenParts);
    console.log(
      `English's catalog: first paint ${kb(weigh(manifest, [ENGLISH_CATALOG]).js)}; index of parts ${kb(weigh(manifest, [ENGLISH_PARTS_INDEX]).js)}; ${screenParts.length} split-out chunks' parts ${kb(parts.js)} in all; the rest (with a language picked in the app; offline, instead of a part) ${kb(weigh(manifest, [ENGLISH_CATALOG_REST]).js)}`,
    );
  }
  const floor = await frameworkFloorBytes();
  console.log(
    `floor: React DOM + React Router drawing one route, same Vite: ${kb(floor)}; Home is ×${(first.js / floor).toFixed(2)} the floor, ${kb(first.js - floor)} of its own`,
  );
  const verdict = first.js <= TARGET_KB * 1024 ? 'within' : 'OVER';
  console.log(
    `Home (the app that takes over its prerendered screen) needs ${kb(first.js)} of JavaScript gz: ${verdict} the ${TARGET_KB} KB target`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await runBundleBench();
