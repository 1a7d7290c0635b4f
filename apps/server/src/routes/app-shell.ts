import {
  INITIAL_DATA_ELEMENT_ID,
  localeDirection,
  type InitialData,
  type Locale,
  type PublicStation,
} from '@onair/core';

/**
 * The share image (committed, made by `npm run share-image` from the station's logo and colours).
 * JPEG: a tenth of the PNG's weight for a soft gradient, and outside the service worker's precache
 * of `images/*.png` (listeners never need it; link unfurlers fetch it).
 */
export const SHARE_IMAGE = {
  path: '/images/share-1200x630.jpg',
  type: 'image/jpeg',
  width: 1200,
  height: 630,
} as const;

const TITLE_TAG = /<title>[^<]*<\/title>/;
const HTML_TAG = /<html[^>]*>/;
const ROOT_ELEMENT = '<div id="root"></div>';
const ENTRY_SCRIPT = /<script type="module"/;
// The template's own placeholders for these two are replaced by the station's (white-label build).
const TEMPLATE_META = /\s*<meta name="(?:description|theme-color)" content="[^"]*" \/>/g;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * JSON that is safe inside `<script type="application/json">`: no `<` can close the element or open a
 * comment, and U+2028/2029 stay escaped. JSON.parse reads the `\u` escapes back to the same text.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Origins of the station's streams other than the page's own, for `<link rel="preconnect">`. */
function foreignStreamOrigins(station: PublicStation): string[] {
  const origins = Object.values(station.streams).flatMap((url) => {
    try {
      return [new URL(url).origin];
    } catch {
      return []; // relative: the page's own origin, already connected
    }
  });
  return [...new Set(origins)];
}

export interface ShellPage {
  /** `https://radio.example` — the origin links in the page are made absolute with. */
  origin: string;
  /** The path asked for (no query), for the canonical URL. */
  path: string;
  /** The listener's language: `<html lang dir>` and `og:locale` (README "Languages"). */
  locale: Locale;
  /** What a shared link to this page shows (an episode's page), instead of the station's own preview. */
  preview?: SharePreview | null | undefined;
}

/** A page's own share preview; paths are made absolute with the page's origin. */
export interface SharePreview {
  title: string;
  description: string;
  /** The canonical path, with the query that matters (an episode's `?t=`). */
  url: string;
  /** A path or absolute URL; the station's share image when null. */
  image: string | null;
  audio: { url: string; type: string } | null;
}

/** A path made absolute with `origin`; an absolute http(s) URL is kept. */
function absolute(origin: string, pathOrUrl: string): string {
  return /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : origin + pathOrUrl;
}

/** A screen prerendered by the web app's own components, and the split-out assets it is drawn with. */
export interface ScreenMarkup {
  /** React's escaped markup for the inside of `#root`. */
  html: string;
  /** React's resource hints for the screen (`<link rel="preload" as="image" …/>`), for the head. */
  hints: string;
  /** Stylesheets of a split-out screen (`/assets/…css`), linked so the markup is styled at first paint. */
  stylesheets: string[];
}

/**
 * index.html as built by Vite, with the station's name, tagline and colours, the share preview tags
 * (Open Graph, Twitter), the first render's data and, when given, the prerendered screen written in.
 * Throws if the template has no title.
 */
