import { stationFileSchema } from '@onair/core';
import { describe, expect, it } from 'vitest';
import { nativeAppConfig } from './native-config.ts';
import { offlinePage } from './offline-page.ts';
import {
  stationIdentity,
  withAndroidApplicationId,
  withAndroidStrings,
  withIosBundleId,
  withIosDisplayName,
} from './station-identity.ts';

const station = stationFileSchema.parse({
  name: 'Test & Co FM',
  shortName: "Tom's FM",
  tagline: 'Always <on>',
  timeZone: 'Europe/Dublin',
  social: {},
  theme: { background: '#101010', accent: '#ff00aa' },
  nativeApp: { id: 'ie.test.radio', url: 'https://radio.test/' },
});

describe('nativeAppConfig', () => {
  it('takes the id and name from the station file and loads the hosted app over https', () => {
    const config = nativeAppConfig(station, {});
    expect(config.appId).toBe('ie.test.radio');
    expect(config.appName).toBe("Tom's FM");
    expect(config.server).toEqual({ url: 'https://radio.test', errorPath: 'offline.html' });
    expect(config.plugins?.['SplashScreen']).toMatchObject({ backgroundColor: '#101010' });
    expect(config.plugins?.['StatusBar']).toMatchObject({ backgroundColor: '#101010' });
  });

  it('turns cleartext on only for an http development server', () => {
    expect(nativeAppConfig(station, { ONAIR_APP_URL: 'http://10.0.2.2:8080' }).server).toEqual({
      url: 'http://10.0.2.2:8080',
      errorPath: 'offline.html',
      cleartext: true,
    });
    expect(() => nativeAppConfig(station, { ONAIR_APP_URL: 'file:///etc' })).toThrow(/http/);
  });

  it('refuses a station without nativeApp, naming the field', () => {
    const { nativeApp: _dropped, ...rest } = station;
    expect(() => nativeAppConfig(rest, {})).toThrow(/nativeApp/);
  });
});

describe('the station identity written into the projects', () => {
  const id = stationIdentity(station);

  it('escapes the name for Android string resources and sets the store id', () => {
    const strings = withAndroidStrings(
      '<string name="app_name">Old</string><string name="title_activity_main">Old</string>' +
        '<string name="package_name">a.b</string><string name="custom_url_scheme">a.b</string>',
      id,
    );
    expect(strings).toBe(
      `<string name="app_name">Tom\\'s FM</string><string name="title_activity_main">Tom\\'s FM</string>` +
        '<string name="package_name">ie.test.radio</string><string name="custom_url_scheme">ie.test.radio</string>',
    );
    expect(withAndroidApplicationId('namespace "a.b"\n  applicationId "a.b"', id)).toBe(
      'namespace "a.b"\n  applicationId "ie.test.radio"',
    );
  });

  it('sets the iOS display name and both bundle ids', () => {
    expect(withIosDisplayName('<key>CFBundleDisplayName</key>\n  <string>Old</string>', id)).toBe(
      "<key>CFBundleDisplayName</key>\n  <string>Tom's FM</string>",
    );
    expect(withIosBundleId('PRODUCT_BUNDLE_IDENTIFIER = a.b;\nPRODUCT_BUNDLE_IDENTIFIER = a.b;', id)).toBe(
      'PRODUCT_BUNDLE_IDENTIFIER = ie.test.radio;\nPRODUCT_BUNDLE_IDENTIFIER = ie.test.radio;',
    );
  });

  it('fails loudly when a regenerated project no longer has the field', () => {
    expect(() => withAndroidApplicationId('android {}', id)).toThrow(/applicationId/);
  });
});

describe('offlinePage', () => {
  it('names the station (escaped) and links back to the hosted app', () => {
    const page = offlinePage(station, 'https://radio.test');
    expect(page).toContain('<h1>Test &amp; Co FM</h1>');
    expect(page).toContain('Always &lt;on&gt;');
    expect(page).toContain('<a href="https://radio.test" data-text="tryAgain">Try again</a>');
  });
});
