import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { stationFileSchema } from '@onair/core';
import { describe, expect, it } from 'vitest';
import {
  androidLocaleStrings,
  androidValuesDir,
  iosInfoPlistStrings,
  iosLprojDir,
  NATIVE_LOCALES,
  NATIVE_TEXTS,
  pickNativeLocale,
} from './native-strings.ts';
import { offlinePage } from './offline-page.ts';
import { stationIdentity } from './station-identity.ts';

const nativeDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const read = (path: string) => readFileSync(resolve(nativeDir, path), 'utf8');
const KEYS = Object.keys(NATIVE_TEXTS.en).sort();

describe('the apps’ own texts', () => {
  it('has every key, filled in and translated, in every locale', () => {
    expect(Object.keys(NATIVE_TEXTS).sort()).toEqual([...NATIVE_LOCALES].sort());
    for (const locale of NATIVE_LOCALES) {
      expect(Object.keys(NATIVE_TEXTS[locale]).sort()).toEqual(KEYS);
      for (const key of KEYS) {
        const text = NATIVE_TEXTS[locale][key as keyof (typeof NATIVE_TEXTS)['en']];
        expect(text.trim()).not.toBe('');
        if (locale !== 'en') expect(text).not.toBe(NATIVE_TEXTS.en[key as keyof (typeof NATIVE_TEXTS)['en']]);
      }
    }
  });

  it.each([
    [['ga-IE', 'en-IE'], 'ga'],
    [['pt-BR'], 'pt-BR'],
    [['pt-PT'], 'pt-BR'],
    [['de-AT', 'en'], 'de'],
    [['FR-ca'], 'fr'],
    [['es-419'], 'es'],
    [['nl-NL', 'es-ES'], 'es'],
    [['nl-NL', 'ja'], 'en'],
    [[], 'en'],
  ])('picks a locale for the phone’s languages %j: %s', (languages, locale) => {
    expect(pickNativeLocale(languages, NATIVE_LOCALES)).toBe(locale);
  });
});

describe('the projects hold what prepare-native writes for the repository’s station', () => {
  const station = stationFileSchema.parse(JSON.parse(read('../../station.config.json')));
  const { name } = stationIdentity(station);

  it.each(NATIVE_LOCALES)(
    '%s: Android strings and iOS InfoPlist.strings, referenced by the projects',
    (locale) => {
      const android = read(`android/app/src/main/res/${androidValuesDir(locale)}/strings.xml`);
      if (locale === 'en') {
        expect(android).toContain(
          `<string name="audio_player_service_description">${NATIVE_TEXTS.en.audioService}</string>`,
        );
      } else {
        expect(android).toBe(androidLocaleStrings(locale, name));
        expect(android).toContain(NATIVE_TEXTS[locale].audioService);
      }
      // Every name the English file has that a translation must carry is in each translation.
      for (const key of ['app_name', 'title_activity_main', 'audio_player_service_description'])
        expect(android).toContain(`<string name="${key}">`);
      expect(read(`ios/App/App/${iosLprojDir(locale)}/InfoPlist.strings`)).toBe(iosInfoPlistStrings(name));
      expect(read('ios/App/App/Info.plist')).toMatch(
        new RegExp(`<key>CFBundleLocalizations</key>\\s*<array>[^]*<string>${locale}</string>[^]*</array>`),
      );
      expect(read('ios/App/App.xcodeproj/project.pbxproj')).toContain(
        `path = ${locale}.lproj/InfoPlist.strings;`,
      );
    },
  );

  it('escapes a name that would break the files', () => {
    expect(androidLocaleStrings('ga', `Tom's <FM> & "Co"`)).toContain(
      `<string name="app_name">Tom\\'s &lt;FM&gt; &amp; \\"Co\\"</string>`,
    );
    expect(iosInfoPlistStrings('Say "hi" \\ FM')).toContain(
      `"CFBundleDisplayName" = "Say \\"hi\\" \\\\ FM";`,
    );
  });
});

describe('the offline page', () => {
  const station = stationFileSchema.parse(JSON.parse(read('../../station.config.json')));

  /** Runs the page's script against a stand-in document and navigator; answers what it wrote. */
  function shownFor(languages: string[]) {
    const page = offlinePage(station, 'https://radio.example');
    const script = /<script>([^]*)<\/script>/.exec(page)?.[1];
    if (!script) throw new Error('the offline page has no script');
    const elements = [...page.matchAll(/data-text="(\w+)">([^<]*)</g)].map(([, key, text]) => ({
      key,
      textContent: text,
      getAttribute: () => key,
    }));
    const documentElement = { lang: /<html lang="(\w+)">/.exec(page)?.[1] };
    runInNewContext(script, {
      navigator: { languages, language: languages[0] },
      document: { documentElement, querySelectorAll: () => elements },
    });
    return {
      lang: documentElement.lang,
      texts: Object.fromEntries(elements.map((e) => [e.key, e.textContent])),
    };
  }

  it.each(NATIVE_LOCALES)('speaks %s to a phone set to it', (locale) => {
    expect(shownFor([locale])).toEqual({
      lang: locale,
      texts: { offline: NATIVE_TEXTS[locale].offline, tryAgain: NATIVE_TEXTS[locale].tryAgain },
    });
  });

  it('speaks Irish to an Irish phone, and English to one whose languages it does not ship', () => {
    expect(shownFor(['ga-IE', 'en-IE']).texts.offline).toBe(NATIVE_TEXTS.ga.offline);
    expect(shownFor(['ja-JP']).lang).toBe('en');
  });

  it('has English in its markup before the script runs', () => {
    const page = offlinePage(station, 'https://radio.example');
    expect(page).toContain(`>${NATIVE_TEXTS.en.tryAgain}</a>`);
    expect(page).toContain('<html lang="en">');
  });
});
