import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The committed projects are what the stores' tools build; if a regeneration drops one of these,
// the stream stops when the phone locks. Checked on the files, since neither Xcode nor Android
// Studio runs here.
const read = (path: string) => readFileSync(resolve(import.meta.dirname, '..', path), 'utf8');

describe('the committed native projects keep playing in the background', () => {
  it('iOS: Info.plist declares the audio background mode', () => {
    const plist = read('ios/App/App/Info.plist');
    const modes = /<key>UIBackgroundModes<\/key>\s*<array>([\s\S]*?)<\/array>/.exec(plist);
    expect(modes, 'UIBackgroundModes').not.toBeNull();
    expect(modes?.[1]).toMatch(/<string>audio<\/string>/);
  });

  it('Android: the manifest asks for the media-playback foreground service and declares it', () => {
    const manifest = read('android/app/src/main/AndroidManifest.xml');
    const permissions = [...manifest.matchAll(/<uses-permission android:name="([^"]+)"/g)].map((m) => m[1]);
    expect(permissions).toEqual(
      expect.arrayContaining([
        'android.permission.FOREGROUND_SERVICE',
        'android.permission.FOREGROUND_SERVICE_MEDIA_PLAYBACK',
        'android.permission.WAKE_LOCK',
      ]),
    );
    const services = [...manifest.matchAll(/<service\b([\s\S]*?)<\/service>/g)].map((m) => m[1] ?? '');
    const player = services.find((s) =>
      s.includes('us.mediagrid.capacitorjs.plugins.nativeaudio.AudioPlayerService'),
    );
    expect(player, 'the native player service').toBeDefined();
    expect(player).toMatch(/android:foregroundServiceType="mediaPlayback"/);
    expect(player).toMatch(/<action android:name="androidx.media3.session.MediaSessionService"\s*\/>/);
    // The service names its description string; a missing one fails the Android build.
    expect(read('android/app/src/main/res/values/strings.xml')).toMatch(
      /name="audio_player_service_description"/,
    );
  });

  it('iOS: the plugins come through Swift Package Manager, so no CocoaPods step is needed', () => {
    const pkg = read('ios/App/CapApp-SPM/Package.swift');
    expect(pkg).toMatch(/MediagridCapacitorNativeAudio/);
    expect(pkg).toMatch(/CapacitorLocalNotifications/);
  });
});
