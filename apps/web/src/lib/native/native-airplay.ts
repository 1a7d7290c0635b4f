import type { PluginListenerHandle } from '@capacitor/core';
import { nativePlatform, nativePlugin, nativePluginAvailable } from './native-platform.ts';

/** The iOS app's own plugin (apps/native/ios/App/App/AirPlayPlugin.swift), by its bridge name. */
export const NATIVE_AIRPLAY_PLUGIN = 'AirPlay';

export interface AirPlayRoutes {
  /** A route besides this device (an AirPlay speaker or TV) is on the network. */
  available: boolean;
}

/** What AirPlayPlugin.swift offers the page. */
export interface NativeAirPlay {
  getRoutes(): Promise<AirPlayRoutes>;
  /** Opens the system's AirPlay route picker (AVRoutePickerView); the listener chooses there. */
  showRoutePicker(): Promise<void>;
  addListener(
    event: 'routesChanged',
    listener: (routes: AirPlayRoutes) => void,
  ): Promise<PluginListenerHandle>;
}

/**
 * AirPlay inside the iOS app, where the stream plays in the native player (AVPlayer), not in an
 * <audio> element Safari could hand over: null in a browser, in the Android app, and in an iOS app
 * built before the plugin existed (the apps load the hosted web app, so a newer page can meet an
 * older app).
 */
export async function loadNativeAirPlay(): Promise<NativeAirPlay | null> {
  if (nativePlatform() !== 'ios' || !nativePluginAvailable(NATIVE_AIRPLAY_PLUGIN)) return null;
  return nativePlugin<NativeAirPlay>(NATIVE_AIRPLAY_PLUGIN, async () => {
    const { registerPlugin } = await import('@capacitor/core');
    return registerPlugin<NativeAirPlay>(NATIVE_AIRPLAY_PLUGIN);
  });
}
