import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { extname, isAbsolute, relative } from 'node:path';
import type * as LinguiApiModule from '@lingui/cli/api';
import type { ExtractedMessage, LinguiConfigNormalized } from '@lingui/conf';
import type { Messages } from '@lingui/core';
import { parseAst, Visitor, type Plugin } from 'vite';

/*
 * Each catalog in two parts (README "Languages"). A page's first paint awaits only the messages of
 * the modules it runs: the page's entry and `firstPaint` (src/app/start-app.tsx), with everything they
 * import statically. The rest is a chunk of its own that the app loads after hydrating, and every
 * split-out chunk waits for it.
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
 * - Every `import('./…')` in the app's source becomes `loadChunk(() => import('./…'))`
 *   (lib/load-chunk.ts): a split-out chunk (a lazy route, dialog, the live player) runs once the
 *   catalog is whole, so it never shows a message id, and is tried again when it fails to arrive. Importing `firstPaint` itself is not wrapped: it is what loads the
 *   first part.
 * Elsewhere (Vite's dev server, the prerender's build, tests) the first part is the whole catalog and
 * the rest empty.
 */

export const CATALOG_PARTS = ['first-paint', 'rest'] as const;
export type CatalogPart = (typeof CATALOG_PARTS)[number];

const PART_QUERY = /^(.*\.po)\?catalog=(first-paint|rest)$/;
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

/** `code` with each of `imports` turned into `loadChunk(() => …)`, imported from `chunkModule`. */
export function wrapInLoadChunk(
  code: string,
  imports: readonly { start: number; end: number }[],
  chunkModule: string,
): string {
  let out = code;
  for (const { start, end } of [...imports].sort((a, b) => b.start - a.start)) {
    out = `${out.slice(0, start)}__loadChunk(() => ${out.slice(start, end)})${out.slice(end)}`;
  }
  return `import { loadChunk as __loadChunk } from ${JSON.stringify(chunkModule)};\n${out}`;
}

/**
 * `messages` cut in two: those `firstPaintIds` names, and the others. Throws, naming it, when a
 * first-paint message is not in the catalog: the first paint would show its id.
 */
export function splitMessages(
  messages: Messages,
  firstPaintIds: ReadonlySet<string>,
): Record<CatalogPart, Messages> {
  const parts: Record<CatalogPart, Messages> = { 'first-paint': {}, rest: {} };
  for (const id of firstPaintIds) {
    const message = messages[id];
    if (message === undefined) throw new Error(`The first paint uses message ${id}, which the catalog lacks`);
    parts['first-paint'][id] = message;
  }
  for (const [id, message] of Object.entries(messages)) if (!firstPaintIds.has(id)) parts.rest[id] = message;
  return parts;
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

/** A setting getConfig always fills in. */
function configured(value: string | undefined, name: string): string {
  if (!value) throw new Error(`lingui.config.ts was read without its ${name}`);
  return value;
}

const placeholder = (locale: string, part: CatalogPart) => `__onair_catalog__${part}__${locale}__`;
const PLACEHOLDER = /(["'`])__onair_catalog__(first-paint|rest)__([A-Za-z0-9-]+)__\1/g;

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
  const compiled = new Map<string, Messages>();
  let firstPaintIds: Set<string> | null = null;
  const inSource = (id: string) => !relative(srcDir, id).startsWith('..') && SOURCE.test(id);

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

  async function messageIds(file: string): Promise<string[]> {
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
    async load(id) {
      const [, file, part] = PART_QUERY.exec(id) ?? [];
      if (!file || !part) return null;
      const { locale, messages, sources } = await compileCatalog(file);
      for (const source of sources) this.addWatchFile(source);
      if (!split) {
        const whole = part === 'first-paint' ? messages : {};
        return {
          code: `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(whole))});`,
          moduleType: 'js',
        };
      }
      compiled.set(locale, messages);
      return {
        code: `export const messages = JSON.parse(${JSON.stringify(placeholder(locale, part as CatalogPart))});`,
        moduleType: 'js',
      };
    },
    async transform(code, id) {
      if (!split || !inSource(id) || id === catalogModule || !code.includes('import(')) return null;
      const imports = relativeDynamicImports(code, extname(id).slice(1).replace(/^[cm]/, '') as Lang);
      const wrapped = [];
      for (const found of imports) {
        if ((await this.resolve(found.specifier, id))?.id !== firstPaint) wrapped.push(found);
      }
      return wrapped.length === 0 ? null : { code: wrapInLoadChunk(code, wrapped, chunkModule), map: null };
    },
    async buildEnd() {
      if (!split) return;
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const graph = staticGraph([...entries, firstPaint], (id) => this.getModuleInfo(id)?.importedIds);
      const ids = await Promise.all(
        [...graph].filter((id) => isAbsolute(id) && inSource(id)).map(messageIds),
      );
      firstPaintIds = new Set(ids.flat());
    },
    renderChunk(code) {
      if (!split || !code.includes('__onair_catalog__')) return null;
      return code.replace(PLACEHOLDER, (_, _quote, part: CatalogPart, locale: string) => {
        const messages = compiled.get(locale);
        if (!messages || !firstPaintIds)
          throw new Error(`The ${locale} catalog's ${part} part was not compiled`);
        return JSON.stringify(JSON.stringify(splitMessages(messages, firstPaintIds)[part]));
      });
    },
  };
}
