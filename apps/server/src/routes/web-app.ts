import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  requestLocale,
  SHOW_IMAGE_DIR,
  type ErrorBody,
  type InitialData,
  type PublicStation,
  type ScheduleDocument,
} from '@onair/core';
import {
  acceptsHtml,
  isNavigationPath,
  renderAppShell,
  renderNeutralShell,
  type ScreenMarkup,
  type SharePreview,
} from './app-shell.ts';
import { loadScreenRenderer } from './screen-prerender.ts';

const NOT_BUILT =
  'The web app has not been built yet. Run `npm run build` (or `npm start`, which builds first).';

/**
 * True when any segment of the path starts with a dot (`/.env`, `/.git/config`, `/.vite/manifest.json`,
 * `/assets/%2Ehidden`), after percent-decoding as the file server would. None is ever served: the
 * build's own `.vite/` manifest is internal, and no public file of ours starts with a dot.
 */
function hasDotSegment(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path.split('/').some((segment) => {
    try {
      return decodeURIComponent(segment).startsWith('.');
    } catch {
      return true; // malformed escapes are never one of our files either
    }
  });
}

export interface WebAppOptions {
  webDist: string;
  station: PublicStation;
  /** The stored week, null when there is none or it cannot be read (the page then uses its own). */
  schedule: () => Promise<ScheduleDocument | null>;
  nowPlaying: () => InitialData['nowPlaying'];
  /** The server's clock: the prerendered screen shows what is on air at this moment. */
  now: () => Date;
  /** A page's own share preview (an episode's), or null for the station's. */
  sharePreview?: (path: string, query: URLSearchParams) => Promise<SharePreview | null>;
}

const HOST_HEADER = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The page's origin as the client reached it (X-Forwarded-* only from a trusted proxy); '' if implausible. */
function originOf(request: FastifyRequest): string {
  return HOST_HEADER.test(request.host) ? `${request.protocol}://${request.host}` : '';
}

/** The built web app: hashed assets cached for good, everything else revalidated, SPA fallback. */
export async function webAppRoutes(app: FastifyInstance, options: WebAppOptions): Promise<void> {
  const { webDist } = options;
  const built = existsSync(join(webDist, 'index.html'));
  // Before the file server and the SPA fallback alike, so a dot path is a plain 404 whatever it accepts.
  app.addHook('onRequest', async (request, reply) => {
    if (hasDotSegment(request.url))
      return reply.code(404).send({ error: 'Not found', code: 'not_found' } satisfies ErrorBody);
  });
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      // index.html is only ever sent with the station written in (below), never as the bare template.
      index: false,
      allowedPath: (path) => path !== '/' && path !== '/index.html',
      setHeaders(reply, filePath) {
        const immutable = filePath.startsWith(join(webDist, 'assets'));
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const renderer = built ? await loadScreenRenderer(webDist, app.log) : null;

  app.setNotFoundHandler(async (request, reply) => {
    const asked = request.url.split('?')[0] ?? '/';
    // The service worker's neutral shell (it precaches /index.html): the station, no screen.
    const shell = asked === '/index.html';
    const path = shell ? '/' : asked;
    // No `Vary: Accept`: the page is `no-cache` (never reused unrevalidated), and Workbox's precache
    // would then miss the shell for navigations, whose Accept differs from its own fetch's.
    if (request.method !== 'GET' || !isNavigationPath(path) || !acceptsHtml(request.headers.accept)) {
      return reply.code(404).send({ error: 'Not found', code: 'not_found' } satisfies ErrorBody);
    }
    if (!built) return reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
    // Client-side routes (/schedule, /chat, and unknown ones the router reports) all start from index.html.
    // Read per request (a few KB): a rebuild while the server runs never leaves it naming old assets.
    const template = await readFile(join(webDist, 'index.html'), 'utf8');
    // The listener's language (README "Languages"): the same URL answers in another one for another
    // listener, so caches key on what chose it.
    const locale = requestLocale(
      { cookie: request.headers.cookie, acceptLanguage: request.headers['accept-language'] },
      options.station.locale,
    );
    reply.header('vary', 'Accept-Language, Cookie');
    if (shell) {
      const page = { origin: originOf(request), path, locale };
      const html = renderNeutralShell(template, options.station, page);
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    }
    const query = new URLSearchParams(request.url.slice(asked.length + 1));
    const preview = await (options.sharePreview?.(path, query) ?? Promise.resolve(null)).catch(
      (error: unknown) => {
        request.log.warn({ err: error }, "the page's share preview could not be read; the station's is sent");
        return null;
      },
    );
    const page = { origin: originOf(request), path, preview, locale };
    const schedule = await options.schedule().catch(() => null);
    const showImages = await readdir(join(webDist, SHOW_IMAGE_DIR)).catch(() => []);
    const data: InitialData = {
      station: options.station,
      schedule,
      nowPlaying: options.nowPlaying(),
      showImages: showImages.map((name) => SHOW_IMAGE_DIR + name),
      renderedAtMs: options.now().getTime(),
    };
    let screen: ScreenMarkup | null = null;
    try {
      screen = renderer ? await renderer(request.url, data, locale) : null;
    } catch (error) {
      // The page still works without it: the browser renders the screen once its script runs.
      request.log.error({ err: error }, 'prerendering the screen failed; sending the page without it');
    }
    const html = renderAppShell(template, data, page, screen);
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}
