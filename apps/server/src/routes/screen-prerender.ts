import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { InitialData, Locale } from '@onair/core';
import type { ScreenMarkup } from './app-shell.ts';

/** Where `npm run build` puts the web app's own prerender (apps/web/src/app/server-render.tsx). */
export const PRERENDER_MODULE = '.server/server-render.js';
const CLIENT_MANIFEST = '.vite/manifest.json';
/** The app's entry in Vite's manifest: index.html already links it and everything it imports. */
const ENTRY = 'index.html';

// `hints` is newer than `html` and `chunks`: a build without them has none.
const prerenderedSchema = z.object({
  html: z.string(),
  hints: z.string().default(''),
  chunks: z.array(z.string()),
});
const manifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    imports: z.array(z.string()).optional(),
    css: z.array(z.string()).optional(),
  }),
);
type Manifest = z.infer<typeof manifestSchema>;

export type ScreenRenderer = (url: string, data: InitialData, locale: Locale) => Promise<ScreenMarkup>;

/** The stylesheets a split-out screen's chunk needs, with those of what it imports (`seen`: skipped). */
function chunkAssets(manifest: Manifest, key: string, into: ScreenMarkup, seen: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return;
  seen.add(key);
  for (const sheet of chunk.css ?? []) into.stylesheets.push(`/${sheet}`);
  for (const imported of chunk.imports ?? []) chunkAssets(manifest, imported, into, seen);
}

/**
 * The screen prerenderer of a built web app, or null when the build has none (an older build, a
 * WEB_DIST without it): the page is then sent as before and drawn by its script alone.
 */
export async function loadScreenRenderer(
  webDist: string,
  log: FastifyBaseLogger,
): Promise<ScreenRenderer | null> {
  const file = join(webDist, PRERENDER_MODULE);
  if (!existsSync(file)) return null;
  let renderScreen: (url: string, data: InitialData, locale: Locale) => Promise<unknown>;
  let manifest: Manifest;
  try {
    const loaded: unknown = await import(pathToFileURL(file).href);
    ({ renderScreen } = z
      .object({ renderScreen: z.custom<typeof renderScreen>((value) => typeof value === 'function') })
      .parse(loaded));
    manifest = manifestSchema.parse(JSON.parse(await readFile(join(webDist, CLIENT_MANIFEST), 'utf8')));
  } catch (error) {
    // The module, or the build's manifest beside it, is missing or broken: the pages still work.
    log.error(
      { err: error },
      `${PRERENDER_MODULE} cannot be loaded; pages are sent without their screen prerendered`,
    );
    return null;
  }
  // What index.html already links, the same for every page: worked out once, skipped per page.
  const linkedByEntry = new Set<string>();
  chunkAssets(manifest, ENTRY, { html: '', hints: '', stylesheets: [] }, linkedByEntry);
  return async (url, data, locale) => {
    // Only the path and query matter to the router; the origin is a placeholder.
    const { html, hints, chunks } = prerenderedSchema.parse(
      await renderScreen(new URL(url, 'http://prerender').href, data, locale),
    );
    const screen: ScreenMarkup = { html, hints, stylesheets: [] };
    const linked = new Set(linkedByEntry);
    for (const chunk of chunks) chunkAssets(manifest, chunk, screen, linked);
    return screen;
  };
}
