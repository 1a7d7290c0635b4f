// `npm run native:sync`, first step: build what the apps bundle (the offline page) and write the
// station's name and id, in each of the apps' languages, into the committed projects; then `cap sync` copies and wires the rest.
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stationFileSchema } from '@onair/core';
import { NATIVE_OFFLINE_PAGE, NATIVE_WEB_DIR, nativeAppConfig } from '../src/native-config.ts';
import {
  androidLocaleStrings,
  androidValuesDir,
  iosInfoPlistStrings,
  iosLprojDir,
  NATIVE_LOCALES,
} from '../src/native-strings.ts';
import { offlinePage } from '../src/offline-page.ts';
import {
  stationIdentity,
  withAndroidApplicationId,
  withAndroidStrings,
  withIosBundleId,
  withIosDisplayName,
  type StationIdentity,
} from '../src/station-identity.ts';

const nativeDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(nativeDir, '../..');
const stationPath = resolve(process.env['STATION_CONFIG'] ?? resolve(repoRoot, 'station.config.json'));
const parsed = stationFileSchema.safeParse(JSON.parse(readFileSync(stationPath, 'utf8')));
if (!parsed.success) throw new Error(`Invalid station config ${stationPath}: ${parsed.error.message}`);
const station = parsed.data;
const config = nativeAppConfig(station, { ONAIR_APP_URL: process.env['ONAIR_APP_URL'] });

const webDir = resolve(nativeDir, NATIVE_WEB_DIR);
mkdirSync(webDir, { recursive: true });
const page = offlinePage(station, config.server?.url ?? '');
writeFileSync(resolve(webDir, NATIVE_OFFLINE_PAGE), page);
// Capacitor wants an index.html in the web directory; the apps never show it (they load server.url).
writeFileSync(resolve(webDir, 'index.html'), page);
copyFileSync(resolve(repoRoot, 'apps/web/public/images/logo.svg'), resolve(webDir, 'logo.svg'));

const identity = stationIdentity(station);
const rewrite = (path: string, change: (text: string, id: StationIdentity) => string) => {
  const file = resolve(nativeDir, path);
  const before = readFileSync(file, 'utf8');
  const after = change(before, identity);
  if (after !== before) writeFileSync(file, after);
};
rewrite('android/app/src/main/res/values/strings.xml', withAndroidStrings);
rewrite('android/app/build.gradle', withAndroidApplicationId);
rewrite('ios/App/App/Info.plist', withIosDisplayName);
rewrite('ios/App/App.xcodeproj/project.pbxproj', withIosBundleId);
// The languages the apps speak (src/native-strings.ts): Android's translated strings, and on iOS the
// name per localisation, whose presence makes the system's prompts (notifications) speak it too.
const writeIfChanged = (path: string, text: string) => {
  const file = resolve(nativeDir, path);
  mkdirSync(dirname(file), { recursive: true });
  if (!existsSync(file) || readFileSync(file, 'utf8') !== text) writeFileSync(file, text);
};
for (const locale of NATIVE_LOCALES) {
  if (locale !== 'en')
    writeIfChanged(
      `android/app/src/main/res/${androidValuesDir(locale)}/strings.xml`,
      androidLocaleStrings(locale, identity.name),
    );
  writeIfChanged(`ios/App/App/${iosLprojDir(locale)}/InfoPlist.strings`, iosInfoPlistStrings(identity.name));
}
console.log(`native: ${identity.name} (${identity.id}) loading ${config.server?.url ?? '?'}`);
