import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { extname, isAbsolute, join, relative, sep } from 'node:path';
import type * as LinguiApiModule from '@lingui/cli/api';
import type { ExtractedMessage, LinguiConfigNormalized } from '@lingui/conf';
import type { Messages } from '@lingui/core';
import { parseAst, Visitor, type Plugin, type Rollup } from 'vite';

/*
 * Each catalog in parts (README "Languages"). A page's first paint awaits only the messages of the
 * modules it runs: the page's entry and `firstPaint` (src/app/start-app.tsx), with everything they
 * import statically. Every split-out chunk (a lazy screen, a dialog, the live player) awaits its own
 * part: the messages of the modules it runs that the first paint does not. The whole catalog (the
 * first part and the rest, every other message) is what a language picked in the app loads.
 *
 * Why a build step rather than two Lingui catalogs with include lists, or Lingui's experimental
 * per-entry extractor: the split follows the module graph the build itself resolved, so a message
 * added to a first-paint file, or a file newly imported by one, lands in the first part with no list
 * to keep; and translators keep one PO file per language (adding a language stays "copy a catalog,
 * translate, run extract").
 *
 * What it does, in the app's client build only (`split`):
 * - `messages.po?catalog=first-paint` and `?catalog=rest` (lib/i18n/catalog.ts) are the catalog
 *   compiled as @lingui/vite-plugin compiles it, each holding a placeholder; once the build knows its
 *   module graph, the placeholders become the two halves: the ids that Lingui's own extractor finds in
 *   the first-paint modules, and all the others.
 * - Every `import('./X')` in the app's source becomes `loadChunk(() => import('./X'), 'src/…/X')`
 *   (lib/load-chunk.ts; X named relative to Lingui's rootDir, the app's folder): the chunk runs once
 *   its part, `messages.po?catalog=chunk&of=src/…/X`, is in: the ids found in the modules X imports
 *   statically, less the first part's. So it never shows a message id; it is tried again when it
 *   fails to arrive. Importing `firstPaint` itself is not wrapped: it is what loads the first part.
 *   A message used by several chunks is in each of their parts, so a screen loads one part
 *   (English: 18 KB gz over 29 parts, against 11 KB for the rest, `npm run bench:bundle`; the
 *   service worker precaches none of them).
 * - `messages.po?catalog=parts` is a locale's index of those parts: `import()`s of each, by chunk.
 *   It is loaded with the first chunk, not with the first paint: the first paint's code carries only
 *   the chunks' names, not seven locales' file names for each. The chunks are the targets of the
 *   `import()`s in the app's source files, found before the build reads any module (the index must
 *   list them when it is read); a chunk that was not found fails the build.
 * Elsewhere (Vite's dev server, the prerender's build, tests) the first part is the whole catalog, and
 * the rest and the index are empty.
 */

export type CatalogPart = 'first-paint' | 'rest';

/**
 * What the split-out chunks' parts are named (`catalog-part-<hash>.js`): the service worker leaves
 * them out of its precache (vite.config.ts), which holds each catalog whole (first part and rest);
 * offline, a chunk whose part is not at hand loads the whole catalog (lib/i18n/catalog.ts).
 */
export const CHUNK_PART_NAME = 'catalog-part';

const PART_QUERY = /^(.*\.po)\?catalog=(first-paint|rest|parts|chunk&of=(.+))$/;
const SOURCE = /\.[cm]?[jt]sx?$/;

type Lang = 'ts' | 'tsx' | 'js' | 'jsx';

/** The `import()` expressions of `code` (`lang`) with a relative, fixed specifier: where, and what. */
export function relativeDynamicImports(
  code: string,
  lang: Lang,
): { start: number; end: number; specifier: string }[] {
  const found: { start: number; end: number; specifier: string }[] = [];
  new Visitor({
    ImportExpression(node) {
      const source = node.source;
      const specifier =
        source.type === 'Literal' && typeof source.value === 'string'
          ? source.value
          : source.type === 'TemplateLiteral' && source.expressions.length === 0
            ? source.quasis[0]?.value.cooked
            : undefined;
      if (specifier?.startsWith('.')) found.push({ start: node.start, end: node.end, specifier });
    },
  }).visit(parseAst(code, { lang }));
  return found;
}

