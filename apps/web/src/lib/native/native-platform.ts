/**
 * The Capacitor runtime as the page sees it: inside the iOS and Android apps the native bridge
 * defines `window.Capacitor` before any script runs, and each plugin, once registered by its
 * package (`registerPlugin` of @capacitor/core), sits at `Capacitor.Plugins[name]`. Everything the
 * web app does natively goes through here, which is also where tests put their fakes.
 */
interface CapacitorGlobal {
  isNativePlatform?: () => boolean;
  getPlatform?: () => string;
  Plugins?: Record<string, unknown>;
  /** One header per plugin the app binary holds, set by the native bridge before any script runs. */
  PluginHeaders?: ReadonlyArray<{ name: string }>;
}

function capacitor(): CapacitorGlobal | undefined {
  return (globalThis as { Capacitor?: CapacitorGlobal }).Capacitor;
}

/** True inside the store apps (iOS or Android), false in every browser, installed or not. */
export function isNativeApp(): boolean {
  return capacitor()?.isNativePlatform?.() === true;
}

/** 'ios' or 'android' inside the apps, null in a browser. */
export function nativePlatform(): 'ios' | 'android' | null {
  if (!isNativeApp()) return null;
  const platform = capacitor()?.getPlatform?.();
  return platform === 'ios' || platform === 'android' ? platform : null;
}

/**
 * A native plugin, or null in a browser. The plugin's package is loaded (its own chunk, never in a
 * browser's bundle) only when the bridge does not already hold it under that name.
 */
export async function nativePlugin<T>(name: string, load: () => Promise<T>): Promise<T | null> {
  if (!isNativeApp()) return null;
  const held = capacitor()?.Plugins?.[name];
  return held ? (held as T) : load();
}

/**
 * Whether the app binary holds the native plugin `name` (its bridge header, or the plugin itself on
 * the bridge). The apps load the hosted web app, so a newer page may run in an older app that lacks
 * a plugin added since: such a feature is then not offered, rather than failing when used.
 */
export function nativePluginAvailable(name: string): boolean {
  const bridge = capacitor();
  if (!isNativeApp() || !bridge) return false;
  return (
    bridge.PluginHeaders?.some((header) => header.name === name) === true ||
    bridge.Plugins?.[name] !== undefined
  );
}
