import type { StationFile } from '@onair/core';
import { NATIVE_LOCALES, NATIVE_TEXTS, pickNativeLocale } from './native-strings.ts';

const html = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON safe inside a <script> element (no `</script>` or `<!--` can close it). */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The one page bundled in the apps (Capacitor's `errorPath`): shown when the station's web app
 * cannot be loaded, typically no network at launch. It names the station in its colours and
 * retries; everything else comes from the station's server. Its two sentences come in the phone's
 * language (`navigator.languages`, see native-strings.ts), English in the markup until the script runs.
 */
export function offlinePage(station: StationFile, appUrl: string): string {
  const { background, accent } = station.theme;
  const name = html(station.name);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<title>${name}</title>
<style>
  html, body { margin: 0; height: 100%; background: ${background}; color: #fff; font-family: system-ui, sans-serif; }
  main { min-height: 100%; display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 1rem; padding: 2rem; box-sizing: border-box; text-align: center; }
  img { width: 9rem; height: auto; }
  h1 { font-size: 1.4rem; margin: 0; }
  p { margin: 0; opacity: .85; }
  a { background: ${accent}; color: #fff; padding: .8rem 1.6rem; border-radius: 999px; text-decoration: none; font-weight: 600; }
  a:focus-visible { outline: 3px solid #fff; outline-offset: 3px; }
</style>
</head>
<body>
<main>
  <img src="logo.svg" alt="">
  <h1>${name}</h1>
  <p>${html(station.tagline)}</p>
  <p role="status" data-text="offline">${html(NATIVE_TEXTS.en.offline)}</p>
  <a href="${html(appUrl)}" data-text="tryAgain">${html(NATIVE_TEXTS.en.tryAgain)}</a>
</main>
<script>
  (function () {
    var texts = ${scriptJson(NATIVE_TEXTS)};
    var pick = ${pickNativeLocale.toString()};
    var locale = pick(navigator.languages || [navigator.language], ${scriptJson(NATIVE_LOCALES)});
    document.documentElement.lang = locale;
    document.querySelectorAll('[data-text]').forEach(function (element) {
      element.textContent = texts[locale][element.getAttribute('data-text')];
    });
  })();
</script>
</body>
</html>
`;
}
