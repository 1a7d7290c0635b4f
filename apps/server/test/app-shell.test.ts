import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { INITIAL_DATA_ELEMENT_ID, initialDataSchema } from '@onair/core';
import { buildApp } from '../src/app.ts';
import { loadBundledSchedule } from '../src/bundled-schedule.ts';
import { loadConfig } from '../src/config.ts';
import { ArchiveRepo } from '../src/store/archive-repo.ts';
import { openDb, type Db } from '../src/store/db.ts';
import { ScheduleRepo } from '../src/store/schedule-repo.ts';

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta name="theme-color" content="#12061f" />
    <meta name="description" content="Live internet radio, around the clock." />
    <title>OnAir</title>
  </head>
  <body><div id="root"></div><script type="module" src="/assets/index-abc.js"></script></body>
</html>`;

const NAV_PATHS = ['/', '/schedule', '/chat', '/stats', '/no/such/page'];

interface Started {
  app: FastifyInstance;
  db: Db;
}
let started: Started | null = null;

/**
 * A build's screen prerender (apps/web/src/app/server-render.tsx) as the server loads it: a module
 * in dist/.server, and Vite's manifest of the client chunks. `body` is the module's renderScreen body.
 */
function writePrerender(dist: string, body: string): void {
  mkdirSync(join(dist, '.server'), { recursive: true });
  writeFileSync(
    join(dist, '.server', 'server-render.js'),
    `export async function renderScreen(url, data, locale) {\n${body}\n}\n`,
  );
  mkdirSync(join(dist, '.vite'), { recursive: true });
  const manifest = {
    'index.html': { file: 'assets/index-abc.js', imports: ['_shared.js'], css: ['assets/index-abc.css'] },
    '_shared.js': { file: 'assets/shared-1.js' },
    'src/app/start-app.tsx': {
      file: 'assets/start-app-2.js',
      imports: ['_shared.js', 'index.html'],
      css: ['assets/start-app-2.css'],
    },
    'src/features/schedule/ScheduleScreen.tsx': {
      file: 'assets/ScheduleScreen-3.js',
      imports: ['_shared.js'],
      css: ['assets/ScheduleScreen-3.css'],
    },
  };
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
}

async function start(
  station: Record<string, unknown> = {},
  prerender?: string,
  now?: () => Date,
): Promise<FastifyInstance> {
  const dir = mkdtempSync(join(tmpdir(), 'onair-shell-'));
  const dist = join(dir, 'dist');
  mkdirSync(join(dist, 'images'), { recursive: true });
  if (prerender) writePrerender(dist, prerender);
  writeFileSync(join(dist, 'index.html'), TEMPLATE);
  writeFileSync(join(dist, 'images', 'share-1200x630.jpg'), 'jpg');
  mkdirSync(join(dist, 'images', 'shows'));
  writeFileSync(join(dist, 'images', 'shows', 'DJ_Tadhg_400.jpg'), 'jpg');
  const stationFile = join(dir, 'station.json');
  writeFileSync(
    stationFile,
    JSON.stringify({
      name: 'Harbour FM',
      tagline: 'Tides & tunes',
      timeZone: 'Europe/Dublin',
      social: {},
      theme: { background: '#102030', accent: '#ff8800' },
      ...station,
    }),
  );
  const config = loadConfig({
    DATA_DIR: dir,
    WEB_DIST: dist,
    STATION_CONFIG: stationFile,
    LOG_LEVEL: 'silent',
  });
  const db = await openDb({ dataDir: config.dataDir });
  await new ScheduleRepo(db).seedIfEmpty(loadBundledSchedule(), new Date());
  const app = await buildApp(config, { db, pushTimer: false, ...(now ? { now } : {}) });
  started = { app, db };
  return app;
}

afterEach(async () => {
  await started?.app.close();
  await started?.db.destroy();
  started = null;
});

/** The inlined data block, parsed as the web app parses it. */
function initialData(html: string) {
  const match = new RegExp(
    `<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">(.*?)</script>`,
    's',
  ).exec(html);
  if (!match?.[1]) throw new Error('no initial data in the page');
  return initialDataSchema.parse(JSON.parse(match[1]));
}

