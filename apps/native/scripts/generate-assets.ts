// `npm run native:assets`: the apps' icons and splash screens, drawn from the station's logo
// (apps/web/public/images/logo.svg) on its theme background, at the sizes of the files the
// generated projects already hold. Run it after changing the logo or the colours and commit the
// result. Uses ffmpeg (with librsvg, as Debian builds it): @capacitor/assets needs sharp 0.32 and
// Capacitor CLI 5, which this Node 20 / Capacitor 7 project does not take on.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stationFileSchema } from '@onair/core';

const nativeDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(nativeDir, '../..');
const logo = resolve(repoRoot, 'apps/web/public/images/logo.svg');
const stationPath = resolve(process.env['STATION_CONFIG'] ?? resolve(repoRoot, 'station.config.json'));
const { theme } = stationFileSchema.parse(JSON.parse(readFileSync(stationPath, 'utf8')));

/** What share of the image's shorter side the logo takes. */
const LOGO_SHARE = {
  icon: 0.8,
  // Android's adaptive icon shows the middle 66 of 108 dp; the logo stays inside that circle.
  foreground: 0.58,
  splash: 0.45,
} as const;

function size(file: string): { width: number; height: number } {
  const out = execFileSync('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=width,height',
    '-of',
    'csv=p=0:s=x',
    file,
  ]);
  const [width, height] = out.toString().trim().split('x').map(Number);
  if (!width || !height) throw new Error(`cannot read the size of ${file}`);
  return { width, height };
}

function draw(file: string, kind: keyof typeof LOGO_SHARE, round = false): void {
  const { width, height } = size(file);
  const side = Math.round(Math.min(width, height) * LOGO_SHARE[kind]);
  const background = kind === 'foreground' ? 'black@0.0' : theme.background;
  const shape = round
    ? ",geq=r='r(X,Y)':g='g(X,Y)':b='b(X,Y)':a='if(lte(hypot(X-W/2+0.5,Y-H/2+0.5),W/2),255,0)'"
    : '';
  const pixels = kind === 'foreground' || round ? 'rgba' : 'rgb24';
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `color=c=${background}:s=${width}x${height},format=rgba`,
    '-width',
    String(side),
    '-height',
    String(side),
    '-i',
    logo,
    '-filter_complex',
    `[0][1]overlay=(W-w)/2:(H-h)/2:format=auto,format=rgba${shape},format=${pixels}`,
    '-frames:v',
    '1',
    '-update',
    '1',
    file,
  ]);
  console.log(`${kind}${round ? ' (round)' : ''} ${width}x${height} ${file.slice(nativeDir.length + 1)}`);
}

const res = resolve(nativeDir, 'android/app/src/main/res');
for (const dir of readdirSync(res)) {
  for (const name of readdirSync(join(res, dir))) {
    const file = join(res, dir, name);
    if (name === 'splash.png') draw(file, 'splash');
    else if (name === 'ic_launcher.png') draw(file, 'icon');
    else if (name === 'ic_launcher_round.png') draw(file, 'icon', true);
    else if (name === 'ic_launcher_foreground.png') draw(file, 'foreground');
  }
}
writeFileSync(
  join(res, 'values/ic_launcher_background.xml'),
  `<?xml version="1.0" encoding="utf-8"?>\n<resources>\n    <color name="ic_launcher_background">${theme.background.toUpperCase()}</color>\n</resources>\n`,
);
const assets = resolve(nativeDir, 'ios/App/App/Assets.xcassets');
draw(join(assets, 'AppIcon.appiconset/AppIcon-512@2x.png'), 'icon');
for (const name of readdirSync(join(assets, 'Splash.imageset')).filter((n) => n.endsWith('.png')))
  draw(join(assets, 'Splash.imageset', name), 'splash');
