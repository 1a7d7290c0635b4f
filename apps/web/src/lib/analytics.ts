import type { AnalyticsEventName, AnalyticsEventParams, PlatformType } from '@onair/core';
import { isNativeApp } from './native/native-platform.ts';

export type { AnalyticsEventName, PlatformType };
export type AnalyticsEvents = AnalyticsEventParams;

/** Which app sent an event (spec §7). The native app wraps this same web build; platform_type tells them apart. */
export const ANALYTICS_APP_ID = 'onair-web';

/**
 * The product's analytics events (spec §7). Features call `track`; where the events go is decided
 * by the sinks registered at start-up (the server sink of analytics-sink.ts; tests register their
 * own). With no sink an event goes nowhere: analytics never affects a listener.
 */
export interface AnalyticsEvent {
  name: AnalyticsEventName;
  params: Record<string, string | number | boolean>;
  /** Carried by every event (spec §7). */
  app_id: string;
  platform_type: PlatformType;
  user_agent: string;
  time: number;
}

export type AnalyticsSink = (event: AnalyticsEvent) => void;

const sinks = new Set<AnalyticsSink>();
const pageHideHooks = new Set<() => void>();

/**
 * Runs `hook` when the page is being left, before the server sink sends its last beacon, so events
 * it tracks (a listening session ending) leave with it. Returns the function that removes it.
 */
export function beforePageHide(hook: () => void): () => void {
  pageHideHooks.add(hook);
  return () => pageHideHooks.delete(hook);
}

/** For the sink's pagehide: the hooks' last events, tracked now. */
export function runPageHideHooks(): void {
  for (const hook of pageHideHooks) {
    try {
      hook();
    } catch (error) {
      console.warn('analytics page-hide hook failed', error);
    }
  }
}

/** Adds a sink; returns the function that removes it. */
export function registerAnalyticsSink(sink: AnalyticsSink): () => void {
  sinks.add(sink);
  return () => sinks.delete(sink);
}

export function track<N extends AnalyticsEventName>(name: N, params: AnalyticsEvents[N]): void {
  if (privacySignalOn()) return;
  const event: AnalyticsEvent = {
    name,
    params,
    app_id: ANALYTICS_APP_ID,
    platform_type: platformType(),
    user_agent: navigator.userAgent,
    time: Date.now(),
  };
  for (const sink of sinks) {
    try {
      sink(event);
    } catch (error) {
      // Analytics errors are not user-visible (spec §8).
      console.warn('analytics sink failed', error);
    }
  }
}

/** Do-Not-Track or Global Privacy Control: the listener asked not to be counted, so nothing is. */
export function privacySignalOn(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  const legacy = (window as Window & { doNotTrack?: string | null }).doNotTrack;
  return nav.globalPrivacyControl === true || nav.doNotTrack === '1' || legacy === '1';
}

export function platformType(): PlatformType {
  if (isNativeApp()) return 'native_app';
  const standalone =
    window.matchMedia?.('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return standalone ? 'pwa' : 'web_browser';
}
