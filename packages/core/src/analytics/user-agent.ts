export type BrowserFamily = 'Chrome' | 'Edge' | 'Firefox' | 'Safari' | 'Samsung Internet' | 'Opera' | 'Other';
export type OsFamily = 'Android' | 'iOS' | 'Windows' | 'macOS' | 'ChromeOS' | 'Linux' | 'Other';
export type DeviceClass = 'mobile' | 'tablet' | 'desktop';

/** All that is kept of a user agent: three coarse families that identify nobody. */
export interface ReducedUserAgent {
  browser: BrowserFamily;
  os: OsFamily;
  device: DeviceClass;
}

// Order matters: Edge, Opera and Samsung Internet also say "Chrome"; Chrome also says "Safari".
const BROWSERS: readonly [RegExp, BrowserFamily][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const OSES: readonly [RegExp, OsFamily][] = [
  [/\bAndroid\b/, 'Android'],
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * Reduces a user agent to browser family, OS and device class before anything is stored: the version
 * numbers, build ids and device models that make a user agent a fingerprint are dropped here.
 */
export function reduceUserAgent(userAgent: string): ReducedUserAgent {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? 'Other';
  const os = OSES.find(([pattern]) => pattern.test(userAgent))?.[1] ?? 'Other';
  return { browser, os, device: deviceClass(userAgent, os) };
}

function deviceClass(userAgent: string, os: OsFamily): DeviceClass {
  if (/\biPad\b|\bTablet\b/.test(userAgent)) return 'tablet';
  // Android tablets leave "Mobile" out of their user agent; phones put it in.
  if (os === 'Android') return /\bMobile\b/.test(userAgent) ? 'mobile' : 'tablet';
  if (os === 'iOS' || /\bMobi/.test(userAgent)) return 'mobile';
  return 'desktop';
}