/**
 * `code` with each of `imports` turned into `loadChunk(() => …, chunk)`, `loadChunk` imported from
 * `chunkModule`.
 */
export function wrapInLoadChunk(
  code: string,
  imports: readonly { start: number; end: number; chunk: string }[],
  chunkModule: string,
): string {
  let out = code;
  for (const { start, end, chunk } of [...imports].sort((a, b) => b.start - a.start)) {
    out = `${out.slice(0, start)}__loadChunk(() => ${out.slice(start, end)}, ${JSON.stringify(chunk)})${out.slice(end)}`;
  }
  return `import { loadChunk as __loadChunk } from ${JSON.stringify(chunkModule)};\n${out}`;
}

/**
 * The messages `ids` names, for `user` (what uses them). Throws, naming it, when one is not in the
 * catalog: that screen would show its id.
 */
export function pickMessages(messages: Messages, ids: Iterable<string>, user: string): Messages {
  const picked: Messages = {};
  for (const id of ids) {
    const message = messages[id];
    if (message === undefined) throw new Error(`${user} uses message ${id}, which the catalog lacks`);
    picked[id] = message;
  }
  return picked;
}

/** `messages` cut in two: those `firstPaintIds` names, and the others. */
export function splitMessages(
  messages: Messages,
  firstPaintIds: ReadonlySet<string>,
): Record<CatalogPart, Messages> {
  const rest: Messages = {};
  for (const [id, message] of Object.entries(messages)) if (!firstPaintIds.has(id)) rest[id] = message;
  return { 'first-paint': pickMessages(messages, firstPaintIds, 'The first paint'), rest };
}

/**
 * The source of `catalog`'s index of parts (`catalog` the PO file, absolute): `parts`, by chunk, a
 * loader of the chunk's part.
 */
export function partsIndex(catalog: string, chunks: Iterable<string>): string {
  const loaders = [...chunks].map(
    (chunk) =>
      `  ${JSON.stringify(chunk)}: () => import(${JSON.stringify(`${catalog}?catalog=chunk&of=${chunk}`)}).then((part) => part.messages),`,
  );
  return `export const parts = {\n${loaders.join('\n')}\n};\n`;
}

/** The modules reached from `roots` by static imports (`importedIds`), roots included. */
export function staticGraph(
  roots: Iterable<string>,
  importedIds: (id: string) => readonly string[] | undefined,
): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(importedIds(id) ?? []));
  }
  return seen;
}

type LinguiApi = typeof LinguiApiModule;
type PluginContext = Rollup.PluginContext;

/** `cache`'s value for `key`, made by `make` the first time it is asked for. */
function cached<T>(cache: Map<string, T>, key: string, make: (key: string) => T): T {
  if (!cache.has(key)) cache.set(key, make(key));
  return cache.get(key) as T;
}

/** A setting getConfig always fills in. */
function configured(value: string | undefined, name: string): string {
  if (!value) throw new Error(`lingui.config.ts was read without its ${name}`);
  return value;
}

