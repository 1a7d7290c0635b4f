import { i18n, type Messages } from '@lingui/core';

/*
 * Each locale's catalog in parts (README "Languages", apps/web/vite-catalog-parts.ts): the messages
 * of the modules the first paint runs (the entry and src/app/start-app.tsx, with all they import
 * statically), one part per split-out chunk (a `lazy` route, a lazy dialog, the live player…) with
 * the messages of the modules it adds, and the rest (every message not in the first part). The app
 * hydrates with the first part; a split-out chunk waits for its own part: the build loads each of the
 * app's `import('./…')` through `loadChunk` (lib/load-chunk.ts), which waits in `afterMessages`. So
 * no screen ever shows a message id. A language picked in the app comes whole (the first part and the
 * rest), so every screen already loaded speaks it.
 * Vite's dev server and the tests do not split: their first part is the whole catalog.
 */

/** One part of every shipped catalog, by locale: loads that part's compiled messages. */
export type PartLoaders = Readonly<Record<string, () => Promise<Messages>>>;
/**
 * Every shipped catalog's index of split-out chunks' parts, by locale: loads the index, a loader of
 * each chunk's part by chunk (its module, as `loadChunk` names it).
 */
export type PartIndexes = Readonly<Record<string, () => Promise<PartLoaders>>>;

/** The glob keys are the catalogs' paths; the locale is their folder. */
function byLocale<T>(loaders: Record<string, () => Promise<T>>): Readonly<Record<string, () => Promise<T>>> {
  return Object.fromEntries(
    Object.entries(loaders).map(([path, load]) => [/\/([^/]+)\/messages\.po$/.exec(path)?.[1] ?? path, load]),
  );
}

/** Loading and activating catalogs by parts, for `i18n`. */
export interface CatalogLoader {
  /** Loads the first part of `locale`'s catalog and makes it the one messages are read from. */
  activateFirstPaint(locale: string): Promise<void>;
  /** Loads the whole of `locale`'s catalog (both parts) and makes it the one messages are read from. */
  activateWhole(locale: string): Promise<void>;
  /**
   * `module` once the part of split-out `chunk` (its messages) of the language last asked for is in
   * Lingui, or that whole language is; until a language is asked for (the page's script is still
   * starting), it waits for that.
   */
  afterMessages<T>(module: Promise<T>, chunk: string): Promise<T>;
}

export function catalogLoader(parts: {
  firstPaint: PartLoaders;
  rest: PartLoaders;
  chunks: PartIndexes;
}): CatalogLoader {
  const firstParts = new Map<string, Promise<Messages>>();
  const wholes = new Map<string, Promise<void>>();
  const indexes = new Map<string, Promise<PartLoaders>>();
  /** Split-out chunks' parts loaded into Lingui, by locale and chunk. */
  const chunkParts = new Map<string, Promise<void>>();
  let asked: string | null = null;
  let firstAsked: () => void = () => {};
  const someAsked = new Promise<void>((resolve) => (firstAsked = resolve));

  function load<T>(loaders: Readonly<Record<string, () => Promise<T>>>, locale: string): Promise<T> {
    const part = loaders[locale];
    return part ? part() : Promise.reject(new Error(`No message catalog is built for ${locale}`));
  }
  function once<T>(cache: Map<string, Promise<T>>, locale: string, start: () => Promise<T>): Promise<T> {
    let promise = cache.get(locale);
    if (!promise) {
      promise = start();
      cache.set(locale, promise);
      // A failed load (offline) is tried again next time.
      promise.catch(() => cache.delete(locale));
    }
    return promise;
  }
  const firstPart = (locale: string) => once(firstParts, locale, () => load(parts.firstPaint, locale));
  // i18n.load merges into what the locale has: a part loaded twice, or after the whole, takes nothing away.
  const whole = (locale: string) =>
    once(wholes, locale, async () => {
      const [first, rest] = await Promise.all([firstPart(locale), load(parts.rest, locale)]);
      i18n.load(locale, { ...first, ...rest });
    });
  function ask(locale: string): void {
    asked = locale;
    firstAsked();
  }
  function activate(locale: string): void {
    if (i18n.locale !== locale) i18n.activate(locale);
  }

  const chunkPart = (chunk: string, locale: string) =>
    once(chunkParts, `${locale} ${chunk}`, async () => {
      let messages: Messages;
      try {
        const index = await once(indexes, locale, () => load(parts.chunks, locale));
        const part = index[chunk];
        if (!part) throw new Error(`No message catalog part is built for ${chunk}`);
        messages = await part();
      } catch (error) {
        // A part that did not arrive (a browser rejects it with a TypeError): offline, the service
        // worker has each catalog whole, not its parts (vite.config.ts). The whole holds the chunk's.
        if (!(error instanceof TypeError)) throw error;
        return whole(locale);
      }
      i18n.load(locale, messages);
    });

  async function messagesOf(chunk: string): Promise<void> {
    await someAsked;
    // Another language asked for meanwhile is activated whole, so the last one asked is the one to wait for.
    let locale: string | null;
    do {
      locale = asked;
      if (locale) await (wholes.get(locale) ?? chunkPart(chunk, locale));
    } while (locale !== asked);
  }

  return {
    async activateFirstPaint(locale) {
      ask(locale);
      i18n.load(locale, await firstPart(locale));
      activate(locale);
    },
    async activateWhole(locale) {
      ask(locale);
      await whole(locale);
      activate(locale);
    },
    afterMessages: (module, chunk) => Promise.all([module, messagesOf(chunk)]).then(([loaded]) => loaded),
  };
}

const catalogs = catalogLoader({
  firstPaint: byLocale(
    import.meta.glob<Messages>('../../locales/*/messages.po', {
      query: '?catalog=first-paint',
      import: 'messages',
    }),
  ),
  rest: byLocale(
    import.meta.glob<Messages>('../../locales/*/messages.po', { query: '?catalog=rest', import: 'messages' }),
  ),
  chunks: byLocale(
    import.meta.glob<PartLoaders>('../../locales/*/messages.po', {
      query: '?catalog=parts',
      import: 'parts',
    }),
  ),
});

/**
 * `afterMessages(module, chunk)`: `module` once the chunk's part of the catalog is in. Every split-out chunk's
 * `import()` waits in it (lib/load-chunk.ts, vite-catalog-parts.ts), so what the chunk draws finds its
 * messages.
 */
export const { activateFirstPaint, activateWhole, afterMessages } = catalogs;