describe('the app shell in index.html', () => {
  it('names the station and carries share previews on every navigation path', async () => {
    const app = await start();
    for (const url of NAV_PATHS) {
      const response = await app.inject({ url, headers: { accept: 'text/html', host: 'radio.example' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      const html = response.body;
      expect(html).toContain('<title>Harbour FM</title>');
      expect(html).toContain('<meta name="description" content="Tides &#38; tunes" />');
      expect(html).toContain('<meta name="theme-color" content="#102030" />');
      expect(html).not.toContain('#12061f');
      expect(html).not.toContain('around the clock');
      expect(html).toContain('<meta property="og:title" content="Harbour FM" />');
      expect(html).toContain('<meta property="og:description" content="Tides &#38; tunes" />');
      expect(html).toContain(
        '<meta property="og:image" content="http://radio.example/images/share-1200x630.jpg" />',
      );
      expect(html).toContain('<meta property="og:image:width" content="1200" />');
      expect(html).toContain('<meta property="og:image:height" content="630" />');
      expect(html).toContain(`<meta property="og:url" content="http://radio.example${url}" />`);
      expect(html).toContain(`<link rel="canonical" href="http://radio.example${url}" />`);
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
      expect(html).toContain('<div id="root">');
    }
  });

  it('answers link unfurlers (Accept */*, or none) with the page, not a 404', async () => {
    const app = await start();
    for (const headers of [{ accept: '*/*' }, {}, { accept: 'text/*;q=0.8' }]) {
      const response = await app.inject({ url: '/schedule', headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(200);
      expect(response.body).toContain('<meta property="og:title" content="Harbour FM" />');
    }
  });

  it('keeps JSON and 404s for API, stream and file paths, and for clients that refuse HTML', async () => {
    const app = await start();
    const cases = [
      { url: '/api/nope', accept: '*/*' },
      { url: '/demo/nope', accept: 'text/html' },
      { url: '/images/shows/missing.png', accept: 'image/avif,image/webp,*/*' },
      { url: '/schedule', accept: 'application/json' },
      { url: '/schedule', accept: 'text/html;q=0' },
    ];
    for (const { url, accept } of cases) {
      const response = await app.inject({ url, headers: { accept } });
      expect(response.statusCode, `${url} ${accept}`).toBe(404);
      expect(response.json()).toEqual({ error: 'Not found', code: 'not_found' });
    }
    expect((await app.inject({ url: '/api/station', headers: { accept: '*/*' } })).json()).toMatchObject({
      name: 'Harbour FM',
    });
  });

  it('never sends the bare template, even when asked for /index.html', async () => {
    const app = await start();
    const response = await app.inject({ url: '/index.html', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Harbour FM</title>');
  });

  it('inlines the station, the stored week and now-playing for the first render', async () => {
    const app = await start();
    const html = (await app.inject({ url: '/', headers: { accept: 'text/html' } })).body;
    const data = initialData(html);
    expect(data.station).toEqual((await app.inject('/api/station')).json());
    expect(data.schedule).toEqual((await app.inject('/api/schedule')).json());
    expect(data.nowPlaying).toEqual((await app.inject('/api/now-playing')).json());
    expect(data.showImages).toEqual(['/images/shows/DJ_Tadhg_400.jpg']);
  });

  it("renders the screen at the server's clock, the one the app hydrates with", async () => {
    const sundayNight = new Date('2026-11-29T23:59:00Z');
    const app = await start({}, undefined, () => sundayNight);
    const html = (await app.inject({ url: '/schedule', headers: { accept: 'text/html' } })).body;
    expect(initialData(html).renderedAtMs).toBe(sundayNight.getTime());
  });

  it('escapes a tagline that tries to close the script or the attribute', async () => {
    const tagline = '</script><script>alert(1)</script><!-- "quoted" \u2028 end';
    const app = await start({ name: 'Evil "FM" <b>', tagline });
    const html = (await app.inject({ url: '/', headers: { accept: 'text/html' } })).body;
    // The only script elements are the data block and the app's own module.
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<b>');
    expect(html).toContain('<title>Evil &#34;FM&#34; &#60;b&#62;</title>');
    expect(initialData(html).station.tagline).toBe(tagline);
  });

  it('preconnects to a stream host on another origin', async () => {
    const app = await start({
      streams: { standard: 'https://stream.example:8443/live', high: 'https://stream.example:8443/hq' },
      statusUrl: 'https://stream.example:8443/status-json.xsl',
    });
    const html = (await app.inject({ url: '/', headers: { accept: 'text/html' } })).body;
    expect(html.match(/rel="preconnect"/g)).toHaveLength(1);
    expect(html).toContain('<link rel="preconnect" href="https://stream.example:8443" crossorigin />');
  });
});

describe("an episode page's share preview", () => {
  const EPISODE = {
    id: '0123456789abcdef',
    show: 'Tide & Time',
    showSlug: 'tide-time',
    artist: 'DJ Tadhg',
    genre: 'House',
    image: '/images/shows/DJ_Tadhg_400.jpg',
    slotStartsAt: Date.parse('2026-06-01T17:00:00Z'),
    slotEndsAt: Date.parse('2026-06-01T19:00:00Z'),
    startsAt: Date.parse('2026-06-01T17:00:00Z'),
    endsAt: Date.parse('2026-06-01T19:00:00Z'),
    hidden: false,
  };
  const page = async (app: FastifyInstance, url: string) =>
    (await app.inject({ url, headers: { accept: 'text/html', host: 'radio.example' } })).body;

  it('names the episode, its image, its audio and the shared moment (?t=) in Open Graph tags', async () => {
    const app = await start(
      { archive: { episodes: true } },
      undefined,
      () => new Date('2026-06-02T09:00:00Z'),
    );
    await new ArchiveRepo((started as Started).db).addEpisode(EPISODE);
    const html = await page(app, `/episodes/${EPISODE.id}?t=754`);
    expect(html).toContain('<title>Tide &#38; Time · Harbour FM</title>');
    expect(html).toContain('<meta property="og:title" content="Tide &#38; Time" />');
    expect(html).toContain(
      '<meta property="og:description" content="Listen again: Tide &#38; Time with DJ Tadhg, as aired on Harbour FM Monday 1 June, 18:00." />',
    );
    expect(html).toContain(
      `<meta property="og:url" content="http://radio.example/episodes/${EPISODE.id}?t=754" />`,
    );
    expect(html).toContain(
      `<link rel="canonical" href="http://radio.example/episodes/${EPISODE.id}?t=754" />`,
    );
    expect(html).toContain(
      '<meta property="og:image" content="http://radio.example/images/shows/DJ_Tadhg_400.jpg" />',
    );
    expect(html).not.toContain('og:image:width');
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect(html).toContain(
      `<meta property="og:audio" content="http://radio.example/api/episodes/${EPISODE.id}/audio.mp3" />`,
    );
    expect(html).toContain('<meta property="og:audio:type" content="audio/mpeg" />');

    // A moment past the episode's end, or not whole seconds, is left out of the shared link.
    for (const t of ['7201', '12.5', '-3', 'abc']) {
      expect(await page(app, `/episodes/${EPISODE.id}?t=${t}`)).toContain(
        `<meta property="og:url" content="http://radio.example/episodes/${EPISODE.id}" />`,
      );
    }
  });

  it("shares a hidden, unknown or unpublished episode's page as the station, naming nothing of it", async () => {
    const app = await start(
      { archive: { episodes: true } },
      undefined,
      () => new Date('2026-06-02T09:00:00Z'),
    );
    const repo = new ArchiveRepo((started as Started).db);
    await repo.addEpisode({ ...EPISODE, hidden: true });
    for (const url of [
      `/episodes/${EPISODE.id}`,
      '/episodes/fedcba9876543210',
      '/episodes/NOT-AN-ID%22%3E',
    ]) {
      const html = await page(app, url);
      expect(html, url).toContain('<meta property="og:title" content="Harbour FM" />');
      expect(html, url).not.toContain('og:audio');
      expect(html, url).not.toContain('Tide &#38; Time');
    }
    await repo.hideEpisode(EPISODE.id, false);
    await started?.app.close();
    await started?.db.destroy();
    // A station whose file turns episodes off publishes none, so its pages share as the station.
    const closed = await start(
      { archive: { episodes: false } },
      undefined,
      () => new Date('2026-06-02T09:00:00Z'),
    );
    await new ArchiveRepo((started as Started).db).addEpisode(EPISODE);
    expect(await page(closed, `/episodes/${EPISODE.id}`)).not.toContain('og:audio');
  });
});

describe('the screen prerendered into the page', () => {
  const RENDER = `
    const chunks = ['src/app/start-app.tsx'];
    if (new URL(url).pathname === '/schedule') chunks.push('src/features/schedule/ScheduleScreen.tsx');
    return { html: '<main>' + data.station.name + ' at ' + new URL(url).pathname + '</main>', chunks };`;

  it('writes the screen into #root and links its stylesheets, not its scripts, ahead of the entry script', async () => {
    const app = await start({}, RENDER);
    const html = (await app.inject({ url: '/schedule?dialog=sleep-timer', headers: { accept: 'text/html' } }))
      .body;
    expect(html).toContain('<div id="root"><main>Harbour FM at /schedule</main></div>');
    const links = html.match(/<link rel="(?:stylesheet|modulepreload)"[^>]*>/g);
    // The scripts are asked for by the entry once the screen is shown: never ahead of the first paint.
    expect(links).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/start-app-2.css">',
      '<link rel="stylesheet" crossorigin href="/assets/ScheduleScreen-3.css">',
    ]);
    expect(html.indexOf('ScheduleScreen-3.css')).toBeLessThan(html.indexOf('<script type="module"'));
  });

  it("puts React's resource hints ahead of the entry script (in the built page's head), leaving #root to the screen the app hydrates", async () => {
    const app = await start(
      {},
      `return { html: '<main>Home</main>', hints: '<link rel="preload" as="image" href="/images/logo.svg"/>', chunks: [] };`,
    );
    const html = (await app.inject({ url: '/', headers: { accept: 'text/html' } })).body;
    expect(html).toContain('<div id="root"><main>Home</main></div>');
    const hint = html.indexOf('<link rel="preload" as="image" href="/images/logo.svg"/>');
    expect(hint).toBeGreaterThan(-1);
    expect(hint).toBeLessThan(html.indexOf('<script type="module"'));
  });

  it("answers /index.html, the service worker's neutral shell, with the station and neither a screen nor data", async () => {
    const app = await start({}, RENDER);
    // As the worker's precache asks for it.
    const response = await app.inject({ url: '/index.html?__WB_REVISION__=abc', headers: { accept: '*/*' } });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<title>Harbour FM</title>');
    expect(html).toContain('<meta name="theme-color" content="#102030" />');
    // An empty #root, which the app draws (not hydrates) on whatever path it is shown for.
    expect(html).toContain('<div id="root"></div>');
    // No week or track written in: the shell is kept for a whole release, they would be shown as current.
    expect(html).not.toContain(INITIAL_DATA_ELEMENT_ID);
    expect(html).not.toMatch(/ScheduleScreen|rel="stylesheet"/);
  });

  it('sends the page without the screen when the prerender fails: the script draws it', async () => {
    const app = await start({}, "throw new Error('no window on the server');");
    const response = await app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).toContain('<title>Harbour FM</title>');
  });

  it('starts and serves pages without it when the prerender module cannot be loaded', async () => {
    const app = await start(
      {},
      "import 'no-such-package-anywhere';\nexport async function renderScreen() {}",
    );
    const response = await app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
  });

  it('refuses a prerender whose answer is not markup and chunks, rather than writing it in', async () => {
    const app = await start({}, 'return { html: 42 };');
    const response = await app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
  });
});

describe('compression', () => {
  it('sends the page and JSON compressed to clients that take it, and plain to others', async () => {
    const app = await start();
    const page = await app.inject({
      url: '/',
      headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
    });
    expect(page.headers['content-encoding']).toBe('br');
    const schedule = await app.inject({ url: '/api/schedule', headers: { 'accept-encoding': 'gzip' } });
    expect(schedule.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(schedule.rawPayload).toString('utf8'))).toEqual(
      (await app.inject('/api/schedule')).json(),
    );
    const plain = await app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<title>Harbour FM</title>');
  });
});

describe('the page in the listener\'s language (README "Languages")', () => {
  const ECHO_LOCALE = "return { html: `<p>drawn in ${locale}</p>`, hints: '', chunks: [] };";

  it('prerenders in the Accept-Language it ships, with <html lang>, og:locale and Vary', async () => {
    const app = await start({}, ECHO_LOCALE);
    const response = await app.inject({
      url: '/schedule',
      headers: { accept: 'text/html', 'accept-language': 'fr-CH;q=0.4, de-AT, en;q=0.8' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['vary']).toBe('Accept-Language, Cookie');
    expect(response.body).toContain('<html lang="de" dir="ltr">');
    expect(response.body).toContain('<meta property="og:locale" content="de" />');
    expect(response.body).toContain('<div id="root"><p>drawn in de</p></div>');
  });

  it("takes the listener's own choice (the playfm_locale cookie) over the browser's languages", async () => {
    const app = await start({}, ECHO_LOCALE);
    const response = await app.inject({
      url: '/',
      headers: { accept: 'text/html', 'accept-language': 'de', cookie: 'a=1; playfm_locale=ga' },
    });
    expect(response.body).toContain('<html lang="ga" dir="ltr">');
    expect(response.body).toContain('<p>drawn in ga</p>');
  });

  it("falls back to the station's locale for languages it does not ship, and keeps it in the offline shell", async () => {
    const app = await start({ locale: 'ga' }, ECHO_LOCALE);
    const page = await app.inject({
      url: '/',
      headers: { accept: 'text/html', 'accept-language': 'ja, zh' },
    });
    expect(page.body).toContain('<html lang="ga" dir="ltr">');
    expect(page.body).toContain('<p>drawn in ga</p>');
    const shell = await app.inject({
      url: '/index.html',
      headers: { accept: 'text/html', cookie: 'playfm_locale=pt-BR' },
    });
    expect(shell.body).toContain('<html lang="pt-BR" dir="ltr">');
    expect(shell.body).toContain('<meta property="og:locale" content="pt_BR" />');
    expect(shell.headers['vary']).toBe('Accept-Language, Cookie');
  });

  it('refuses a station file whose locale is not shipped, naming the field', async () => {
    await expect(start({ locale: 'xx' })).rejects.toThrow(/locale/);
  });
});
