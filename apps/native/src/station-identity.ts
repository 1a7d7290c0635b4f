import type { StationFile } from '@onair/core';

/**
 * `cap sync` copies the web part and the plugins but never touches the app's name and id once the
 * projects exist. A white-label station edits station.config.json only, so these rewrite the few
 * places in the committed projects that carry them (pure text → text, each checked by a test).
 * The Java/Kotlin namespace stays as generated: Android's applicationId is what the store sees.
 */
export interface StationIdentity {
  id: string;
  name: string;
}

export function stationIdentity(station: StationFile): StationIdentity {
  if (!station.nativeApp)
    throw new Error('station config: nativeApp ({ "id", "url" }) is required to build the mobile apps');
  return { id: station.nativeApp.id, name: station.shortName ?? station.name };
}

const xmlText = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/'/g, "\\'")
    .replace(/"/g, '\\"');

function replaceOrThrow(text: string, pattern: RegExp, replacement: string, what: string): string {
  if (!pattern.test(text)) throw new Error(`${what} not found: the generated project changed shape`);
  return text.replace(pattern, replacement);
}

/** android/app/src/main/res/values/strings.xml */
export function withAndroidStrings(xml: string, { id, name }: StationIdentity): string {
  let out = xml;
  for (const [key, value] of [
    ['app_name', name],
    ['title_activity_main', name],
    ['package_name', id],
    ['custom_url_scheme', id],
  ] as const) {
    out = replaceOrThrow(
      out,
      new RegExp(`(<string name="${key}">)[^<]*(</string>)`),
      `$1${xmlText(value).replace(/\$/g, '$$$$')}$2`,
      `strings.xml ${key}`,
    );
  }
  return out;
}

/** android/app/build.gradle: the store id (the namespace of the Java sources is left alone). */
export function withAndroidApplicationId(gradle: string, { id }: StationIdentity): string {
  return replaceOrThrow(gradle, /(applicationId\s+")[^"]*(")/, `$1${id}$2`, 'build.gradle applicationId');
}

/** ios/App/App/Info.plist: the name under the icon. */
export function withIosDisplayName(plist: string, { name }: StationIdentity): string {
  const escaped = name
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\$/g, '$$$$');
  return replaceOrThrow(
    plist,
    /(<key>CFBundleDisplayName<\/key>\s*<string>)[^<]*(<\/string>)/,
    `$1${escaped}$2`,
    'Info.plist CFBundleDisplayName',
  );
}

/** ios/App/App.xcodeproj/project.pbxproj: the bundle id of the Debug and Release builds. */
export function withIosBundleId(pbxproj: string, { id }: StationIdentity): string {
  return replaceOrThrow(
    pbxproj,
    /(PRODUCT_BUNDLE_IDENTIFIER = )[^;]*(;)/g,
    `$1${id}$2`,
    'PRODUCT_BUNDLE_IDENTIFIER',
  );
}