/** `part`: first-paint, rest, or `chunk<n>`, the n-th split-out chunk. */
const placeholder = (locale: string, part: string) => `__onair_catalog__${part}__${locale}__`;
const PLACEHOLDER = /(["'`])__onair_catalog__(first-paint|rest|chunk\d+)__([A-Za-z0-9-]+)__\1/g;

export function catalogParts(options: {
  /** lingui.config.ts, absolute. */
  linguiConfig: LinguiConfigNormalized;
  /** Split (the app's client build), or not (the first part is the whole catalog). */
  split: boolean;
  /** The app's source folder, absolute: only its modules are wrapped and searched for messages. */
  srcDir: string;
  /** What the first paint runs besides the page's entry, absolute (src/app/start-app.tsx). */
  firstPaint: string;
  /** The module that loads the catalog's parts, absolute (src/lib/i18n/catalog.ts): never wrapped. */
  catalogModule: string;
  /** The module that exports `loadChunk`, absolute (src/lib/load-chunk.ts). */
  chunkModule: string;
}): Plugin {
  const { linguiConfig, split, srcDir, firstPaint, catalogModule, chunkModule } = options;
  const { fallbackLocales, pseudoLocale } = linguiConfig;
  const rootDir = configured(linguiConfig.rootDir, 'rootDir');
  const sourceLocale = configured(linguiConfig.sourceLocale, 'sourceLocale');
  // CommonJS, and its `extractor` is not seen by Node's named-export detection.
  const lingui = createRequire(import.meta.url)('@lingui/cli/api') as LinguiApi;
  const compilations = new Map<string, ReturnType<typeof compileCatalog>>();
  const compiled = new Map<string, Messages>();
  /** The split-out chunks (their module, relative to rootDir), found in buildStart. */
  const chunks: string[] = [];
  let firstPaintIds: Set<string> | null = null;
  /** Each split-out chunk's own messages, by chunk (`chunks`). */
  const chunkIds = new Map<string, Set<string>>();
  const inSource = (id: string) => !relative(srcDir, id).startsWith('..') && SOURCE.test(id);
  /** A module's name in a part's query: relative to rootDir, with forward slashes. */
  const chunkName = (id: string) => relative(rootDir, id).split(sep).join('/');

  /**
   * The `import()`s of `code` (module `id`) that load a split-out chunk, each with the chunk's name:
   * the app's relative ones, but for the first paint's.
   */
  async function chunkImports(
    context: PluginContext,
    code: string,
    id: string,
  ): Promise<{ start: number; end: number; chunk: string }[]> {
    if (!inSource(id) || id === catalogModule || !code.includes('import(')) return [];
    const found = [];
    for (const imported of relativeDynamicImports(code, extname(id).slice(1).replace(/^[cm]/, '') as Lang)) {
      const target = (await context.resolve(imported.specifier, id))?.id;
      if (target && target !== firstPaint) found.push({ ...imported, chunk: chunkName(target) });
    }
    return found;
  }

  /** `file` compiled, once per build. */
  const compiledCatalog = (file: string) => cached(compilations, file, compileCatalog);

  /** `file` compiled, and the PO files it is compiled from (itself, its fallbacks): Vite watches them. */
  async function compileCatalog(
    file: string,
  ): Promise<{ locale: string; messages: Messages; sources: string[] }> {
    const found = lingui.getCatalogForFile(relative(rootDir, file), await lingui.getCatalogs(linguiConfig));
    if (!found) throw new Error(`${file} is none of lingui.config.ts's catalogs`);
    const { locale, catalog } = found;
    const sources = await lingui.getCatalogDependentFiles(catalog, locale);
    const { messages, missing } = await catalog.getTranslations(locale, {
      fallbackLocales: fallbackLocales || {},
      sourceLocale,
    });
    // As @lingui/vite-plugin's failOnMissing and failOnCompileError (vite.config.ts).
    if (locale !== pseudoLocale && missing.length > 0) {
      throw new Error(lingui.createMissingErrorMessage(locale, missing, 'loader'));
    }
    const { source, errors } = lingui.createCompiledCatalog(locale, messages, {
      namespace: 'json',
      pseudoLocale,
    });
    if (errors.length > 0) throw new Error(lingui.createCompilationErrorMessage(locale, errors));
    return {
      locale,
      messages: (JSON.parse(source) as { messages: Messages }).messages,
      sources: [file, ...sources],
    };
  }

  const extracted = new Map<string, Promise<string[]>>();
  const messageIds = (file: string) => cached(extracted, file, extractIds);

  async function extractIds(file: string): Promise<string[]> {
    const code = await readFile(file, 'utf8');
    if (!code.includes('@lingui/')) return [];
    const ids: string[] = [];
    await lingui.extractor.extract(file, code, (message: ExtractedMessage) => ids.push(message.id), {
      linguiConfig,
    });
    return ids;
  }

  return {
    name: 'onair-catalog-parts',
    enforce: 'pre',
    async buildStart() {
      if (!split) return;
      // The app's source files, tests aside: the chunks they load are the index's (see above).
      const files = (await readdir(srcDir, { recursive: true }))
        .map((file) => join(srcDir, file))
        .filter((file) => inSource(file) && !/\.test\.[^/]+$/.test(file));
      for (const file of files) {
        for (const { chunk } of await chunkImports(this, await readFile(file, 'utf8'), file)) {
          if (!chunks.includes(chunk)) chunks.push(chunk);
        }
      }
    },
    outputOptions(output) {
      if (!split) return null;
      // A chunk's part is named for what it is (CHUNK_PART_NAME), not after its screen's module.
      const named = output.chunkFileNames;
      return {
        ...output,
        chunkFileNames: (chunk) => {
          const pattern = typeof named === 'function' ? named(chunk) : (named ?? '[name]-[hash].js');
          const ofChunk = PART_QUERY.exec(chunk.facadeModuleId ?? '')?.[3];
          return ofChunk === undefined ? pattern : pattern.replace('[name]', CHUNK_PART_NAME);
        },
      };
    },
    async load(id) {
      const [, file, query, chunk] = PART_QUERY.exec(id) ?? [];
      if (!file || !query) return null;
      if (query === 'parts') {
        return { code: split ? partsIndex(file, chunks) : 'export const parts = {};', moduleType: 'js' };
      }
      // Built, every part is cut from one compilation; Vite's dev server compiles afresh (a PO file edited).
      const { locale, messages, sources } = await (split ? compiledCatalog(file) : compileCatalog(file));
      for (const source of sources) this.addWatchFile(source);
      if (!split) {
        const whole = query === 'first-paint' ? messages : {};
        return {
          code: `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(whole))});`,
          moduleType: 'js',
        };
      }
      compiled.set(locale, messages);
      const part = chunk === undefined ? query : `chunk${chunks.indexOf(chunk)}`;
      return {
        code: `export const messages = JSON.parse(${JSON.stringify(placeholder(locale, part))});`,
        moduleType: 'js',
      };
    },
    async transform(code, id) {
      if (!split) return null;
      const imports = await chunkImports(this, code, id);
      for (const { chunk } of imports) {
        if (!chunks.includes(chunk))
          throw new Error(`${id} loads ${chunk}, which the scan of ${srcDir} missed`);
      }
      return imports.length === 0 ? null : { code: wrapInLoadChunk(code, imports, chunkModule), map: null };
    },
    async buildEnd() {
      if (!split) return;
      const importedIds = (id: string) => this.getModuleInfo(id)?.importedIds;
      const ownIds = async (modules: Iterable<string>) =>
        new Set(
          (
            await Promise.all([...modules].filter((id) => isAbsolute(id) && inSource(id)).map(messageIds))
          ).flat(),
        );
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const firstPaintGraph = staticGraph([...entries, firstPaint], importedIds);
      const firstIds = await ownIds(firstPaintGraph);
      firstPaintIds = firstIds;
      for (const chunk of chunks) {
        const graph = staticGraph([join(rootDir, chunk)], importedIds);
        const ids = await ownIds([...graph].filter((id) => !firstPaintGraph.has(id)));
        chunkIds.set(chunk, new Set([...ids].filter((id) => !firstIds.has(id))));
      }
    },
    renderChunk(code) {
      if (!split || !code.includes('__onair_catalog__')) return null;
      return code.replace(PLACEHOLDER, (_, _quote, part: string, locale: string) => {
        const messages = compiled.get(locale);
        if (!messages || !firstPaintIds)
          throw new Error(`The ${locale} catalog's ${part} part was not compiled`);
        if (part === 'first-paint' || part === 'rest') {
          return JSON.stringify(JSON.stringify(splitMessages(messages, firstPaintIds)[part]));
        }
        const chunk = chunks[Number(part.slice('chunk'.length))] ?? '';
        const ids = chunkIds.get(chunk);
        if (!ids) throw new Error(`The ${locale} catalog's part for ${chunk} was not cut`);
        return JSON.stringify(JSON.stringify(pickMessages(messages, ids, chunk)));
      });
    },
  };
}
