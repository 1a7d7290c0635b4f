import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stationFileSchema } from '@onair/core';
import { SHARE_IMAGE } from '../../apps/server/src/routes/app-shell.ts';
import { launchBrowser } from '../fixtures/browser.ts';

// `npm run share-image`: draws the link-preview image (Open Graph / Twitter, 1200×630) from the
// station's logo and theme colours with the same headless Chromium the tests use, into the web
// app's public images. Run it again after changing the logo or the colours, and commit the PNG.

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const stationPath = resolve(process.env.STATION_CONFIG ?? resolve(ROOT, 'station.config.json'));
const station = stationFileSchema.parse(JSON.parse(readFileSync(stationPath, 'utf8')));
const logo = readFileSync(resolve(ROOT, 'apps/web/public/images/logo.svg')).toString('base64');
const out = resolve(ROOT, 'apps/web/public', `.${SHARE_IMAGE.path}`);
const { background, accent } = station.theme;

const html = `<!doctype html><html><body style="margin:0">
<div style="width:${SHARE_IMAGE.width}px;height:${SHARE_IMAGE.height}px;display:grid;place-items:center;
  background:radial-gradient(circle at 50% 55%, ${accent}66 0, transparent 55%),
             linear-gradient(135deg, ${background} 0%, ${accent}33 50%, ${background} 100%), ${background}">
  <img src="data:image/svg+xml;base64,${logo}" width="420" height="420" alt="">
</div></body></html>`;

const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: SHARE_IMAGE.width, height: SHARE_IMAGE.height } });
  await page.setContent(html);
  writeFileSync(out, await page.screenshot({ type: 'jpeg', quality: 88 }));
  console.log(`Wrote ${out}`);
} finally {
  await browser.close();
}