export function renderAppShell(
  template: string,
  data: InitialData,
  page: ShellPage,
  screen: ScreenMarkup | null = null,
): string {
  const dataScript = `<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">${jsonForScript(data)}</script>`;
  const filled = withStationHead(template, data.station, page, dataScript);
  if (!screen) return filled;
  // Ahead of the entry script: placed after it, Chromium held the first paint up to a second longer.
  // The screen's scripts are not preloaded here: the entry asks for them (all at once) after the first
  // paint, so they never hold it back or share the slow link with what that paint needs.
  const screenAssets = screen.stylesheets.map(
    (href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`,
  );
  const hints = screen.hints === '' ? [] : [screen.hints];
  return filled
    .replace(ENTRY_SCRIPT, (script) => [...hints, ...screenAssets, script].join('\n    '))
    .replace(ROOT_ELEMENT, () => `<div id="root">${screen.html}</div>`);
}

/**
 * The service worker's neutral shell: index.html with the station's head and nothing else, for a
 * path it holds no copy of while the network is out. No screen (an empty `#root`, which the app
 * draws rather than hydrates, whatever the path) and no data: a week or a track written in at
 * install would be shown as current long after; the app reads what this device kept instead.
 */
export function renderNeutralShell(template: string, station: PublicStation, page: ShellPage): string {
  return withStationHead(template, station, page);
}

/** The template with the station's title, description, colours, share tags and stream preconnect. */
function withStationHead(
  template: string,
  station: PublicStation,
  page: ShellPage,
  ...extra: string[]
): string {
  if (!TITLE_TAG.test(template)) throw new Error('The built index.html has no <title> to replace');
  const { preview } = page;
  const name = escapeHtml(station.name);
  const title = preview ? escapeHtml(preview.title) : name;
  const description = escapeHtml(preview ? preview.description : station.tagline);
  const canonical = escapeHtml(page.origin + (preview ? preview.url : page.path));
  const ownImage = preview?.image ?? null;
  const image = escapeHtml(absolute(page.origin, ownImage ?? SHARE_IMAGE.path));
  // The station's share image is drawn for large cards; a show's square image is a small card.
  const imageFacts =
    ownImage === null
      ? [
          `<meta property="og:image:type" content="${SHARE_IMAGE.type}" />`,
          `<meta property="og:image:width" content="${SHARE_IMAGE.width}" />`,
          `<meta property="og:image:height" content="${SHARE_IMAGE.height}" />`,
        ]
      : [];
  const audio = preview?.audio
    ? [
        `<meta property="og:audio" content="${escapeHtml(absolute(page.origin, preview.audio.url))}" />`,
        `<meta property="og:audio:type" content="${escapeHtml(preview.audio.type)}" />`,
      ]
    : [];
  const head = [
    `<title>${preview ? `${title} · ${name}` : name}</title>`,
    `<meta name="description" content="${description}" />`,
    `<meta name="theme-color" content="${escapeHtml(station.theme.background)}" />`,
    `<link rel="canonical" href="${canonical}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:locale" content="${escapeHtml(page.locale.replace('-', '_'))}" />`,
    `<meta property="og:site_name" content="${name}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${canonical}" />`,
    `<meta property="og:image" content="${image}" />`,
    ...imageFacts,
    `<meta property="og:image:alt" content="${title}" />`,
    ...audio,
    `<meta name="twitter:card" content="${ownImage === null ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<meta name="twitter:image" content="${image}" />`,
    // The handshake with a foreign stream host is done before the listener taps Play. crossorigin:
    // the stream is fetched (MediaSource) in CORS mode, which uses the anonymous connection pool.
    ...foreignStreamOrigins(station).map(
      (origin) => `<link rel="preconnect" href="${escapeHtml(origin)}" crossorigin />`,
    ),
    ...extra,
  ].join('\n    ');
  return template
    .replace(TEMPLATE_META, '')
    .replace(HTML_TAG, () => `<html lang="${escapeHtml(page.locale)}" dir="${localeDirection(page.locale)}">`)
    .replace(TITLE_TAG, () => head);
}

/** Whether an Accept header admits an HTML answer (`text/html`, `text/*` or `*\/*` with q > 0); absent admits all. */
export function acceptsHtml(accept: string | undefined): boolean {
  if (accept === undefined || accept.trim() === '') return true;
  return accept.split(',').some((range) => {
    const [type = '', ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    if (type !== 'text/html' && type !== 'text/*' && type !== '*/*') return false;
    const q = params.find((param) => param.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** A path the app's router draws (`/`, `/schedule`, `/nope`), not a file (`/images/x.png`) or an API. */
export function isNavigationPath(path: string): boolean {
  if (path.startsWith('/api/') || path === '/api' || path.startsWith('/demo/')) return false;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !last.includes('.');
}
